// @ts-check
// Color Walk web lab: the page's entry module. Plain JavaScript modules
// (js/), no build step. It plays Color Walk and Flood-It boards, with or
// without a move limit; the address (js/address.js) names the game.
//
// The server owns the rules: every position comes from POST /api/play,
// which says for each block the move that cleared it (`cleared_at`), so any
// earlier position of the game is drawn without asking again (undo, review,
// solver animation). Searches (solve, hint, par, analysis) run on the
// server; closing a request or an event stream cancels its search there.
//
// This module wires the page's controls to the modules and starts the page;
// the modules themselves do nothing when loaded.

import { parseAddress } from './js/address.js';
import { api } from './js/api.js';
import { addBatchSpec, fillBatch, startBatch, stopBatch } from './js/batch.js';
import { PALETTE_KEY } from './js/colors.js';
import { $, input, showError, status, watchErrors } from './js/dom.js';
import { applyLimit, enterReview, exitReview, playError, reviewGo, stopSolver } from './js/game.js';
import { onParDone } from './js/par.js';
import {
  applyLimitHere, checkClearable, clickColor, hint, keyCommand, loadBoard, newGame, restart, showSource, undo, usePalette,
} from './js/play.js';
import { compareRuns, loadRuns } from './js/runs.js';
import { fillSolvers, pickSolver, showSpeed, solve, step, typedSpec } from './js/solver.js';
import { S, shown } from './js/state.js';

/** The board shown when the address names none. */
const FIRST_BOARD = '30x20c5-k1';

/** @param {string} name play, batch or runs */
function showTab(name) {
  for (const t of document.querySelectorAll('.tab')) t.classList.toggle('active', /** @type {HTMLElement} */ (t).dataset.tab === name);
  for (const p of document.querySelectorAll('.tab-panel')) /** @type {HTMLElement} */ (p).hidden = p.id !== `tab-${name}`;
  if (name === 'runs') loadRuns();
}

/** @param {KeyboardEvent} e */
function onKey(e) {
  const t = /** @type {HTMLElement} */ (e.target).tagName;
  if (t === 'INPUT' || t === 'TEXTAREA' || t === 'SELECT' || e.ctrlKey || e.metaKey || e.altKey) return;
  if ($('tab-play').hidden) return;
  const cmd = keyCommand(e.key);
  if (cmd === null) return;
  if (typeof cmd === 'object') clickColor(cmd.play);
  else if (cmd === 'undo') undo();
  else if (cmd === 'restart') restart();
  else if (cmd === 'hint') hint();
  else if (cmd === 'clearable') checkClearable();
  else if (cmd === 'step') step();
  else if (cmd === 'back') reviewGo(shown() - 1);
  else reviewGo(shown() + 1);
  e.preventDefault();
}

/**
 * Calls `then` with the element under `e` that has `data-<name>`, and its value as a number.
 * @param {Event} e
 * @param {string} name
 * @param {(n: number) => void} then
 */
function onData(e, name, then) {
  const target = /** @type {Element} */ (e.target).closest(`[data-${name}]`);
  if (target) then(Number(/** @type {HTMLElement} */ (target).dataset[name]));
}

function wire() {
  for (const t of document.querySelectorAll('.tab')) {
    t.addEventListener('click', () => showTab(/** @type {HTMLElement} */ (t).dataset.tab || 'play'));
  }
  $('new-source').addEventListener('change', showSource);
  $('new-start').addEventListener('change', showSource);
  $('new-limit-kind').addEventListener('change', showSource);
  $('new-limit-apply').addEventListener('click', applyLimitHere);
  $('new-game').addEventListener('click', newGame);
  $('new-next').addEventListener('click', () => {
    input('new-series').value = String(Math.max(0, +input('new-series').value) + 1);
    newGame();
  });
  $('new-file').addEventListener('change', async () => {
    const f = input('new-file').files?.[0];
    if (f) input('new-text').value = await f.text();
  });
  // The color buttons are made anew for each board; their clicks come here.
  $('color-buttons').addEventListener('click', (e) => onData(e, 'color', clickColor));
  $('undo').addEventListener('click', undo);
  $('restart').addEventListener('click', restart);
  $('hint').addEventListener('click', hint);
  $('clearable').addEventListener('click', checkClearable);
  $('review').addEventListener('click', () => (S.view === null ? enterReview() : exitReview()));
  $('solver-pick').addEventListener('change', pickSolver);
  $('solver-spec').addEventListener('input', typedSpec);
  $('step').addEventListener('click', step);
  $('solve').addEventListener('click', solve);
  $('stop').addEventListener('click', stopSolver);
  $('speed').addEventListener('input', showSpeed);
  $('rv-first').addEventListener('click', () => reviewGo(0));
  $('rv-prev').addEventListener('click', () => reviewGo(shown() - 1));
  $('rv-next').addEventListener('click', () => reviewGo(shown() + 1));
  $('rv-last').addEventListener('click', () => reviewGo(S.moves.length));
  $('rv-exit').addEventListener('click', exitReview);
  $('rv-slider').addEventListener('input', () => reviewGo(+input('rv-slider').value));
  // A move of the list: review the game at that move.
  $('rv-moves').addEventListener('click', (e) => onData(e, 'move', (i) => {
    if (S.view === null) enterReview();
    reviewGo(i + 1);
  }));
  $('batch-add').addEventListener('click', addBatchSpec);
  $('batch-start').addEventListener('click', startBatch);
  $('batch-stop').addEventListener('click', stopBatch);
  $('runs-refresh').addEventListener('click', loadRuns);
  $('cmp-b').addEventListener('change', () => { $('cmp-b').dataset.touched = '1'; });
  $('cmp-go').addEventListener('click', compareRuns);
  $('cb-palette').addEventListener('change', () => usePalette(input('cb-palette').checked ? 'colorblind' : 'standard'));
  document.addEventListener('keydown', onKey);
  // A move limit of par plus a slack is known once par is.
  onParDone(applyLimit);
  watchErrors();
}

async function main() {
  wire();
  /** @type {string | null} */
  let saved = null;
  try { saved = localStorage.getItem(PALETTE_KEY); } catch { /* no storage: the standard colors */ }
  usePalette(saved === 'colorblind' ? 'colorblind' : 'standard');
  showSource();
  showSpeed();
  try {
    S.registry = await api('/api/solvers');
    const reg = /** @type {import('./js/state.js').Registry} */ (S.registry);
    document.documentElement.style.setProperty('--blank', reg.blank);
    fillSolvers();
    fillBatch();
  } catch (e) {
    status('status', `The lab did not load: ${e instanceof Error ? e.message : String(e)}`, true);
    return;
  }
  // The address names a game: a board, its move limit, the moves so far.
  const address = parseAddress(location.hash);
  /** @type {Record<string, unknown>} */
  const req = { source: 'id', id: address.board || FIRST_BOARD };
  if (address.limit !== null) req.limit = address.limit;
  let board;
  try {
    board = await api('/api/board', req);
  } catch (e) {
    // A bad board or limit in the address: the first board, and the error in the New game panel.
    try {
      await loadBoard(await api('/api/board', { source: 'id', id: FIRST_BOARD }));
      showError('new-error', `The page's address: ${e instanceof Error ? e.message : String(e)} (showing ${FIRST_BOARD} instead)`);
    } catch (e2) { playError(e2); }
    return;
  }
  await loadBoard(board, null, address.moves || []).catch(playError);
  if (address.error) showError('new-error', `The page's address: ${address.error}`);
}

main();
