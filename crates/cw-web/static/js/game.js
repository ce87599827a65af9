// @ts-check
// The game's moves and modes, shared by the play buttons and the solver
// panel: setting the moves (the server draws every position of them),
// ending a hint or a solver's animation, and entering, leaving and moving
// through review.

import { api } from './api.js';
import { $, status } from './dom.js';
import { isPrefix, whoAfter } from './position.js';
import { startAnalysis, stopAnalysis } from './review.js';
import { S } from './state.js';
import { render } from './view.js';

/**
 * Replays `moves` on the server; `S.pos` then draws every prefix of them.
 * @param {number[]} moves
 */
export async function refresh(moves) {
  if (!S.board) throw new Error('no board');
  const pos = await api('/api/play', { board: S.board.id, moves });
  S.pos = pos;
  S.known = moves.slice();
  return pos;
}

/**
 * Sets the game's moves; `by` ('you' or a solver's spec) made the new ones.
 * @param {number[]} moves
 * @param {string} [by]
 */
export async function setMoves(moves, by = 'you') {
  if (!isPrefix(moves, S.known)) await refresh(moves);
  S.who = whoAfter(S.moves, S.who, moves, by);
  S.moves = moves;
  render();
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

/** Forgets the hint, and stops the search for one. */
export function clearHint() {
  if (S.hintAbort) S.hintAbort.abort();
  S.hintAbort = null;
  S.hint = null;
}

/** Stops a solver: its search on the server, or the drawing of its moves. */
export function stopSolver() {
  if (!S.solving) return;
  S.solving.abort.abort();
  clearTimeout(S.solving.timer);
  S.solving = null;
  status('solver-status', `Stopped after ${S.moves.length} moves.`);
  render();
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
  stopAnalysis();
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
