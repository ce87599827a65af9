// Color Walk web lab. Plain JavaScript, no build step.
//
// The server owns the rules: every position comes from POST /api/play,
// which says for each block the move that cleared it (`cleared_at`), so any
// earlier position of the game is drawn without asking again (undo, review,
// solver animation). Searches (solve, hint, par, analysis) run on the
// server; closing a request or an event stream cancels its search there.
'use strict';

const $ = (id) => document.getElementById(id);
const el = (tag, attrs = {}, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const kid of kids) e.append(kid);
  return e;
};

const S = {
  palette: null, blank: '#d9d9d9', caps: {}, registry: null,
  board: null,        // {id, width, height, colors, cells, optimum}
  moves: [],          // the game's moves
  who: [],            // who made each move: 'you' or a solver spec
  pos: null,          // /api/play answer for `known` (a list that starts with `moves`)
  known: [],          // the moves `pos` was computed for
  cells: [],          // the board's block elements
  view: null,         // review: the move shown, or null for the game
  par: null,          // {lower, upper, par, proven, moves, done} or {retryAt}
  parES: null, parTimer: null, parRetry: null, parStart: 0,
  analysis: null,     // remaining moves after each position (review)
  analysisES: null,
  hint: null, hintAbort: null,
  solving: null,      // {abort, timer} while a solver plays
};

// The block colors. `standard` keeps the series' five button colors and adds
// eleven chosen to stay apart from them, from each other and from the blank
// grey (at least 20 in CIEDE2000 between any two; the palette the server
// serves, which the page used before, has pairs within 12). `colorblind`
// starts with the eight of Okabe and Ito, in the order that keeps the first
// five furthest apart under protanopia, deuteranopia and tritanopia; colors
// 9 to 16 are Paul Tol's muted ones and carry a dot, so the dot and not the
// hue tells the two groups apart. Colors from `marked` on have the dot.
const PALETTES = {
  standard: {
    colors: ['#14b19f', '#0e274e', '#ec5257', '#6c2275', '#f9ac00', '#7ab929', '#7cc4f2', '#8b4a1c',
      '#f7a1c4', '#2e5fd6', '#8a8a8a', '#f2e632', '#1e6b35', '#d12fa8', '#9b1b3a', '#8a7a10'],
    marked: 16,
  },
  colorblind: {
    colors: ['#0072b2', '#d55e00', '#f0e442', '#56b4e9', '#000000', '#cc79a7', '#009e73', '#e69f00',
      '#332288', '#117733', '#cc6677', '#ddcc77', '#999933', '#88ccee', '#44aa99', '#882255'],
    marked: 8,
  },
};
const PALETTE_KEY = 'colorwalk.palette';

// The key of each color, also written on its button: 1 to 9, 0, then a to f.
const KEYS = '1234567890abcdef';

// ---------------------------------------------------------------- helpers

async function api(path, body, signal) {
  const opts = body === undefined ? { signal } :
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body), signal };
  const res = await fetch(path, opts);
  const data = await res.json().catch(() => ({ error: `HTTP ${res.status}` }));
  if (!res.ok) throw new Error(data.error || `HTTP ${res.status}`);
  return data;
}

// Errors are shown next to what they concern: in `box`, an element under
// the inputs, with `input` (if any) marked. The next success clears it
// (`clearError`), and so does an edit in any element that `data-for` of the
// box lists (a panel: any of its inputs).
function showError(box, err, input = null) {
  if (err && err.name === 'AbortError') return;
  clearError(box);
  if (!err) return;
  $(box).textContent = String(err.message || err);
  $(box).hidden = false;
  if (input) {
    $(input).classList.add('invalid');
    $(box).dataset.marked = input;
  }
}

function clearError(box) {
  const b = $(box);
  b.textContent = '';
  b.hidden = true;
  const input = b.dataset.marked;
  delete b.dataset.marked;
  // The input stays marked while another box still has an error about it.
  if (input && !document.querySelector(`.field-error[data-marked="${input}"]`)) $(input).classList.remove('invalid');
}

function watchErrors() {
  for (const box of document.querySelectorAll('.field-error')) {
    clearError(box.id);
    for (const id of (box.dataset.for || '').split(' ')) {
      // Capture: a panel hears its inputs' edits whether or not they bubble.
      for (const on of ['input', 'change']) if (id) $(id).addEventListener(on, () => clearError(box.id), true);
    }
  }
}

function status(id, text, bad = false) {
  $(id).textContent = text;
  $(id).classList.toggle('bad', bad);
}

const colorOf = (c) => S.palette.colors[c] || '#000';
const keyOf = (c) => KEYS[c] || '';
// How the page names a color: its number, and its key when that differs.
const colorName = (c) => (c < 9 ? `color ${c + 1}` : `color ${c + 1} (key ${keyOf(c)})`);

