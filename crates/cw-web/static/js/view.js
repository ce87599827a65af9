// @ts-check
// Draws the play tab from the state: the board, the move counter, the
// buttons, the status line under the board, and the review panel.

import { drawBoard } from './board.js';
import { $, setText, status } from './dom.js';
import { blocksLeft } from './position.js';
import { renderReview } from './review.js';
import { S, gameOver, shown } from './state.js';

/**
 * What a finished game's status adds about its par: nothing until the par
 * search has answered.
 * @param {import('./state.js').Par | null} par
 * @param {number} n the game's moves
 */
export function parVerdict(par, n) {
  if (!par || !par.done) return '';
  if (!par.proven) return ` (best known ${par.par})`;
  const over = n - /** @type {number} */ (par.par);
  return over === 0 ? ' — par, an optimal game!' : ` — par is ${par.par}, ${over} over`;
}

/**
 * The status line under the board, or null to keep what it says. It
 * follows the position shown (a solver's animation, a review), except that
 * a finished game keeps its result, and a hint (or the search for one) its
 * text.
 * @param {import('./state.js').State} s
 * @param {number} left the blocks left at the move shown
 * @returns {string | null}
 */
export function statusText(s, left) {
  const n = s.moves.length;
  if (gameOver(s) && n > 0) {
    const verdict = parVerdict(s.par, n);
    return `Cleared in ${n} moves${verdict}${verdict.endsWith('!') ? '' : '.'}`;
  }
  if (s.hint || s.hintAbort) return null;
  return s.view === null ? `${left} blocks left.` : `${left} blocks left after move ${shown(s)}.`;
}

/** Draws the play tab. */
export function render() {
  if (!S.board || !S.pos) return;
  drawBoard();
  const k = shown();
  const left = blocksLeft(S.pos.cleared_at, k);
  setText($('moves'), String(k));
  const over = left === 0;
  for (let c = 0; c < S.board.colors; c++) {
    const btn = /** @type {HTMLButtonElement} */ ($(`color-${c}`));
    btn.disabled = over || S.view !== null || !!S.solving;
    btn.classList.toggle('hinted', S.hint !== null && S.hint.at === S.moves.length && S.hint.color === c && S.view === null);
  }
  const text = statusText(S, left);
  if (text !== null) status('status', text);
  renderReview();
}
