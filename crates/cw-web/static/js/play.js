// @ts-check
// Playing: moves by click and key, undo, restart, hints, whether a game
// with a move limit can still be won, a new board from the New game panel
// (or the page's address), and the palette.

import { api } from './api.js';
import { buildBoard, paintButtons } from './board.js';
import { KEYS, PALETTES, PALETTE_KEY, colorName, colorOfKey, paletteNamed } from './colors.js';
import { clearError, input, showError, status } from './dom.js';
import { lastSeriesBoard, wholeNumberProblem } from './fields.js';
import { clearHint, enterReview, exitReview, playError, refresh, setMoves, stopSolver, updateAddress } from './game.js';
import { startPar, stopPar } from './par.js';
import { checkSpec } from './solver.js';
import { centre, clearableText } from './rules.js';
import { S, currentLimit, gameLost, gameOver, limitPending } from './state.js';
import { render } from './view.js';

/**
 * What a key does on the play tab: a color to play, or a command; null for
 * keys the page leaves alone.
 * @param {string} key the `key` of a keyboard event
 * @returns {{ play: number } | 'undo' | 'restart' | 'hint' | 'clearable' | 'step' | 'back' | 'forward' | null}
 */
export function keyCommand(key) {
  const c = colorOfKey(key);
  if (c !== null) return { play: c };
  switch (key) {
    case 'u': return 'undo';
    case 'r': return 'restart';
    case 'h': return 'hint';
    case 'l': return 'clearable';
    case 's': return 'step';
    case 'ArrowLeft': return 'back';
    case 'ArrowRight': return 'forward';
    default: return null;
  }
}

/**
 * The New game panel's fields, as typed. `start` is corner, centre or
 * cell (`startRow`, `startCol`); `fseed` the Flood-It seed ('' for a
 * random one); `limitKind` none, par (plus `limitN` moves) or moves
 * (`limitN` moves).
 * @typedef {{ width: string, height: string, colors: string, seed: string, series: string,
 *             id: string, text: string, start?: string, startRow?: string, startCol?: string,
 *             fseed?: string, limitKind?: string, limitN?: string }} NewGameForm
 */

/**
 * The move-limit rule of the panel, as the server reads it: `par`,
 * `par+N`, `N`; null for none.
 * @param {string | undefined} kind none, par or moves
 * @param {string | undefined} n
 * @returns {string | null}
 */
export function limitText(kind, n) {
  const v = (n || '').trim() || '0';
  if (kind === 'par') return v === '0' ? 'par' : `par+${v}`;
  if (kind === 'moves') return v;
  return null;
}

/**
 * What is wrong with the New game panel's fields for board source `src`,
 * before anything is sent: a message and the input it concerns, or null.
 * Numbers are whole and in range here, so the server's answer never has to
 * be about JSON types.
 * @param {string} src random, seed, series, floodit, id or text
 * @param {NewGameForm} f
 * @returns {{ message: string, input: string } | null}
 */
export function newGameProblem(src, f) {
  /** @type {({ message: string, input: string } | null)[]} */
  const checks = [];
  if (src === 'random' || src === 'seed' || src === 'series' || src === 'floodit') {
    checks.push(
      wholeNumberProblem(f.width, 'The width', 2, 100, 'new-width'),
      wholeNumberProblem(f.height, 'The height', 2, 100, 'new-height'),
      wholeNumberProblem(f.colors, 'The color count', 2, KEYS.length, 'new-colors'),
    );
  }
  if (src === 'series') {
    const last = lastSeriesBoard(f.width, f.height) || Number.MAX_SAFE_INTEGER;
    checks.push(wholeNumberProblem(f.series, 'The board number', 1, last, 'new-series'));
  }
  if (src === 'floodit') {
    if ((f.fseed || '').trim() !== '') checks.push(wholeNumberProblem(f.fseed || '', 'The seed', 0, Number.MAX_SAFE_INTEGER, 'new-fseed'));
    if (f.start === 'cell') {
      checks.push(wholeNumberProblem(f.startRow || '', 'The start row', 0, Math.max(0, +f.height - 1), 'new-start-row'),
        wholeNumberProblem(f.startCol || '', 'The start column', 0, Math.max(0, +f.width - 1), 'new-start-col'));
    }
  }
  if (f.limitKind === 'par' && (f.limitN || '').trim() !== '') {
    checks.push(wholeNumberProblem(f.limitN || '', 'The slack over par', 0, 10000, 'new-limit-n'));
  } else if (f.limitKind === 'moves') {
    checks.push(wholeNumberProblem(f.limitN || '', 'The move limit', 1, 10000, 'new-limit-n'));
  }
  return checks.find((c) => c !== null) || null;
}