// Whether a color is light (dark ink reads on it) by its relative luminance.
function isLight(hex) {
  const v = parseInt(hex.slice(1), 16);
  const lin = (x) => { x /= 255; return x <= 0.04045 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * lin(v >> 16) + 0.7152 * lin((v >> 8) & 255) + 0.0722 * lin(v & 255) > 0.18;
}

// Classes for color `c`: `mark` draws its dot, `dark-ink` makes the dot and
// the key dark on a light color.
const inkOf = (c) => (isLight(colorOf(c)) ? ' dark-ink' : '');
const markOf = (c) => (c < S.palette.marked ? '' : ` mark${inkOf(c)}`);

function usePalette(name) {
  S.palette = PALETTES[name] || PALETTES.standard;
  $('cb-palette').checked = S.palette === PALETTES.colorblind;
  try { localStorage.setItem(PALETTE_KEY, name); } catch (e) { /* private mode: not remembered */ }
  if (S.board) { paintButtons(); render(); }
}

const fmt = (x, d = 2) => (x === null || x === undefined) ? '–' : (typeof x === 'number' ? x.toFixed(d) : x);

// ---------------------------------------------------------------- board

function buildBoard() {
  const b = S.board;
  const size = Math.max(4, Math.min(20, Math.floor(800 / b.width), Math.floor(600 / b.height)));
  const board = $('board');
  board.style.setProperty('--block', `${size}px`);
  board.style.gridTemplateColumns = `repeat(${b.width}, ${size}px)`;
  board.replaceChildren();
  S.cells = [];
  for (let i = 0; i < b.cells.length; i++) {
    const d = el('div', { class: 'b', 'data-i': String(i) });
    S.cells.push(d);
    board.append(d);
  }
  const buttons = $('color-buttons');
  buttons.replaceChildren();
  for (let c = 0; c < b.colors; c++) {
    const btn = el('button', { id: `color-${c}`, title: `${colorName(c)}, key ${keyOf(c)}` }, el('span', { text: keyOf(c) }));
    btn.addEventListener('click', () => clickColor(c));
    buttons.append(btn);
  }
  paintButtons();
  $('board-id').textContent = b.id;
  $('board-id').title = b.id;
}

// Colors the buttons in the current palette, each with its key in ink that reads on it.
function paintButtons() {
  for (let c = 0; c < S.board.colors; c++) {
    const btn = $(`color-${c}`);
    btn.style.backgroundColor = colorOf(c);
    btn.className = `color-btn${c < S.palette.marked ? '' : ' mark'}${inkOf(c)}`;
  }
}

// The move (0 = start) shown on the board.
const shown = () => (S.view === null ? S.moves.length : S.view);

function render() {
  const b = S.board;
  if (!b || !S.pos) return;
  const k = shown();
  const at = S.pos.cleared_at;
  const cls = [], bg = [];
  for (let c = 0; c < b.colors; c++) { cls.push(`b${markOf(c)}`); bg.push(colorOf(c)); }
  let left = 0;
  for (let i = 0; i < S.cells.length; i++) {
    const blank = at[i] !== null && at[i] <= k;
    const d = S.cells[i];
    const c = parseInt(b.cells[i], 16);
    d.className = blank ? 'b blank' : cls[c];
    d.style.backgroundColor = blank ? '' : bg[c];
    if (!blank) left++;
  }
  $('moves').textContent = String(k);
  const over = left === 0;
  for (let c = 0; c < b.colors; c++) {
    const btn = $(`color-${c}`);
    btn.disabled = over || S.view !== null || !!S.solving;
    btn.classList.toggle('hinted', S.hint !== null && S.hint.at === S.moves.length && S.hint.color === c && S.view === null);
  }
  // The status line follows the position shown (a solver's animation, a
  // review), except that a finished game keeps its result and a hint its text.
  if (gameOver() && S.moves.length > 0) {
    status('status', `Cleared in ${S.moves.length} moves${parText()}.`);
  } else if (!S.hint && !S.hintAbort) {
    status('status', S.view === null ? `${left} blocks left.` : `${left} blocks left after move ${k}.`);
  }
  renderReview();
}

function parText() {
  const p = S.par;
  if (!p || !p.done) return '';
  const d = S.moves.length - p.par;
  if (!p.proven) return ` (best known ${p.par})`;
  return d === 0 ? ' — par, an optimal game!' : ` — par is ${p.par}, ${d} over`;
}

// Replays `moves` on the server; `pos` then draws every prefix of them.
async function refresh(moves) {
  const pos = await api('/api/play', { board: S.board.id, moves });
  S.pos = pos;
  S.known = moves.slice();
  return pos;
}

const isPrefix = (a, b) => a.length <= b.length && a.every((m, i) => m === b[i]);

// Sets the game's moves; `by` ('you' or a solver spec) made the new ones.
async function setMoves(moves, by) {
  if (!isPrefix(moves, S.known)) await refresh(moves);
  let same = 0;
  while (same < moves.length && same < S.moves.length && moves[same] === S.moves[same]) same++;
  S.who = [...S.who.slice(0, same), ...new Array(moves.length - same).fill(by)];
  S.moves = moves;
  render();
}

// Who played the game so far: 'you, then greedy', say.
function playedBy() {
  const runs = [];
  for (const w of S.who.slice(0, S.moves.length)) if (runs[runs.length - 1] !== w) runs.push(w);
  return runs.join(', then ');
}

// An error of play (a move, undo, restart, hint) goes on the status line,
// under the board; the next position drawn replaces it.
function playError(e) {
  if (e.name !== 'AbortError') status('status', e.message, true);
}

// ---------------------------------------------------------------- play

// Clicks and keys are played in order, one request at a time.
let playQueue = Promise.resolve();

function clickColor(c) {
  playQueue = playQueue.then(() => playColor(c));
}

async function playColor(c) {
  if (!S.board || S.solving || S.view !== null) return;
  if (c >= S.board.colors || gameOver()) return;
  try {
    clearHint();
    await setMoves([...S.moves, c], 'you');
    if (gameOver()) enterReview();
  } catch (e) { playError(e); }
}

function gameOver() {
  const at = S.pos.cleared_at;
  const k = S.moves.length;
  return at.every((m) => m !== null && m <= k);
}

async function undo() {
  if (S.solving || S.moves.length === 0) return;
  exitReview();
  clearHint();
  await setMoves(S.moves.slice(0, -1)).catch(playError);
}

async function restart() {
  if (S.solving) return;
  exitReview();
  clearHint();
  await setMoves([]).catch(playError);
}

// The input of the New game panel that a board source reads.
const SOURCE_INPUT = { seed: 'new-seed', series: 'new-series', id: 'new-id', text: 'new-text' };

async function newGame() {
  clearError('new-error');
  const src = $('new-source').value;
  const shape = { width: +$('new-width').value, height: +$('new-height').value, colors: +$('new-colors').value };
  let req;
  if (src === 'random') req = { source: 'random', ...shape };
  else if (src === 'seed') {
    const seed = $('new-seed').value.trim();
    req = { source: 'id', id: `${shape.width}x${shape.height}c${shape.colors}-s${seed}` };
  } else if (src === 'series') req = { source: 'series', index: +$('new-series').value, ...shape };
  else if (src === 'id') req = { source: 'id', id: $('new-id').value.trim() };
  else req = { source: 'text', text: $('new-text').value };
  try {
    await loadBoard(await api('/api/board', req), src);
  } catch (e) { showError('new-error', e, SOURCE_INPUT[src]); }
}

// Shows `board` (from source `src` of the New game panel, or from the
// page's address when null) and sets the panel to say where it came from.
async function loadBoard(board, src = null) {
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

// Sets the New game panel to the board shown: a series' board (`-k3`) or a
// seeded one (`-s42`) fills its number and shape, any board its ID. A board
// the panel made keeps the panel's source (a random board stays "random",
// so that New game draws another), one from the address takes its own.
function showSourceOf(board, src) {
  const m = /^(\d+)x(\d+)c(\d+)-([ks])(\d+)$/.exec(board.id);
  if (m) {
    $('new-width').value = m[1];
    $('new-height').value = m[2];
    $('new-colors').value = m[3];
    $(m[4] === 'k' ? 'new-series' : 'new-seed').value = m[5];
  }
  if (src !== 'text') $('new-id').value = board.id;
  $('new-source').value = src || (m ? (m[4] === 'k' ? 'series' : 'seed') : 'id');
  showSource();
  clearError('new-error');
}

// ---------------------------------------------------------------- par

function stopPar() {
  if (S.parES) S.parES.close();
  S.parES = null;
  clearInterval(S.parTimer);
  clearTimeout(S.parRetry);
}

const PAR_RETRY_MAX_S = 30;

function showPar() {
  const p = S.par;
  const secs = (t) => Math.max(0, Math.round(t / 1000));
  let text = '–';
  if (p && p.done) text = p.proven ? `${p.par}` : `≤ ${p.par} (search stopped; ≥ ${p.lower_bound})`;
  else if (p && p.retryAt) text = `unavailable (server busy?); retrying in ${Math.max(1, Math.ceil((p.retryAt - Date.now()) / 1000))} s`;
  else if (p) {
    const took = `searching… ${secs(Date.now() - S.parStart)} s`;
    const budget = p.time_ms ? ` of at most ${secs(p.time_ms)} s` : '';
    const bounds = p.upper == null ? `≥ ${p.lower}` : `${p.lower}–${p.upper}`;
    text = p.lower !== undefined ? `${bounds}, ${took}${budget}` : took;
  }
  $('par').textContent = text;
}

// Asks for the board's par: the elapsed time ticks until the bounds come,
// then the bounds, then the par. When the search cannot start (the server
// is busy) or its stream breaks, it tries again after 1, 2, 4 … seconds, at
// most 30 between tries.
function startPar(attempt = 0) {
  stopPar();
  const id = S.board.id;
  S.par = {};
  S.parStart = Date.now();
  showPar();
  const es = new EventSource(`/api/par?board=${encodeURIComponent(id)}`);
  S.parES = es;
  S.parTimer = setInterval(showPar, 1000);
  es.addEventListener('bounds', (e) => {
    attempt = 0;
    Object.assign(S.par, JSON.parse(e.data));
    showPar();
  });
  es.addEventListener('done', (e) => {
    Object.assign(S.par, JSON.parse(e.data), { done: true });
    stopPar();
    showPar();
    render();
  });
  es.onerror = () => {
    if (S.parES !== es) return;
    stopPar();
    if (S.par.done) return;
    const wait = Math.min(PAR_RETRY_MAX_S, 2 ** attempt) * 1000;
    S.par = { retryAt: Date.now() + wait };
    S.parRetry = setTimeout(() => startPar(attempt + 1), wait);
    S.parTimer = setInterval(showPar, 250);
    showPar();
    renderReview();
  };
}

// ---------------------------------------------------------------- hint

function clearHint() {
  if (S.hintAbort) S.hintAbort.abort();
  S.hintAbort = null;
  S.hint = null;
}

async function hint() {
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
    const how = h.proven ? 'optimal' : 'best found in the time budget';
    status('status', `Hint: play ${colorName(h.color)}; ${h.remaining} moves to clear from here (${how}).`);
    render();
  } catch (e) { playError(e); }
  finally { if (S.hintAbort === abort) S.hintAbort = null; }
}

// ---------------------------------------------------------------- solver panel

function fillSolvers() {
  const pick = $('solver-pick');
  const presets = el('optgroup', { label: 'Presets (the series)' });
  for (const p of S.registry.presets) presets.append(el('option', { value: `preset:${p.name}`, text: `${p.name} — ${p.summary}` }));
  const solvers = el('optgroup', { label: 'Solvers' });
  for (const s of S.registry.solvers) solvers.append(el('option', { value: `solver:${s.name}`, text: `${s.name} — ${s.summary}` }));
  pick.replaceChildren(presets, solvers, el('option', { value: 'typed', text: 'typed spec…' }));
  pick.value = 'preset:gla-5';
  pickSolver();
}

function pickSolver() {
  const v = $('solver-pick').value;
  const params = $('solver-params');
  params.replaceChildren();
  if (v.startsWith('preset:')) {
    $('solver-spec').value = v.slice(7);
  } else if (v.startsWith('solver:')) {
    const def = S.registry.solvers.find((s) => s.name === v.slice(7));
    for (const p of def.params) params.append(paramInput(p));
    buildSpec();
  }
  checkSpec();
}

function paramInput(p) {
  let input;
  if (p.kind.type === 'int') {
    input = el('input', { type: 'number', min: String(p.kind.min), max: String(p.kind.max), value: p.default, 'data-param': p.name });
  } else if (p.kind.type === 'choice') {
    input = el('select', { 'data-param': p.name });
    for (const v of p.kind.values) input.append(el('option', { value: v, text: v }));
    input.value = p.default;
  } else {
    input = el('input', { type: 'checkbox', 'data-param': p.name });
    input.checked = p.default === 'true';
  }
  input.dataset.default = p.default;
  for (const on of ['input', 'change']) input.addEventListener(on, () => { buildSpec(); checkSpec(); });
  return el('label', { title: `${p.doc} (${p.describe})` }, el('span', { text: p.name }), input, el('small', { text: p.describe }));
}

function buildSpec() {
  const name = $('solver-pick').value.slice(7);
  const parts = [];
  for (const input of $('solver-params').querySelectorAll('[data-param]')) {
    const v = input.type === 'checkbox' ? String(input.checked) : input.value;
    if (v !== input.dataset.default && v !== '') parts.push(`${input.dataset.param}=${v}`);
  }
  $('solver-spec').value = parts.length ? `${name}:${parts.join(',')}` : name;
}

let checkTimer = null;
function checkSpec() {
  clearTimeout(checkTimer);
  // A solver's error concerned the spec before this edit.
  if ($('solver-status').classList.contains('bad')) status('solver-status', '');
  checkTimer = setTimeout(async () => {
    const spec = $('solver-spec').value;
    try {
      const r = await api('/api/spec', { spec, colors: S.board ? S.board.colors : 5 });
      $('solver-check').textContent = `= ${r.spec}`;
      $('solver-check').classList.remove('bad');
    } catch (e) {
      $('solver-check').textContent = e.message;
      $('solver-check').classList.add('bad');
    }
  }, 150);
}

function speed() {
  const v = +$('speed').value;
  return v > 60 ? Infinity : v;
}

function showSpeed() {
  const v = speed();
  $('speed-label').textContent = v === Infinity ? 'instant' : `${v} moves/s`;
}

async function step() {
  if (!S.board || S.solving || gameOver()) return;
  exitReview();
  clearHint();
  const spec = $('solver-spec').value;
  try {
    const r = await api('/api/solve', { board: S.board.id, spec, moves: S.moves, steps: 1 });
    if (r.moves.length === 0) { status('solver-status', `${r.spec} gave up here (${r.outcome}).`, true); return; }
    await setMoves([...S.moves, ...r.moves], r.spec);
    status('solver-status', `${r.spec} played ${colorName(r.moves[0])} (${r.nodes} nodes, ${fmt(r.ms, 1)} ms).`);
    if (gameOver()) enterReview();
  } catch (e) { status('solver-status', e.message, true); }
}

async function solve() {
  if (!S.board || S.solving || gameOver()) return;
  exitReview();
  clearHint();
  const spec = $('solver-spec').value;
  const abort = new AbortController();
  S.solving = { abort, timer: null };
  render();
  status('solver-status', 'Solving…');
  try {
    const r = await api('/api/solve', { board: S.board.id, spec, moves: S.moves }, abort.signal);
    const all = [...S.moves, ...r.moves];
    await refresh(all);
    // The moves to come are the solver's: the review heading names it
    // while they are drawn one by one.
    S.who = [...S.who.slice(0, S.moves.length), ...r.moves.map(() => r.spec)];
    const finish = () => {
      S.solving = null;
      const verdict = r.outcome === 'solved' ? `solved in ${all.length} moves` : `stopped: ${r.outcome.replaceAll('-', ' ')} after ${all.length} moves`;
      status('solver-status', `${r.spec} ${verdict} (${r.nodes} nodes, ${fmt(r.ms, 1)} ms).`, r.outcome !== 'solved');
      render();
      if (gameOver()) enterReview();
    };
    const tick = () => {
      if (!S.solving) return;
      if (S.moves.length >= all.length) { finish(); return; }
      S.moves = all.slice(0, S.moves.length + 1);
      render();
      status('solver-status', `${r.spec}: move ${S.moves.length} of ${all.length}`);
      S.solving.timer = setTimeout(tick, 1000 / Math.min(speed(), 1000));
    };
    if (speed() === Infinity) { S.moves = all; finish(); } else tick();
  } catch (e) {
    S.solving = null;
    render();
    if (e.name === 'AbortError') status('solver-status', 'Stopped.');
    else status('solver-status', e.message, true);
  }
}

function stopSolver() {
  if (!S.solving) return;
  S.solving.abort.abort();
  clearTimeout(S.solving.timer);
  S.solving = null;
  status('solver-status', `Stopped after ${S.moves.length} moves.`);
  render();
}

// ---------------------------------------------------------------- review

function enterReview() {
  if (!S.board) return;
  stopSolver();
  clearHint();
  S.view = S.moves.length;
  $('panel-review').open = true;
  startAnalysis();
  render();
}

function exitReview() {
  if (S.view === null) return;
  S.view = null;
  stopAnalysis();
  render();
}

function reviewGo(k) {
  if (S.view === null) return;
  S.view = Math.max(0, Math.min(S.moves.length, k));
  render();
}

function stopAnalysis() {
  if (S.analysisES) S.analysisES.close();
  S.analysisES = null;
}

function startAnalysis() {
  stopAnalysis();
  const n = S.moves.length;
  S.analysis = { key: `${S.board.id}|${S.moves.join(',')}`, remaining: new Array(n + 1).fill(null), done: false };
  const url = `/api/analysis?board=${encodeURIComponent(S.board.id)}&moves=${S.moves.join(',')}`;
  const es = new EventSource(url);
  S.analysisES = es;
  es.addEventListener('position', (e) => {
    const p = JSON.parse(e.data);
    S.analysis.remaining[p.after] = p.remaining;
    renderReview();
  });
  es.addEventListener('done', (e) => {
    S.analysis.done = true;
    S.analysis.complete = JSON.parse(e.data).complete;
    stopAnalysis();
    renderReview();
  });
  es.onerror = () => { if (S.analysisES === es) { stopAnalysis(); S.analysis.failed = true; renderReview(); } };
}

function moveChip(c, i, cls) {
  const d = el('div', { class: `mv ${cls}${c < S.palette.marked ? '' : ' mark'}${inkOf(c)}`, title: `move ${i + 1}: ${colorName(c)}`, text: String(i + 1) });
  d.style.backgroundColor = colorOf(c);
  return d;
}

// The moves move `i` (from 0) lost: 1 + remaining after it − remaining before
// it, or null while the analysis has not reached both positions.
function lostAt(a, i) {
  if (a.remaining[i] === null || a.remaining[i + 1] === null) return null;
  return 1 + a.remaining[i + 1] - a.remaining[i];
}

function renderReview() {
  const on = S.view !== null;
  for (const id of ['rv-first', 'rv-prev', 'rv-next', 'rv-last', 'rv-exit', 'rv-slider']) $(id).disabled = !on;
  if (!S.board) return;
  const n = S.moves.length;
  const k = shown();
  $('rv-pos').textContent = `${k} / ${n}`;
  $('rv-slider').max = String(n);
  $('rv-slider').value = String(k);
  $('rv-by').textContent = n ? `(played by ${playedBy()})` : '';
  const opt = S.par && S.par.done ? S.par.moves : null;
  let diverge = -1;
  if (opt) diverge = S.moves.findIndex((m, i) => m !== opt[i]);
  const a = S.analysis && S.analysis.key === `${S.board.id}|${S.moves.join(',')}` ? S.analysis : null;
  // Each move's chip, with the moves it lost marked under it (a row of its
  // own, so that marks never cover the neighbours).
  const list = $('rv-moves');
  list.classList.toggle('with-losses', !!a);
  list.replaceChildren();
  let losers = 0;
  S.moves.forEach((c, i) => {
    const cls = [i === k - 1 ? 'current' : '', on && i >= k ? 'future' : '', i === diverge ? 'diverge' : ''].join(' ');
    const chip = moveChip(c, i, cls);
    chip.addEventListener('click', () => { if (S.view === null) enterReview(); reviewGo(i + 1); });
    const cell = el('div', { class: 'mv-cell' }, chip);
    const lost = a ? lostAt(a, i) : null;
    if (lost > 0) {
      losers++;
      cell.append(el('span', { class: 'loss', text: `+${lost}`, title: `move ${i + 1} lost ${lost} move${lost === 1 ? '' : 's'}` }));
    }
    list.append(cell);
  });
  const optList = $('rv-optimal');
  optList.replaceChildren();
  if (opt) opt.forEach((c, i) => optList.append(moveChip(c, i, i === diverge ? 'diverge' : '')));
  else {
    const why = S.par && S.par.retryAt ? 'the par search will try again…' : S.par && !S.par.done ? 'the par search is still running…' : '–';
    optList.append(el('span', { class: 'muted', text: why }));
  }

  const lines = [];
  if (opt) {
    const par = S.par.par;
    const word = S.par.proven ? 'the optimum' : 'the best known';
    if (n === 0) lines.push(`${word}: ${par} moves.`);
    else if (gameOver()) lines.push(`You used ${n} moves; ${word} is ${par}: ${n - par} moves lost.`);
    else lines.push(`${n} moves so far; ${word} is ${par}.`);
    if (diverge >= 0) lines.push(`Your game leaves this optimal solution at move ${diverge + 1}.`);
    else if (n > 0) lines.push('Your moves follow this optimal solution.');
  }
  if (a) {
    const known = a.remaining.filter((r) => r !== null).length;
    if (!a.done && !a.failed) lines.push(`Analysing every position… ${known} of ${n + 1}.`);
    if (losers) lines.push(`Moves that lost ground: ${losers}, marked in red under your moves.`);
    else if (a.done && a.complete && n > 0) lines.push('No move lost ground: an optimal game.');
    if (a.done && !a.complete) lines.push('(The analysis ran out of its time budget for some positions.)');
    if (on && a.remaining[k] !== null) lines.push(`From this position, ${a.remaining[k]} moves clear the board.`);
  }
  $('rv-summary').replaceChildren(...lines.map((t) => el('div', { text: t })));
}

// ---------------------------------------------------------------- batch

const batchSpecs = [];

function fillBatch() {
  const box = $('batch-presets');
  box.replaceChildren();
  for (const p of S.registry.presets) {
    const cb = el('input', { type: 'checkbox', value: p.name, id: `bp-${p.name}` });
    cb.addEventListener('change', () => {
      const i = batchSpecs.indexOf(p.name);
      if (cb.checked && i < 0) batchSpecs.push(p.name);
      if (!cb.checked && i >= 0) batchSpecs.splice(i, 1);
      showBatchSpecs();
    });
    box.append(el('label', { title: p.summary }, cb, ` ${p.name}`));
  }
}

function showBatchSpecs() {
  const chips = $('batch-specs');
  chips.replaceChildren(...batchSpecs.map((s, i) => el('span', { class: 'chip' }, s,
    el('button', { text: '×', title: 'remove', onclick: () => {
      batchSpecs.splice(i, 1);
      const cb = $(`bp-${s}`);
      if (cb) cb.checked = false;
      showBatchSpecs();
    } }))));
}

async function addBatchSpec() {
  const spec = $('batch-spec').value.trim();
  if (!spec) return;
  try {
    const r = await api('/api/spec', { spec, colors: +$('batch-colors').value });
    if (!batchSpecs.includes(r.spec)) batchSpecs.push(r.spec);
    $('batch-spec').value = '';
    showBatchSpecs();
    clearError('batch-spec-error');
    clearError('batch-error');
  } catch (e) { showError('batch-spec-error', e, 'batch-spec'); }
}

// The input a plan's error concerns, by the field the server names first.
function batchInput(message) {
  const field = message.split(/[: ']/)[0];
  return { specs: 'batch-spec', spec: 'batch-spec', first: 'batch-first', count: 'batch-count', time_limit_ms: 'batch-time' }[field] ||
    (/size|width|height/.test(message) ? 'batch-width' : /colors/.test(message) ? 'batch-colors' : null);
}

function batchPlan() {
  return {
    specs: batchSpecs.slice(),
    boards: document.querySelector('input[name=batch-boards]:checked').value,
    first: +$('batch-first').value,
    count: +$('batch-count').value,
    width: +$('batch-width').value,
    height: +$('batch-height').value,
    colors: +$('batch-colors').value,
    time_limit_ms: Math.round(+$('batch-time').value * 1000),
  };
}

let batchES = null;

function statsTable(table, summaries) {
  const head = ['spec', 'solved', 'min', 'mean', 'max', 'stdev', 'ms/board', 'gap to optimum', 'optimal hits'];
  const rows = summaries.map((s) => [
    s.spec, s.out_of_time ? `${s.solved}/${s.n} (${s.out_of_time} out of time)` : `${s.solved}/${s.n}`, fmt(s.min_moves, 0), fmt(s.mean_moves), fmt(s.max_moves, 0),
    fmt(s.stdev_moves), fmt(s.mean_ms, 2),
    s.mean_gap === null ? '–' : `${fmt(s.mean_gap)} (${s.with_optimum} board${s.with_optimum === 1 ? '' : 's'})`,
    s.with_optimum ? `${s.optimal_hits}/${s.with_optimum}` : '–',
  ]);
  fillTable(table, head, rows);
}

function fillTable(table, head, rows, onRow) {
  table.replaceChildren(el('tr', {}, ...head.map((h) => el('th', { text: h }))));
  rows.forEach((r, i) => {
    const tr = el('tr', {}, ...r.map((c) => el('td', { text: String(c) })));
    if (onRow) tr.addEventListener('click', () => onRow(i, tr));
    table.append(tr);
  });
}

async function startBatch() {
  if (batchES) return;
  clearError('batch-error');
  const plan = batchPlan();
  try {
    const p = await api('/api/batch/plan', plan);
    const specs = `${p.specs.length} spec${p.specs.length === 1 ? '' : 's'}`;
    $('batch-plan').textContent = `${p.games} games: ${specs} (${p.specs.join(', ')}) on ${p.description}, ` +
      `at most ${p.time_limit_ms / 1000} s each.`;
    $('batch-plan').title = p.board_set;
  } catch (e) {
    $('batch-plan').textContent = '';
    showError('batch-error', e, batchInput(e.message));
    return;
  }
  const es = new EventSource(`/api/batch/events?plan=${encodeURIComponent(JSON.stringify(plan))}`);
  batchES = es;
  $('batch-start').disabled = true;
  status('batch-status', 'Starting…');
  let run = null;
  let lastPlot = 0;
  const plot = (force) => {
    if (run === null || (!force && Date.now() - lastPlot < 1500)) return;
    lastPlot = Date.now();
    const img = $('batch-plot');
    img.src = `/api/runs/${run}/plot.svg?t=${lastPlot}`;
    img.hidden = false;
  };
  es.addEventListener('started', (e) => {
    const d = JSON.parse(e.data);
    run = d.run;
    $('batch-progress').max = d.total;
    $('batch-progress').value = d.already_done;
    status('batch-status', d.already_done ? `Resuming run ${run}: ${d.already_done} of ${d.total} games already played.` : `Run ${run}: 0 of ${d.total} games.`);
  });
  es.addEventListener('progress', (e) => {
    const d = JSON.parse(e.data);
    $('batch-progress').value = d.done;
    status('batch-status', `Run ${run}: ${d.done} of ${d.total} games…`);
    statsTable($('batch-table'), d.summaries);
    plot(false);
  });
  es.addEventListener('finished', (e) => {
    const d = JSON.parse(e.data);
    endBatch();
    $('batch-progress').value = d.done;
    statsTable($('batch-table'), d.summaries);
    status('batch-status', d.cancelled ? `Stopped: ${d.done} of ${d.total} games stored in run ${d.run}; start the same batch again to resume it.`
      : `Finished: ${d.done} games, stored as run ${d.run}.`);
    plot(true);
  });
  es.addEventListener('error', (e) => {
    if (e.data) { status('batch-status', JSON.parse(e.data).error, true); endBatch(); return; }
    if (es.readyState === EventSource.CLOSED && batchES === es) {
      status('batch-status', 'The batch could not start (is another batch running?).', true);
      endBatch();
    }
  });
}

function endBatch() {
  if (batchES) batchES.close();
  batchES = null;
  $('batch-start').disabled = false;
}

function stopBatch() {
  if (!batchES) return;
  endBatch();
  status('batch-status', 'Stopped; what finished is stored. Start the same batch again to resume it.');
}

// ---------------------------------------------------------------- runs

let runsList = [];

async function loadRuns() {
  try {
    runsList = (await api('/api/runs')).runs;
    clearError('runs-error');
  } catch (e) { showError('runs-error', e); return; }
  const rows = runsList.map((r) => [r.id, r.created, r.board_set, r.specs.join(', '), r.n_boards,
    `${r.n_results}/${r.n_boards * r.specs.length}`, r.finished ? 'yes' : 'no']);
  fillTable($('runs-table'), ['run', 'created (UTC)', 'boards', 'specs', 'n', 'results', 'finished'], rows, (i, tr) => {
    for (const t of $('runs-table').querySelectorAll('tr')) t.classList.remove('selected');
    tr.classList.add('selected');
    showRun(runsList[i].id);
  });
  for (const sel of [$('cmp-a'), $('cmp-b')]) {
    const old = sel.value;
    sel.replaceChildren(...runsList.map((r) => el('option', { value: String(r.id), text: `${r.id}: ${r.board_set}` })));
    if (old) sel.value = old;
  }
  if (runsList.length > 1 && !$('cmp-b').dataset.touched) $('cmp-b').value = String(runsList[1].id);
}

async function showRun(id) {
  try {
    const d = await api(`/api/runs/${id}`);
    $('run-title').textContent = `Run ${id}: ${d.run.board_set}, ${d.run.n_results} results, ${d.run.machine}, version ${d.run.version}`;
    statsTable($('run-table'), d.summaries);
    const img = $('run-plot');
    img.hidden = d.run.n_results === 0;
    if (d.run.n_results) img.src = `/api/runs/${id}/plot.svg?t=${Date.now()}`;
    clearError('runs-error');
  } catch (e) { showError('runs-error', e); }
}

async function compareRuns() {
  const a = $('cmp-a').value, b = $('cmp-b').value;
  if (!a || !b) return;
  try {
    const d = await api(`/api/compare?a=${a}&b=${b}`);
    $('cmp-title').textContent = `Run ${a} (a) against run ${b} (b): better and worse count boards where b used fewer or more moves`;
    fillTable($('cmp-table'), ['spec', 'pairs', 'b better', 'b worse', 'equal', 'mean a', 'mean b', 'mean b − a', 'ms a', 'ms b'],
      d.diffs.map((x) => [x.spec, x.n_pairs, x.better, x.worse, x.equal, fmt(x.mean_a), fmt(x.mean_b), fmt(x.mean_diff),
        fmt(x.mean_ms_a, 1), fmt(x.mean_ms_b, 1)]));
    clearError('runs-error');
  } catch (e) { showError('runs-error', e); }
}

// ---------------------------------------------------------------- wiring

function showTab(name) {
  for (const t of document.querySelectorAll('.tab')) t.classList.toggle('active', t.dataset.tab === name);
  for (const p of document.querySelectorAll('.tab-panel')) p.hidden = p.id !== `tab-${name}`;
  if (name === 'runs') loadRuns();
}

function showSource() {
  const src = $('new-source').value;
  for (const e of document.querySelectorAll('.src')) e.hidden = !e.classList.contains(`src-${src}`);
}

function onKey(e) {
  const t = e.target.tagName;
  if (t === 'INPUT' || t === 'TEXTAREA' || t === 'SELECT' || e.ctrlKey || e.metaKey || e.altKey) return;
  if ($('tab-play').hidden) return;
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  if (key.length === 1 && KEYS.includes(key)) clickColor(KEYS.indexOf(key));
  else if (e.key === 'u') undo();
  else if (e.key === 'r') restart();
  else if (e.key === 'h') hint();
  else if (e.key === 's') step();
  else if (e.key === 'ArrowLeft') reviewGo(shown() - 1);
  else if (e.key === 'ArrowRight') reviewGo(shown() + 1);
  else return;
  e.preventDefault();
}

async function main() {
  for (const t of document.querySelectorAll('.tab')) t.addEventListener('click', () => showTab(t.dataset.tab));
  $('new-source').addEventListener('change', showSource);
  $('new-game').addEventListener('click', newGame);
  $('new-next').addEventListener('click', () => {
    $('new-series').value = String(Math.max(0, +$('new-series').value) + 1);
    newGame();
  });
  $('new-file').addEventListener('change', async (e) => {
    const f = e.target.files[0];
    if (f) $('new-text').value = await f.text();
  });
  $('undo').addEventListener('click', undo);
  $('restart').addEventListener('click', restart);
  $('hint').addEventListener('click', hint);
  $('review').addEventListener('click', () => (S.view === null ? enterReview() : exitReview()));
  $('solver-pick').addEventListener('change', pickSolver);
  $('solver-spec').addEventListener('input', () => { $('solver-pick').value = 'typed'; $('solver-params').replaceChildren(); checkSpec(); });
  $('step').addEventListener('click', step);
  $('solve').addEventListener('click', solve);
  $('stop').addEventListener('click', stopSolver);
  $('speed').addEventListener('input', showSpeed);
  $('rv-first').addEventListener('click', () => reviewGo(0));
  $('rv-prev').addEventListener('click', () => reviewGo(shown() - 1));
  $('rv-next').addEventListener('click', () => reviewGo(shown() + 1));
  $('rv-last').addEventListener('click', () => reviewGo(S.moves.length));
  $('rv-exit').addEventListener('click', exitReview);
  $('rv-slider').addEventListener('input', (e) => reviewGo(+e.target.value));
  $('batch-add').addEventListener('click', addBatchSpec);
  $('batch-start').addEventListener('click', startBatch);
  $('batch-stop').addEventListener('click', stopBatch);
  $('runs-refresh').addEventListener('click', loadRuns);
  $('cmp-b').addEventListener('change', (e) => { e.target.dataset.touched = '1'; });
  $('cmp-go').addEventListener('click', compareRuns);
  $('cb-palette').addEventListener('change', (e) => usePalette(e.target.checked ? 'colorblind' : 'standard'));
  document.addEventListener('keydown', onKey);
  watchErrors();
  let saved = null;
  try { saved = localStorage.getItem(PALETTE_KEY); } catch (e) { /* no storage: the standard colors */ }
  usePalette(saved === 'colorblind' ? 'colorblind' : 'standard');
  showSource();
  showSpeed();
  try {
    S.registry = await api('/api/solvers');
    S.blank = S.registry.blank;
    S.caps = S.registry.caps;
    document.documentElement.style.setProperty('--blank', S.blank);
    fillSolvers();
    fillBatch();
  } catch (e) { status('status', `The lab did not load: ${e.message}`, true); return; }
  const fromUrl = decodeURIComponent(location.hash.slice(1));
  const start = '30x20c5-k1';
  let board;
  try {
    board = await api('/api/board', { source: 'id', id: fromUrl || start });
  } catch (e) {
    // A bad ID in the address: the first board, and the error in the New game panel.
    try {
      await loadBoard(await api('/api/board', { source: 'id', id: start }));
      showError('new-error', `${e.message} (showing ${start} instead)`);
    } catch (e2) { playError(e2); }
    return;
  }
  await loadBoard(board).catch(playError);
}

main();
