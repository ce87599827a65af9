// @ts-check
// The game's moves and modes, shared by the play buttons and the solver
// panel: setting the moves (the server draws every position of them, and
// says when a game with a move limit is lost), the move limit once par is
// known, the page's address, ending a hint or a solver's animation, and
// entering, leaving and moving through review.

import { addressOf } from './address.js';
import { api } from './api.js';
import { $, status } from './dom.js';
import { isPrefix, whoAfter } from './position.js';
import { interruptAnalysis, startAnalysis } from './review.js';
import { S, currentLimit } from './state.js';
import { render } from './view.js';

/**
 * The move limit to ask the server with: the game's, once it is known.
 * @returns {number | null}
 */
function limitMoves() {
  const l = currentLimit();
  return l ? l.moves : null;
}

/**
 * Replays `moves` on the server (with the game's move limit, once known);
 * `S.pos` then draws every prefix of them.
 * @param {number[]} moves
 */
export async function refresh(moves) {
  const board = S.board;
  if (!board) throw new Error('no board');
  const limit = limitMoves();
  /** @type {{ board: string, moves: number[], limit?: number }} */
  const req = { board: board.id, moves };
  if (limit !== null) req.limit = limit;
  const pos = await api('/api/play', req);
  // An answer about a board no longer shown (a new game or an address
  // opened meanwhile) would draw that board's position on this one.
  if (S.board !== board) throw superseded();
  S.pos = pos;
  S.known = moves.slice();
  S.posLimit = limit;
  return pos;
}

/**
 * The error of work whose board is no longer shown: named as an abort, so
 * that it is dropped as one (`playError`).
 */
export function superseded() {
  const e = new Error('another board is shown now');
  e.name = 'AbortError';
  return e;
}

/**
 * Sets the game's moves; `by` ('you' or a solver's spec) made the new ones.
 * @param {number[]} moves
 * @param {string} [by]
 */
export async function setMoves(moves, by = 'you') {
  if (!isPrefix(moves, S.known) || S.posLimit !== limitMoves()) await refresh(moves);
  S.who = whoAfter(S.moves, S.who, moves, by);
  S.moves = moves;
  // A review showing a move that is gone (cut to the limit) shows the last.
  if (S.view !== null && S.view > moves.length) S.view = moves.length;
  render();
  updateAddress();
}

/**
 * Plays on under the game's move limit once it is known (par has come):
 * asks for the position again with it. Moves past the limit (from an
 * address) are cut to it, and the status line says so.
 */
export async function applyLimit() {
  const limit = limitMoves();
  if (!S.board || limit === null || S.posLimit === limit || S.solving) { render(); return; }
  try {
    if (S.moves.length > limit) {
      const kept = S.moves.slice(0, limit);
      await setMoves(kept);
      status('status', `The moves so far passed the move limit of ${limit}: only the first ${limit} are kept.`, true);
    } else {
      await setMoves(S.moves);
    }
  } catch (e) { playError(e); }
}

/** Writes the game (board, limit rule, moves) into the page's address, to share or reopen. */
export function updateAddress() {
  if (!S.board) return;
  const address = addressOf({ board: S.board.id, limit: S.limitRule ? S.limitRule.text : null, moves: S.moves });
  if (location.hash !== address) history.replaceState(null, '', address);
}

/**
 * An error of play (a move, undo, restart, hint) goes on the status line
 * under the board; the next position drawn replaces it.
 * @param {unknown} e
 */
export function playError(e) {
  if (e instanceof Error && e.name === 'AbortError') return;
  status('status', e instanceof Error ? e.message : String(e), true);
}

/** Forgets the hint and the can-it-be-cleared answer, and stops the searches for them. */
export function clearHint() {
  if (S.hintAbort) S.hintAbort.abort();
  S.hintAbort = null;
  S.hint = null;
  if (S.clearableAbort) S.clearableAbort.abort();
  S.clearableAbort = null;
  S.clearable = null;
}

/** Stops a solver: its search on the server, or the drawing of its moves. */
export function stopSolver() {
  if (!S.solving) return;
  S.solving.abort.abort();
  clearTimeout(S.solving.timer);
  S.solving = null;
  status('solver-status', `Stopped after ${S.moves.length} moves.`);
  render();
  // The moves drawn so far are the game's: the address keeps them.
  updateAddress();
}

/** Review: the game's last position, the panel open, the analysis asked for. */
export function enterReview() {
  if (!S.board) return;
  stopSolver();
  clearHint();
  S.view = S.moves.length;
  /** @type {HTMLDetailsElement} */ ($('panel-review')).open = true;
  startAnalysis();
  render();
}

export function exitReview() {
  if (S.view === null) return;
  S.view = null;
  interruptAnalysis();
  render();
}

/**
 * Shows move `k` of the game in review (clamped to the game).
 * @param {number} k
 */
export function reviewGo(k) {
  if (S.view === null) return;
  S.view = Math.max(0, Math.min(S.moves.length, k));
  render();
}
