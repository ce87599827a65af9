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
import { $, clearError, input, showError, status, watchErrors } from './js/dom.js';
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

/** Where the open tab is kept for a reload of the same browser tab. */
const TAB_KEY = 'colorwalk.tab';

/** @param {string} name play, batch or runs */
function showTab(name) {
  for (const t of document.querySelectorAll('.tab')) t.classList.toggle('active', /** @type {HTMLElement} */ (t).dataset.tab === name);
  for (const p of document.querySelectorAll('.tab-panel')) /** @type {HTMLElement} */ (p).hidden = p.id !== `tab-${name}`;
  if (name === 'runs') loadRuns();
  try { sessionStorage.setItem(TAB_KEY, name); } catch { /* no storage: a reload opens Play */ }
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
  // Enter in a one-line field does what its panel's main button does.
  /** @type {[string[], () => unknown][]} */
  const onEnter = [
    [['new-width', 'new-height', 'new-colors', 'new-seed', 'new-series', 'new-id', 'new-fseed',
      'new-start-row', 'new-start-col', 'new-limit-n'], newGame],
    [['solver-spec'], solve],
    [['batch-spec'], addBatchSpec],
  ];
  for (const [ids, act] of onEnter) {
    for (const id of ids) {
      $(id).addEventListener('keydown', (e) => {
        if (/** @type {KeyboardEvent} */ (e).key === 'Enter') { e.preventDefault(); act(); }
      });
    }
  }
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
  await openAddress(location.hash);
  // A reload keeps the tab that was open.
  /** @type {string | null} */
  let tab = null;
  try { tab = sessionStorage.getItem(TAB_KEY); } catch { /* no storage */ }
  if (tab === 'batch' || tab === 'runs') showTab(tab);
  // An address typed or pasted into the open page, or Back to an earlier
  // game, opens that game (the page's own changes to the address do not
  // fire this).
  window.addEventListener('hashchange', () => { openAddress(location.hash); });
}

/**
 * Opens the game an address names: a board, its move limit, the moves so
 * far. What cannot be used is left out and said in the New game panel, and
 * the rest is kept: a bad limit keeps the board, a bad board shows the
 * first one (without the address's moves, which were another board's),
 * moves past a limit of N moves (a number, or par once known) are cut to N
 * (by `loadBoard`).
 * @param {string} hash
 */
async function openAddress(hash) {
  const address = parseAddress(hash);
  /** @type {string[]} */
  const notes = address.error ? [address.error] : [];
  /** @param {unknown} e */
  const said = (e) => (e instanceof Error ? e.message : String(e));
  /** @type {Record<string, unknown>} */
  const req = { source: 'id', id: address.board || FIRST_BOARD };
  let board;
  let ownMoves = true;
  try {
    board = await api('/api/board', address.limit === null ? req : { ...req, limit: address.limit });
  } catch (e) {
    try {
      if (address.limit === null) throw e;
      board = await api('/api/board', req);
      notes.push(`${said(e)} (the board is shown without it)`);
    } catch (e2) {
      try {
        board = await api('/api/board', { source: 'id', id: FIRST_BOARD });
        ownMoves = false;
        // The address's moves and limit were the other board's: both go.
        const dropped = [address.moves && address.moves.length ? 'the moves' : '', address.limit !== null ? 'the move limit' : '']
          .filter((w) => w).join(' and ');
        notes.push(`${said(e2)} (showing ${FIRST_BOARD} instead${dropped ? `, without ${dropped}` : ''})`);
      } catch (e3) { playError(e3); return; }
    }
  }
  // loadBoard cuts moves past the move limit (a number, or par once known).
  const moves = ownMoves ? address.moves || [] : [];
  clearError('new-error');
  await loadBoard(board, null, moves).catch(playError);
  if (notes.length) {
    // After what loadBoard said of the moves, if anything.
    const box = $('new-error');
    const before = box.hidden ? '' : ` ${box.textContent}`;
    showError('new-error', `The page's address: ${notes.join('; ')}.${before}`);
  }
}

main();