/**
 * The request (POST /api/board) for board source `src` of the panel, with
 * the panel's move limit.
 * @param {string} src random, seed, series, floodit, id or text
 * @param {NewGameForm} f
 */
export function boardRequest(src, f) {
  const limit = limitText(f.limitKind, f.limitN);
  return limit === null ? boardSource(src, f) : { ...boardSource(src, f), limit };
}

/**
 * @param {string} src
 * @param {NewGameForm} f
 * @returns {Record<string, unknown>}
 */
function boardSource(src, f) {
  const shape = { width: +f.width, height: +f.height, colors: +f.colors };
  switch (src) {
    case 'random': return { source: 'random', ...shape };
    case 'seed': return { source: 'id', id: `${shape.width}x${shape.height}c${shape.colors}-s${f.seed.trim()}` };
    case 'series': return { source: 'series', index: +f.series, ...shape };
    case 'floodit': {
      /** @type {Record<string, unknown>} */
      const req = { source: 'floodit', ...shape };
      if (f.start === 'centre') req.start = 'centre';
      else if (f.start === 'cell') req.start = [+(f.startRow || 0), +(f.startCol || 0)];
      const seed = (f.fseed || '').trim();
      if (seed) req.seed = +seed;
      return req;
    }
    case 'id': return { source: 'id', id: f.id.trim() };
    default: return { source: 'text', text: f.text };
  }
}

/**
 * What a board's ID says for the panel: the shape and number of a series'
 * board (`30x20c5-k3`), a seeded one (`-s42`) or a seeded Flood-It one
 * (`-f7`, with its start: `corner`, `centre` or the `cell` at `row`,
 * `col`); null for any other ID.
 * @param {string} id
 * @returns {{ width: string, height: string, colors: string, source: 'series' | 'seed' | 'floodit', number: string,
 *             start: string, row: string, col: string } | null}
 */
export function idFields(id) {
  const m = /^(\d+)x(\d+)c(\d+)(?:@(\d+),(\d+))?-([ksf])(\d+)$/.exec(id);
  if (!m) return null;
  const [, width, height, colors, row = '0', col = '0', kind, number] = m;
  if (kind !== 'f' && m[4] !== undefined) return null;
  const source = kind === 'k' ? 'series' : kind === 's' ? 'seed' : 'floodit';
  const [cr, cc] = centre(+width, +height);
  const start = +row === 0 && +col === 0 ? 'corner' : +row === cr && +col === cc ? 'centre' : 'cell';
  return { width, height, colors, source, number, start, row, col };
}

/**
 * The status of a hint: what stopped a search that did not prove its line
 * is the server's `stopped` (`memory`, else the time budget).
 * @param {{ color: number, remaining: number, proven: boolean, stopped?: string | null }} h
 */
export function hintText(h) {
  const how = h.proven ? 'optimal'
    : h.stopped === 'memory' ? 'best found within the memory share' : 'best found in the time budget';
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
  if (c >= S.board.colors || gameOver() || gameLost() || limitPending()) return;
  try {
    clearHint();
    await setMoves([...S.moves, c], 'you');
    if (gameOver()) enterReview();
  } catch (e) { playError(e); }
}

/**
 * Takes back the last move, after the moves clicked before it: undo and
 * restart wait in the same queue as moves, so `1 2 3 u` typed faster than
 * the server answers leaves two moves, not three.
 */
export function undo() {
  S.playQueue = S.playQueue.then(async () => {
    if (S.solving || S.moves.length === 0) return;
    exitReview();
    clearHint();
    await setMoves(S.moves.slice(0, -1)).catch(playError);
  });
  return S.playQueue;
}

/** Goes back to the start, after the moves clicked before (see `undo`). */
export function restart() {
  S.playQueue = S.playQueue.then(async () => {
    if (S.solving) return;
    exitReview();
    clearHint();
    await setMoves([]).catch(playError);
  });
  return S.playQueue;
}

