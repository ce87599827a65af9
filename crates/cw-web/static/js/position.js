// @ts-check
// Positions of a game, from the server's answer to POST /api/play: for each
// block the move that cleared it (`cleared_at`: 0 for the start region, the
// move's number from 1, null while it keeps its color). Move k of the game
// shows block i blank (Color Walk) or in the region (Flood-It) exactly when
// cleared_at[i] <= k. Pure.

/** @typedef {(number | null)[]} ClearedAt */

/**
 * A position as drawn: the clearing moves of the game and the move shown.
 * @typedef {{ at: ClearedAt, k: number }} Shown
 */

/**
 * Whether block `i` is blank after move `k`.
 * @param {ClearedAt} at
 * @param {number} i
 * @param {number} k
 */
export function isBlank(at, i, k) {
  const m = at[i];
  return m !== null && m <= k;
}

/**
 * The blocks that keep a color after move `k`.
 * @param {ClearedAt} at
 * @param {number} k
 */
export function blocksLeft(at, k) {
  let left = 0;
  for (let i = 0; i < at.length; i++) if (!isBlank(at, i, k)) left++;
  return left;
}

/**
 * Whether move `k` leaves the board blank.
 * @param {ClearedAt} at
 * @param {number} k
 */
export function isCleared(at, k) {
  return blocksLeft(at, k) === 0;
}

/**
 * The blocks drawn differently in position `to` than in `from`: those blank
 * in one and colored in the other. A move forward gives the blocks it
 * cleared, a step back those it gives back; positions of two different
 * games (an undo, then another move) compare block by block.
 * @param {Shown} from
 * @param {Shown} to
 * @returns {number[]}
 */
export function changedCells(from, to) {
  /** @type {number[]} */
  const changed = [];
  if (from.at === to.at) {
    // One game: only blocks cleared by a move between the two differ.
    const lo = Math.min(from.k, to.k), hi = Math.max(from.k, to.k);
    if (lo === hi) return changed;
    const at = to.at;
    for (let i = 0; i < at.length; i++) {
      const m = at[i];
      if (m !== null && m > lo && m <= hi) changed.push(i);
    }
    return changed;
  }
  for (let i = 0; i < to.at.length; i++) {
    if (isBlank(from.at, i, from.k) !== isBlank(to.at, i, to.k)) changed.push(i);
  }
  return changed;
}

/**
 * Whether the moves `a` begin the moves `b`.
 * @param {number[]} a
 * @param {number[]} b
 */
export function isPrefix(a, b) {
  return a.length <= b.length && a.every((m, i) => m === b[i]);
}

/**
 * Who made each move after the game's moves went from `before` to `after`:
 * the moves both share keep their player, `by` made the rest.
 * @param {number[]} before
 * @param {string[]} who who made each move of `before`
 * @param {number[]} after
 * @param {string} by
 * @returns {string[]}
 */
export function whoAfter(before, who, after, by) {
  let same = 0;
  while (same < after.length && same < before.length && after[same] === before[same]) same++;
  return [...who.slice(0, same), ...new Array(after.length - same).fill(by)];
}

/**
 * Who played the first `n` moves, in turns: 'you, then greedy', say.
 * @param {string[]} who
 * @param {number} n
 */
export function playedBy(who, n) {
  /** @type {string[]} */
  const turns = [];
  for (const w of who.slice(0, n)) if (turns[turns.length - 1] !== w) turns.push(w);
  return turns.join(', then ');
}

/**
 * The sides of block `i` (in the region after move `k`) where the region
 * ends: the classes `et`, `er`, `eb`, `el` (top, right, bottom, left) for
 * each neighbor that is outside the region, so that drawing them outlines
 * the region. The board's own edge is no side of the region here.
 * @param {ClearedAt} at
 * @param {number} k
 * @param {number} i
 * @param {number} width
 * @returns {string} ' et er' and so on, or ''
 */
export function regionEdges(at, k, i, width) {
  const n = at.length;
  const x = i % width;
  let edges = '';
  if (i >= width && !isBlank(at, i - width, k)) edges += ' et';
  if (x + 1 < width && !isBlank(at, i + 1, k)) edges += ' er';
  if (i + width < n && !isBlank(at, i + width, k)) edges += ' eb';
  if (x > 0 && !isBlank(at, i - 1, k)) edges += ' el';
  return edges;
}

/**
 * The blocks `cells` and their neighbors, each once: the blocks whose
 * outline may change when `cells` join or leave the region.
 * @param {number[]} cells
 * @param {number} width
 * @param {number} n the board's blocks
 * @returns {number[]}
 */
export function withNeighbors(cells, width, n) {
  /** @type {Set<number>} */
  const out = new Set();
  for (const i of cells) {
    out.add(i);
    const x = i % width;
    if (i >= width) out.add(i - width);
    if (i + width < n) out.add(i + width);
    if (x > 0) out.add(i - 1);
    if (x + 1 < width) out.add(i + 1);
  }
  return [...out];
}
