// @ts-check
// Draws the play tab from the state: the goal, the board, the move counter
// (with the move limit), the buttons (the region's color marked on a
// Flood-It board), the status line under the board, and the review panel.

import { drawBoard } from './board.js';
import { colorName, keyOf } from './colors.js';
import { $, setText, status } from './dom.js';
import { blocksLeft } from './position.js';
import { renderReview } from './review.js';
import { goalText, isFloodIt, limitCounter, lostText, regionAt } from './rules.js';
import { S, currentLimit, gameLost, gameOver, limitPending, shown } from './state.js';

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
  const limit = s.pos && s.pos.limit;
  if (gameLost(s) && limit) return lostText(limit.moves, s.pos && s.pos.blocks_left !== undefined ? s.pos.blocks_left : left);
  if (s.hint || s.hintAbort || s.clearable || s.clearableAbort) return null;
  const blocks = `${left} block${left === 1 ? '' : 's'} left`;
  if (s.view === null && limitPending(s)) return `${blocks}. The move limit waits for par: the first move waits too.`;
  return s.view === null ? `${blocks}.` : `${blocks} after move ${shown(s)}.`;
}

/**
 * The title of color button `c`: its color and key, and on a Flood-It
 * board whether it is the region's color (playing it is a wasted move).
 * @param {number} c
 * @param {number | null} region
 */
export function buttonTitle(c, region) {
  const title = `${colorName(c)}, key ${keyOf(c)}`;
  return c === region ? `${title}: the region's color now; playing it takes in nothing (a wasted move)` : title;
}

/** Draws the play tab. */
export function render() {
  if (!S.board || !S.pos) return;
  drawBoard();
  const k = shown();
  const left = blocksLeft(S.pos.cleared_at, k);
  const limit = currentLimit();
  setText($('moves'), String(k));
  setText($('limit'), limitCounter(limit));
  setText($('goal'), goalText(S.board, limit));
  const over = left === 0;
  const stuck = gameLost() || limitPending();
  const region = isFloodIt(S.board) ? regionAt(S.pos, k) : null;
  for (let c = 0; c < S.board.colors; c++) {
    const btn = /** @type {HTMLButtonElement} */ ($(`color-${c}`));
    btn.disabled = over || stuck || S.view !== null || !!S.solving;
    btn.classList.toggle('hinted', S.hint !== null && S.hint.at === S.moves.length && S.hint.color === c && S.view === null);
    btn.classList.toggle('region', c === region);
    const title = buttonTitle(c, region);
    if (btn.title !== title) btn.title = title;
  }
  const ask = /** @type {HTMLButtonElement} */ ($('clearable'));
  ask.hidden = !limit;
  ask.disabled = over || stuck || S.view !== null || !!S.solving;
  const text = statusText(S, left);
  if (text !== null) status('status', text, gameLost());
  renderReview();
}
