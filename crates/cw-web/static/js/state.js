// @ts-check
// The page's one state object, `S`, and the questions every module asks of
// it. Modules change `S` and then redraw (view.js `render`); nothing else
// holds state, except what board.js and review.js remember of what they
// last drew.

import { PALETTES } from './colors.js';
import { isCleared } from './position.js';
import { resolveLimit } from './rules.js';

/**
 * A board as the server sends it (POST /api/board).
 * @typedef {object} Board
 * @property {string} id
 * @property {number} width
 * @property {number} height
 * @property {number} colors
 * @property {string} cells row-major: `.` for the blank block, then `0`-`9`, `a`-`f`
 * @property {string | null} [name]
 * @property {{ moves: number, proven: boolean } | null} [optimum]
 * @property {'color-walk' | 'flood-it'} [rules]
 * @property {number[]} [start] the start block, [row, column]
 * @property {number | null} [region] the region's color at the start (Flood-It)
 * @property {import('./rules.js').LimitRule | null} [limit] the move-limit rule asked for with it
 */

/**
 * A position (POST /api/play) of the moves it was asked for.
 * @typedef {object} Position
 * @property {import('./position.js').ClearedAt} cleared_at
 * @property {number} [n_moves]
 * @property {number} [blocks_left]
 * @property {number[]} [removed] blocks each move took in (0: a wasted move)
 * @property {number[] | null} [region] the region's color after 0, 1, … moves (Flood-It)
 * @property {{ moves: number, left: number, lost: boolean } | null} [limit] asked with a move limit
 */

/**
 * The answer of POST /api/clearable for the position after `at` moves.
 * @typedef {object} Clearable
 * @property {boolean | null} clearable
 * @property {number} left
 * @property {number | null} remaining
 * @property {boolean} proven
 * @property {number | null} lower_bound
 * @property {number} at
 */

/**
 * The par search so far (GET /api/par): empty while it starts, then its
 * bounds, then its answer (`done`); or when to try again.
 * @typedef {object} Par
 * @property {number} [lower]
 * @property {number | null} [upper]
 * @property {number} [time_ms]
 * @property {number} [par]
 * @property {boolean} [proven]
 * @property {number} [lower_bound]
 * @property {number[]} [moves]
 * @property {boolean} [done]
 * @property {number} [retryAt] when the next try starts (ms since the epoch)
 * @property {string} [error] the server's error: shown, not tried again
 */

/**
 * The optimal number of moves left after each move of one game (GET
 * /api/analysis), null where not known yet.
 * @typedef {object} Analysis
 * @property {string} key the board and moves analysed (`gameKey`)
 * @property {(number | null)[]} remaining
 * @property {boolean} done
 * @property {boolean} [complete]
 * @property {boolean} [failed]
 * @property {boolean} [stopped] left unfinished when the review was left
 */

/**
 * A hint (POST /api/hint) for the position after `at` moves.
 * @typedef {object} Hint
 * @property {number} color
 * @property {number} remaining
 * @property {boolean} proven
 * @property {number} at
 */

/**
 * A solver's parameter as the registry describes it.
 * @typedef {object} Param
 * @property {string} name
 * @property {string} doc
 * @property {string} default
 * @property {string} describe
 * @property {{ type: 'int', min: number, max: number } | { type: 'choice', values: string[] } | { type: 'bool' }} kind
 */

/**
 * GET /api/solvers.
 * @typedef {object} Registry
 * @property {{ name: string, summary: string, params: Param[] }[]} solvers
 * @property {{ name: string, spec: string, summary: string }[]} presets
 * @property {Record<string, unknown>} caps
 * @property {string} blank
 */

/**
 * Everything the page knows.
 * @typedef {object} State
 * @property {import('./colors.js').Palette} palette
 * @property {Registry | null} registry
 * @property {Board | null} board
 * @property {number[]} moves the game's moves
 * @property {string[]} who who made each move: 'you' or a solver's spec
 * @property {Position | null} pos the position of `known`, a list that starts with `moves`
 * @property {number[]} known
 * @property {number | null} posLimit the move limit `pos` was asked with
 * @property {import('./rules.js').LimitRule | null} limitRule the game's move-limit rule
 * @property {number | null} view in review, the move shown; null for the game
 * @property {Par | null} par
 * @property {EventSource | null} parES
 * @property {ReturnType<typeof setInterval> | undefined} parTimer
 * @property {ReturnType<typeof setTimeout> | undefined} parRetry
 * @property {number} parStart
 * @property {Analysis | null} analysis
 * @property {EventSource | null} analysisES
 * @property {Hint | null} hint
 * @property {AbortController | null} hintAbort
 * @property {Clearable | null} clearable
 * @property {AbortController | null} clearableAbort
 * @property {{ abort: AbortController, timer: ReturnType<typeof setTimeout> | undefined } | null} solving
 * @property {{ board: string, spec: string, canonical: string, from: number, line: number[] } | null} stepLine
 *   the line Step plays: the game's first `from` moves, then the solver's
 *   the solver's whole line (the game's moves, then its own) that Step plays from, one move a
 *   press; `spec` as typed, `canonical` as the server wrote it
 * @property {Promise<void>} playQueue clicks and keys, played in order
 * @property {ReturnType<typeof setTimeout> | undefined} checkTimer
 * @property {string[]} batchSpecs
 * @property {EventSource | null} batchES
 * @property {import('./runs.js').Run[]} runs the stored runs listed
 */

/** @returns {State} */
export function newState() {
  return {
    palette: PALETTES.standard, registry: null,
    board: null, moves: [], who: [], pos: null, known: [], posLimit: null, limitRule: null, view: null,
    par: null, parES: null, parTimer: undefined, parRetry: undefined, parStart: 0,
    analysis: null, analysisES: null,
    hint: null, hintAbort: null, clearable: null, clearableAbort: null,
    solving: null, stepLine: null, playQueue: Promise.resolve(), checkTimer: undefined,
    batchSpecs: [], batchES: null, runs: [],
  };
}

/** The page's state. */
export const S = newState();

/**
 * The move shown on the board (0 = the start): the game's last, or in
 * review the one picked.
 * @param {State} s
 */
export function shown(s = S) {
  return s.view === null ? s.moves.length : s.view;
}

/**
 * Whether the game's moves clear the board.
 * @param {State} s
 */
export function gameOver(s = S) {
  return s.pos !== null && isCleared(s.pos.cleared_at, s.moves.length);
}

/**
 * The game's move limit: its moves (null while par is searched) and how it
 * was set; null without one.
 * @param {State} s
 * @returns {import('./rules.js').Limit | null}
 */
export function currentLimit(s = S) {
  return resolveLimit(s.limitRule, s.par, s.board && s.board.optimum);
}

/**
 * Whether the game's moves ran out before they cleared the board, as the
 * server said for the game's moves and its limit.
 * @param {State} s
 */
export function gameLost(s = S) {
  const limit = s.pos && s.pos.limit;
  const now = currentLimit(s);
  return !!limit && limit.lost && s.moves.length === s.known.length
    && !!now && now.moves === limit.moves;
}

/**
 * Whether the game waits for par to know its move limit (no move is
 * played until then).
 * @param {State} s
 */
export function limitPending(s = S) {
  const l = currentLimit(s);
  return !!l && l.moves === null;
}

/**
 * Names a game: its board and moves.
 * @param {State} s
 */
export function gameKey(s = S) {
  return `${s.board ? s.board.id : ''}|${s.moves.join(',')}`;
}