/**
 * The next move of an optimal continuation, from the position after the
 * moves clicked or typed before it (`1 h` asks after 1). It does not wait
 * in the move queue itself: a move played while it searches cancels it.
 */
export async function hint() {
  await S.playQueue;
  if (!S.board || S.solving || gameOver() || gameLost()) return;
  exitReview();
  clearHint();
  const abort = new AbortController();
  S.hintAbort = abort;
  const { board, moves } = S;
  const at = moves.length;
  status('status', 'Looking for an optimal move…');
  try {
    const h = await api('/api/hint', { board: board.id, moves }, abort.signal);
    if (S.board !== board || S.moves !== moves) return;
    S.hint = { ...h, at };
    status('status', hintText(h));
    render();
  } catch (e) { playError(e); }
  finally { if (S.hintAbort === abort) S.hintAbort = null; }
}

/**
 * Asks the exact solver whether the position (after the moves clicked or
 * typed before, as `hint`) can still be cleared within the moves the limit
 * leaves.
 */
export async function checkClearable() {
  await S.playQueue;
  const limit = currentLimit();
  if (!S.board || S.solving || !limit || limit.moves === null || gameOver()) return;
  exitReview();
  clearHint();
  const abort = new AbortController();
  S.clearableAbort = abort;
  const { board, moves } = S;
  const at = moves.length;
  status('status', `Asking the exact solver whether ${limit.moves - at} moves can still clear the board…`);
  try {
    const a = await api('/api/clearable', { board: board.id, moves, limit: limit.moves }, abort.signal);
    if (S.board !== board || S.moves !== moves) return;
    S.clearable = { ...a, at };
    status('status', clearableText(a), a.clearable === false);
    render();
  } catch (e) { playError(e); }
  finally { if (S.clearableAbort === abort) S.clearableAbort = null; }
}

// ---------------------------------------------------------------- boards

/** The input of the New game panel that a board source reads. */
const SOURCE_INPUT = /** @type {Record<string, string>} */ ({ seed: 'new-seed', series: 'new-series', id: 'new-id', text: 'new-text' });

/** The New game panel's fields. */
function newGameForm() {
  /** @type {NewGameForm} */
  const form = {
    width: input('new-width').value, height: input('new-height').value, colors: input('new-colors').value,
    seed: input('new-seed').value, series: input('new-series').value, id: input('new-id').value,
    text: input('new-text').value, start: input('new-start').value, startRow: input('new-start-row').value,
    startCol: input('new-start-col').value, fseed: input('new-fseed').value,
    limitKind: input('new-limit-kind').value, limitN: input('new-limit-n').value,
  };
  return form;
}

/**
 * The input an error of the New game panel concerns.
 * @param {string} src
 * @param {unknown} e
 */
function errorInput(src, e) {
  const msg = e instanceof Error ? e.message : String(e);
  if (msg.startsWith('limit')) return 'new-limit-n';
  if (msg.startsWith('start')) return 'new-start';
  return SOURCE_INPUT[src] || null;
}

/** A new game from the New game panel. */
export async function newGame() {
  clearError('new-error');
  const src = input('new-source').value;
  const form = newGameForm();
  const problem = newGameProblem(src, form);
  if (problem) { showError('new-error', problem.message, problem.input); return; }
  try {
    const board = await api('/api/board', boardRequest(src, form));
    // A new entry in the history, so that Back returns to the game before.
    history.pushState(null, '', location.hash);
    await loadBoard(board, src);
  } catch (e) { showError('new-error', e, errorInput(src, e)); }
}

/** The board shown, again from the start, with the panel's move limit. */
export async function applyLimitHere() {
  if (!S.board) return;
  clearError('new-error');
  const f = newGameForm();
  // Only the limit's own field concerns this board (source 'id' checks
  // nothing else of the panel).
  const problem = newGameProblem('id', f);
  if (problem) { showError('new-error', problem.message, problem.input); return; }
  const limit = limitText(f.limitKind, f.limitN);
  try {
    const board = await api('/api/board', { source: 'id', id: S.board.id, limit: limit || 'none' });
    // The board keeps what the panel said of it (its name, its optimum).
    await loadBoard({ ...S.board, limit: board.limit }, input('new-source').value);
  } catch (e) { showError('new-error', e, errorInput('id', e)); }
}

