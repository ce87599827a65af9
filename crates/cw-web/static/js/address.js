// @ts-check
// The page's address: the board, its move-limit rule and the moves so far
// travel in the fragment, so that a game can be shared and opened again:
// `#board=14x14c6-f3&limit=par+2&moves=3,1,4`. An address of the earlier
// form, `#30x20c5-k1`, names only a board. Pure: the server checks what the
// address says (the board ID, the limit rule, the moves) when the page asks
// for them.

/** The parts an address may have. */
export const ADDRESS_KEYS = ['board', 'limit', 'moves'];

/**
 * What an address says: a board ID, a limit rule's text and moves, each
 * null when absent; `error` says what in it could not be read (the rest is
 * still used).
 * @typedef {{ board: string | null, limit: string | null, moves: number[] | null, error: string | null }} Address
 */

/**
 * Writes a part of the address: percent-encoded, except for the characters
 * that board IDs and limits use and that a fragment may hold as they are.
 * @param {string} text
 */
function encodePart(text) {
  return encodeURIComponent(text)
    .replace(/%3A/g, ':').replace(/%40/g, '@').replace(/%2C/g, ',').replace(/%2B/g, '+');
}

/**
 * The address of a game.
 * @param {{ board: string, limit?: string | null, moves?: number[] }} game
 */
export function addressOf({ board, limit, moves }) {
  const parts = [`board=${encodePart(board)}`];
  if (limit) parts.push(`limit=${encodePart(limit)}`);
  if (moves && moves.length) parts.push(`moves=${moves.join(',')}`);
  return `#${parts.join('&')}`;
}

/**
 * Reads an address's fragment (with or without its `#`).
 * @param {string} hash
 * @returns {Address}
 */
export function parseAddress(hash) {
  /** @type {Address} */
  const out = { board: null, limit: null, moves: null, error: null };
  const text = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!text) return out;
  /** @type {string[]} */
  const errors = [];
  /** @param {string} s */
  const decode = (s) => {
    try { return decodeURIComponent(s); } catch { errors.push(`'${s}' is not valid percent-encoding`); return null; }
  };
  if (!text.includes('=')) {
    out.board = decode(text);
    out.error = errors[0] || null;
    return out;
  }
  /** @type {Set<string>} */
  const seen = new Set();
  for (const part of text.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const key = eq < 0 ? part : part.slice(0, eq);
    const value = decode(eq < 0 ? '' : part.slice(eq + 1));
    if (value === null) continue;
    if (!ADDRESS_KEYS.includes(key)) {
      errors.push(`unknown part '${key}' (expected ${ADDRESS_KEYS.join(', ')})`);
      continue;
    }
    if (seen.has(key)) { errors.push(`'${key}' is given twice`); continue; }
    seen.add(key);
    if (key === 'board') {
      if (value.trim()) out.board = value.trim();
      else errors.push('board: expected a board ID');
    } else if (key === 'limit') {
      out.limit = value;
    } else {
      const moves = parseMoves(value);
      if (moves) out.moves = moves;
      else errors.push(`moves '${value.length > 40 ? `${value.slice(0, 40)}…` : value}': expected color numbers from 0, such as 3,1,4`);
    }
  }
  if (errors.length) out.error = errors.join('; ');
  return out;
}

/**
 * Color numbers from 0 apart by commas (`3,1,4`), or null when the text is
 * not such a list; '' is no moves.
 * @param {string} text
 * @returns {number[] | null}
 */
export function parseMoves(text) {
  const t = text.trim();
  if (!t) return [];
  const parts = t.split(',').map((p) => p.trim());
  if (!parts.every((p) => /^\d{1,2}$/.test(p))) return null;
  return parts.map(Number);
}
