// @ts-check
// The two rule sets and the move limit, in words and numbers. Pure: the
// server plays the moves and says what they did (the region's color after
// each move, whether a limited game is lost, whether a position can still
// be cleared); this module only names and counts what it said.

/**
 * A move-limit rule as the server gave it back (POST /api/board `limit`).
 * @typedef {{ kind: 'par', slack: number, text: string } | { kind: 'moves', moves: number, text: string }} LimitRule
 */

/**
 * A move limit on the board shown: its moves (null while par is not known
 * yet) and how it was set, in words.
 * @typedef {{ moves: number | null, how: string }} Limit
 */

/**
 * Whether a board is played by the Flood-It rules.
 * @param {{ rules?: string } | null} board
 */
export function isFloodIt(board) {
  return !!board && board.rules === 'flood-it';
}

/**
 * The move limit of `rule` on a board: a fixed number, or par plus the
 * slack once par is known (from the par search, or the optimum a board
 * file gave); null without a rule.
 * @param {LimitRule | null | undefined} rule
 * @param {import('./state.js').Par | null} par the par search
 * @param {{ moves: number, proven: boolean } | null | undefined} optimum the board's known optimum
 * @returns {Limit | null}
 */
export function resolveLimit(rule, par, optimum) {
  if (!rule) return null;
  if (rule.kind === 'moves') return { moves: rule.moves, how: `${rule.moves} moves` };
  const plus = rule.slack ? ` + ${rule.slack}` : '';
  /** @type {number | null} */
  let known = null;
  let word = 'par';
  if (par && par.done && typeof par.par === 'number') {
    known = par.par;
    if (!par.proven) word = 'best known';
  } else if (optimum && optimum.proven) {
    known = optimum.moves;
  }
  if (known === null) return { moves: null, how: `par${plus} (waiting for the par search)` };
  return { moves: known + rule.slack, how: `${word} ${known}${plus}` };
}

/**
 * The text of the limit beside the move counter: ` / 21`, ` / …` while
 * par is searched, '' without a limit.
 * @param {Limit | null} limit
 */
export function limitCounter(limit) {
  if (!limit) return '';
  return limit.moves === null ? ' / …' : ` / ${limit.moves}`;
}

/**
 * The goal line above the board.
 * @param {{ rules?: string, start?: number[] } | null} board
 * @param {Limit | null} limit
 */
export function goalText(board, limit) {
  const within = limit ? (limit.moves === null
    ? ' within the move limit (par is being searched)'
    : ` within ${limit.moves} moves (${limit.how})`) : ' in as few moves as possible';
  if (isFloodIt(board)) {
    return `Goal: flood the whole board${within}. Your region starts at the ringed block, with every block of its color joined to it, and is outlined; `
      + 'each move gives it a color and takes in every group of that color it touches. Playing its own color takes in nothing and still counts.';
  }
  const start = board && board.start && (board.start[0] !== 0 || board.start[1] !== 0) ? '' : ' in the top-left';
  const limited = limit ? ` The game is lost if the moves run out first.` : '';
  return `Goal: clear the board${within}. `
    + `You start at the grey block${start}; each move clears the blocks of one color that touch your grey area.${limited}`;
}

/**
 * The status of a game whose moves ran out.
 * @param {number} moves the limit
 * @param {number} left blocks left
 */
export function lostText(moves, left) {
  const blocks = left === 1 ? '1 block is' : `${left} blocks are`;
  return `Out of moves: all ${moves} are used and ${blocks} left. You lost; undo or restart to try again.`;
}

/**
 * What a position's can-it-be-cleared answer (POST /api/clearable) says.
 * @param {{ clearable: boolean | null, left: number, remaining: number | null, proven: boolean, lower_bound: number | null }} a
 */
export function clearableText(a) {
  const movesLeft = `${a.left} move${a.left === 1 ? ' is' : 's are'} left`;
  if (a.clearable === true) {
    if (a.remaining === 0) return 'The board is clear.';
    // Asked whether the moves left suffice, the search stops at the first
    // line that fits: it need not be the shortest.
    const how = a.proven ? 'at best' : 'not necessarily the fewest';
    return `Yes: ${a.remaining} moves clear the board from here (${how}), and ${movesLeft}.`;
  }
  if (a.clearable === false) {
    if (a.left === 0) return 'No: no moves are left.';
    return `No: the board needs at least ${a.lower_bound} more moves, and ${movesLeft}.`;
  }
  return `Unknown: the search ran out of time (at least ${a.lower_bound} more moves are needed, the best line found takes ${a.remaining}; ${movesLeft}).`;
}

/**
 * The region's color after move `k`, from the server's position (null on a
 * Color Walk board, or past the moves it answered for).
 * @param {import('./state.js').Position | null} pos
 * @param {number} k
 * @returns {number | null}
 */
export function regionAt(pos, k) {
  if (!pos || !pos.region) return null;
  const c = pos.region[k];
  return c === undefined ? null : c;
}

/**
 * The block at the middle of a board (row, column), as the server's
 * "centre" start: row `height / 2`, column `width / 2`, rounded down.
 * @param {number} width
 * @param {number} height
 */
export function centre(width, height) {
  return [Math.floor(height / 2), Math.floor(width / 2)];
}