/**
 * Shows `board` (from source `src` of the New game panel, or from the
 * page's address when null) and sets the panel to say where it came from;
 * then plays `moves` (from the address), if any: moves past the move limit
 * (once it is known) are cut to it, the moves before a bad one are kept,
 * and the panel says what was left out. A board shown meanwhile (another
 * new game, another address) wins: this one then stops quietly.
 * @param {import('./state.js').Board} board
 * @param {string | null} [src]
 * @param {number[]} [moves]
 */
export async function loadBoard(board, src = null, moves = []) {
  // The same board again (its limit applied, Back to it) keeps its par
  // search, finished or under way, rather than starting it over.
  const keepPar = !!S.board && S.board.id === board.id && !!S.par && (!!S.par.done || !!S.parES);
  if (!keepPar) stopPar();
  stopSolver();
  exitReview();
  clearHint();
  const colorsBefore = S.board ? S.board.colors : null;
  S.board = board;
  S.limitRule = board.limit || null;
  S.stepLine = null;
  S.analysis = null;
  // The solver's last words were about the board before; its spec is
  // checked again where the number of colors changed what it allows.
  status('solver-status', '');
  if (colorsBefore !== board.colors && input('solver-spec').value) checkSpec();
  if (!keepPar) S.par = null;
  S.moves = []; S.who = []; S.known = []; S.pos = null; S.posLimit = null;
  buildBoard();
  showSourceOf(board, src);
  try {
    await refresh([]);
  } catch (e) {
    // Another board came meanwhile: it is the one shown.
    if (e instanceof Error && e.name === 'AbortError') return;
    throw e;
  }
  // Moves past the move limit, once it is known (a number, or par from the
  // board's known optimum or a par search kept), are cut to it.
  const limit = currentLimit();
  /** @type {string[]} */
  const notes = [];
  if (limit && limit.moves !== null && moves.length > limit.moves) {
    notes.push(`${moves.length} moves pass the limit of ${limit.moves}: only the first ${limit.moves} are kept`);
    moves = moves.slice(0, limit.moves);
  }
  if (moves.length) {
    try { await setMoves(moves); } catch (e) {
      if (e instanceof Error && e.name === 'AbortError') return;
      const said = e instanceof Error ? e.message : String(e);
      // The moves before the first bad one are kept.
      const bad = /\bmove (\d+)\b/.exec(said);
      const keep = bad ? Math.min(+bad[1] - 1, moves.length) : 0;
      let kept = '';
      if (keep > 0) {
        try { await setMoves(moves.slice(0, keep)); kept = ` (the ${keep} before it are kept)`; } catch { /* none kept */ }
      }
      notes.push(`${said}${kept}`);
    }
  }
  if (notes.length) showError('new-error', `The address's moves: ${notes.join('; ')}`);
  render();
  if (!keepPar) startPar();
  updateAddress();
  // A finished game (from an address, a reload) opens in review, as it
  // does when its last move is played.
  if (moves.length && gameOver()) enterReview();
}

/** Shows the inputs of the board source picked, and of the Flood-It start. */
export function showSource() {
  const src = input('new-source').value;
  for (const e of document.querySelectorAll('.src')) {
    /** @type {HTMLElement} */ (e).hidden = !e.classList.contains(`src-${src}`);
  }
  const cell = input('new-start').value === 'cell';
  for (const e of document.querySelectorAll('.start-cell')) /** @type {HTMLElement} */ (e).hidden = !cell;
  input('new-limit-n').hidden = input('new-limit-kind').value === 'none';
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
    if (f.source === 'floodit') {
      input('new-start').value = f.start;
      input('new-start-row').value = f.row;
      input('new-start-col').value = f.col;
      // A random Flood-It board stays random: New game draws another.
      if (src !== 'floodit' || input('new-fseed').value.trim()) input('new-fseed').value = f.number;
    } else {
      input(f.source === 'series' ? 'new-series' : 'new-seed').value = f.number;
    }
  }
  const rule = board.limit;
  input('new-limit-kind').value = rule ? rule.kind : 'none';
  input('new-limit-n').value = rule ? String(rule.kind === 'par' ? rule.slack : rule.moves) : '0';
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
