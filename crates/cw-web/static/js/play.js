// @ts-check
// Playing: moves by click and key, undo, restart, hints, a new board from
// the New game panel (or the page's address), and the palette.

import { api } from './api.js';
import { buildBoard, paintButtons } from './board.js';
import { PALETTES, PALETTE_KEY, colorName, colorOfKey, paletteNamed } from './colors.js';
import { clearError, input, showError, status } from './dom.js';
import { clearHint, enterReview, exitReview, playError, refresh, setMoves, stopSolver } from './game.js';
import { startPar } from './par.js';
import { S, gameOver } from './state.js';
import { render } from './view.js';

/**
 * What a key does on the play tab: a color to play, or a command; null for
 * keys the page leaves alone.
 * @param {string} key the `key` of a keyboard event
 * @returns {{ play: number } | 'undo' | 'restart' | 'hint' | 'step' | 'back' | 'forward' | null}
 */
export function keyCommand(key) {
  const c = colorOfKey(key);
  if (c !== null) return { play: c };
  switch (key) {
    case 'u': return 'undo';
    case 'r': return 'restart';
    case 'h': return 'hint';
    case 's': return 'step';
    case 'ArrowLeft': return 'back';
    case 'ArrowRight': return 'forward';
    default: return null;
  }
}

/**
 * The New game panel's fields, as typed.
 * @typedef {{ width: string, height: string, colors: string, seed: string, series: string,
 *             id: string, text: string }} NewGameForm
 */

/**
 * The request (POST /api/board) for board source `src` of the panel.
 * @param {string} src random, seed, series, id or text
 * @param {NewGameForm} f
 */
export function boardRequest(src, f) {
  const shape = { width: +f.width, height: +f.height, colors: +f.colors };
  switch (src) {
    case 'random': return { source: 'random', ...shape };
    case 'seed': return { source: 'id', id: `${shape.width}x${shape.height}c${shape.colors}-s${f.seed.trim()}` };
    case 'series': return { source: 'series', index: +f.series, ...shape };
    case 'id': return { source: 'id', id: f.id.trim() };
    default: return { source: 'text', text: f.text };
  }
}

/**
 * What a board's ID says for the panel: the shape and number of a series'
 * board (`30x20c5-k3`) or a seeded one (`-s42`); null for any other ID.
 * @param {string} id
 * @returns {{ width: string, height: string, colors: string, source: 'series' | 'seed', number: string } | null}
 */
export function idFields(id) {
  const m = /^(\d+)x(\d+)c(\d+)-([ks])(\d+)$/.exec(id);
  if (!m) return null;
  return { width: m[1], height: m[2], colors: m[3], source: m[4] === 'k' ? 'series' : 'seed', number: m[5] };
}

/**
 * The status of a hint.
 * @param {{ color: number, remaining: number, proven: boolean }} h
 */
export function hintText(h) {
  const how = h.proven ? 'optimal' : 'best found in the time budget';
  return `Hint: play ${colorName(h.color)}; ${h.remaining} moves to clear from here (${how}).`;
}

// ---------------------------------------------------------------- moves

/**
 * Plays color `c` after the moves clicked before it (one request at a time).
 * @param {number} c
 */
export function clickColor(c) {
  S.playQueue = S.playQueue.then(() => playColor(c));
}

/** @param {number} c */
async function playColor(c) {
  if (!S.board || S.solving || S.view !== null) return;
  if (c >= S.board.colors || gameOver()) return;
  try {
    clearHint();
    await setMoves([...S.moves, c], 'you');
    if (gameOver()) enterReview();
  } catch (e) { playError(e); }
}

export async function undo() {
  if (S.solving || S.moves.length === 0) return;
  exitReview();
  clearHint();
  await setMoves(S.moves.slice(0, -1)).catch(playError);
}

export async function restart() {
  if (S.solving) return;
  exitReview();
  clearHint();
  await setMoves([]).catch(playError);
}

export async function hint() {
  if (!S.board || S.solving || gameOver()) return;
  exitReview();
  clearHint();
  const abort = new AbortController();
  S.hintAbort = abort;
  const at = S.moves.length;
  status('status', 'Looking for an optimal move…');
  try {
    const h = await api('/api/hint', { board: S.board.id, moves: S.moves }, abort.signal);
    if (S.moves.length !== at) return;
    S.hint = { ...h, at };
    status('status', hintText(h));
    render();
  } catch (e) { playError(e); }
  finally { if (S.hintAbort === abort) S.hintAbort = null; }
}

// ---------------------------------------------------------------- boards

/** The input of the New game panel that a board source reads. */
const SOURCE_INPUT = /** @type {Record<string, string>} */ ({ seed: 'new-seed', series: 'new-series', id: 'new-id', text: 'new-text' });

/** A new game from the New game panel. */
export async function newGame() {
  clearError('new-error');
  const src = input('new-source').value;
  /** @type {NewGameForm} */
  const form = {
    width: input('new-width').value, height: input('new-height').value, colors: input('new-colors').value,
    seed: input('new-seed').value, series: input('new-series').value, id: input('new-id').value,
    text: input('new-text').value,
  };
  try {
    await loadBoard(await api('/api/board', boardRequest(src, form)), src);
  } catch (e) { showError('new-error', e, SOURCE_INPUT[src]); }
}

/**
 * Shows `board` (from source `src` of the New game panel, or from the
 * page's address when null) and sets the panel to say where it came from.
 * @param {import('./state.js').Board} board
 * @param {string | null} [src]
 */
export async function loadBoard(board, src = null) {
  stopSolver();
  exitReview();
  clearHint();
  S.board = board;
  S.moves = []; S.who = []; S.known = []; S.pos = null;
  buildBoard();
  showSourceOf(board, src);
  await refresh([]);
  render();
  startPar();
  history.replaceState(null, '', `#${encodeURIComponent(board.id)}`);
}

/** Shows the inputs of the board source picked. */
export function showSource() {
  const src = input('new-source').value;
  for (const e of document.querySelectorAll('.src')) {
    /** @type {HTMLElement} */ (e).hidden = !e.classList.contains(`src-${src}`);
  }
}

/**
 * Sets the New game panel to the board shown: a series' board or a seeded
 * one fills its number and shape, any board its ID. A board the panel made
 * keeps the panel's source (a random board stays "random", so that New game
 * draws another), one from the address takes its own.
 * @param {import('./state.js').Board} board
 * @param {string | null} src
 */
function showSourceOf(board, src) {
  const f = idFields(board.id);
  if (f) {
    input('new-width').value = f.width;
    input('new-height').value = f.height;
    input('new-colors').value = f.colors;
    input(f.source === 'series' ? 'new-series' : 'new-seed').value = f.number;
  }
  if (src !== 'text') input('new-id').value = board.id;
  input('new-source').value = src || (f ? f.source : 'id');
  showSource();
  clearError('new-error');
}

// ---------------------------------------------------------------- palette

/**
 * Draws with palette `name` and remembers it.
 * @param {string} name
 */
export function usePalette(name) {
  S.palette = paletteNamed(name);
  input('cb-palette').checked = S.palette === PALETTES.colorblind;
  try { localStorage.setItem(PALETTE_KEY, name); } catch { /* private mode: not remembered */ }
  if (S.board) { paintButtons(); render(); }
}
