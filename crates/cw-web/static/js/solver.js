// @ts-check
// The solver panel: pick a preset, a solver and its parameters, or type a
// spec; step one move, or solve and watch the moves drawn one by one.

import { api } from './api.js';
import { colorName } from './colors.js';
import { $, el, input, setText, status } from './dom.js';
import { clearHint, enterReview, exitReview, refresh, setMoves, updateAddress } from './game.js';
import { S, currentLimit, gameLost, gameOver, limitPending } from './state.js';
import { fmt } from './tables.js';
import { render } from './view.js';

/**
 * A solver's spec from its parameters: those that differ from their
 * defaults (and are not empty), in order.
 * @param {string} name
 * @param {{ name: string, value: string, default: string }[]} params
 */
export function specOf(name, params) {
  const parts = params.filter((p) => p.value !== p.default && p.value !== '').map((p) => `${p.name}=${p.value}`);
  return parts.length ? `${name}:${parts.join(',')}` : name;
}

/**
 * Moves per second for the speed slider's value; past 60, all at once.
 * @param {number} v
 */
export function speedOf(v) {
  return v > 60 ? Infinity : v;
}

/** @param {number} speed */
export function speedLabel(speed) {
  return speed === Infinity ? 'instant' : `${speed} moves/s`;
}

/**
 * A solver's time for people: three decimals below a millisecond (cheap
 * solvers take microseconds), one above.
 * @param {number} ms
 */
export function msText(ms) {
  return `${fmt(ms, ms < 1 ? 3 : 1)} ms`;
}

/**
 * What a solve did, when all of its moves are drawn.
 * @param {{ spec: string, outcome: string, nodes: number, ms: number, moves: number[] }} r
 * @param {number} total the game's moves
 * @param {number | null} [limit] the game's move limit, if it has one
 */
export function solveVerdict(r, total, limit = null) {
  // The moves before the solver's were someone else's.
  const own = r.moves.length;
  const mine = own < total ? ` (${own} of them its own)` : '';
  const verdict = r.outcome === 'solved' ? `solved in ${total} moves${mine}`
    : r.outcome === 'stepped' && limit !== null && total >= limit ? `used all ${limit} moves of the limit without clearing the board`
      : `stopped: ${r.outcome.replaceAll('-', ' ')} after ${total} moves${mine}`;
  return `${r.spec} ${verdict} (${r.nodes} nodes, ${msText(r.ms)}).`;
}

/**
 * The moves a solver may still play: what the move limit leaves, or
 * undefined (as many as it likes) without one.
 * @param {number | null} limit
 * @param {number} played
 * @returns {number | undefined}
 */
export function stepsLeft(limit, played) {
  return limit === null ? undefined : Math.max(0, limit - played);
}

/**
 * What a step did.
 * @param {{ spec: string, moves: number[], nodes: number, ms: number, outcome: string }} r
 */
export function stepText(r) {
  if (r.moves.length === 0) return `${r.spec} gave up here (${r.outcome}).`;
  return `${r.spec} played ${colorName(r.moves[0])} (${r.nodes} nodes, ${msText(r.ms)}).`;
}

// ---------------------------------------------------------------- the form

/** Fills the solver picker from the registry. */
export function fillSolvers() {
  const reg = /** @type {import('./state.js').Registry} */ (S.registry);
  const presets = el('optgroup', { label: 'Presets (the series)' });
  for (const p of reg.presets) presets.append(el('option', { value: `preset:${p.name}`, text: `${p.name} — ${p.summary}` }));
  const solvers = el('optgroup', { label: 'Solvers' });
  for (const s of reg.solvers) solvers.append(el('option', { value: `solver:${s.name}`, text: `${s.name} — ${s.summary}` }));
  const pick = input('solver-pick');
  pick.replaceChildren(presets, solvers, el('option', { value: 'typed', text: 'typed spec…' }));
  pick.value = 'preset:gla-5';
  pickSolver();
}

/** Shows the spec of the preset picked, or the parameters of the solver. */
export function pickSolver() {
  const v = input('solver-pick').value;
  const params = $('solver-params');
  params.replaceChildren();
  if (v.startsWith('preset:')) {
    input('solver-spec').value = v.slice(7);
  } else if (v.startsWith('solver:')) {
    const reg = /** @type {import('./state.js').Registry} */ (S.registry);
    const def = reg.solvers.find((s) => s.name === v.slice(7));
    if (def) for (const p of def.params) params.append(paramInput(p));
    buildSpec();
  }
  checkSpec();
}

/**
 * The input of one parameter: a number, a select, or a checkbox.
 * @param {import('./state.js').Param} p
 */
function paramInput(p) {
  /** @type {HTMLInputElement | HTMLSelectElement} */
  let box;
  if (p.kind.type === 'int') {
    box = el('input', { type: 'number', min: String(p.kind.min), max: String(p.kind.max), value: p.default, 'data-param': p.name });
  } else if (p.kind.type === 'choice') {
    box = el('select', { 'data-param': p.name });
    for (const v of p.kind.values) box.append(el('option', { value: v, text: v }));
    box.value = p.default;
  } else {
    box = el('input', { type: 'checkbox', 'data-param': p.name });
    box.checked = p.default === 'true';
  }
  box.dataset.default = p.default;
  for (const on of ['input', 'change']) box.addEventListener(on, () => { buildSpec(); checkSpec(); });
  return el('label', { title: `${p.doc} (${p.describe})` }, el('span', { text: p.name }), box, el('small', { text: p.describe }));
}

/** Writes the spec of the solver picked with its parameters. */
function buildSpec() {
  const name = input('solver-pick').value.slice(7);
  const params = [...$('solver-params').querySelectorAll('[data-param]')].map((e) => {
    const box = /** @type {HTMLInputElement} */ (e);
    return {
      name: box.dataset.param || '',
      value: box.type === 'checkbox' ? String(box.checked) : box.value,
      default: box.dataset.default || '',
    };
  });
  input('solver-spec').value = specOf(name, params);
}

/** A typed spec: the picker says so, and the spec is checked. */
export function typedSpec() {
  input('solver-pick').value = 'typed';
  $('solver-params').replaceChildren();
  checkSpec();
}

/** Checks the spec on the server a moment after the last edit, and shows its canonical form or what is wrong. */
export function checkSpec() {
  clearTimeout(S.checkTimer);
  // A solver's error concerned the spec before this edit.
  if ($('solver-status').classList.contains('bad')) status('solver-status', '');
  S.checkTimer = setTimeout(async () => {
    const spec = input('solver-spec').value;
    const check = $('solver-check');
    // An answer about a spec edited since (a slower request overtaken by
    // a newer one) is dropped.
    const current = () => input('solver-spec').value === spec;
    try {
      // Checked on the board at hand: a spec's caps may fit one board and
      // not a bigger one with as many colors.
      const r = await api('/api/spec', S.board ? { spec, board: S.board.id } : { spec });
      if (!current()) return;
      check.textContent = `= ${r.spec}`;
      check.classList.remove('bad');
    } catch (e) {
      if (!current()) return;
      check.textContent = e instanceof Error ? e.message : String(e);
      check.classList.add('bad');
    }
  }, 150);
}

function speed() {
  return speedOf(+input('speed').value);
}

export function showSpeed() {
  setText($('speed-label'), speedLabel(speed()));
}

// ---------------------------------------------------------------- playing

/**
 * The solver's next move, after the clicks and keys before it (in the same
 * queue as they: `s 3` plays the solver's move, then 3; `s s` two moves).
 */
export function step() {
  S.playQueue = S.playQueue.then(stepNow);
  return S.playQueue;
}

/**
 * The move Step plays next from `line` (the game's first `from` moves, then
 * the solver's), if the game has followed it so far and is past `from`
 * (after an undo or a restart the solver's line no longer starts where
 * the game is, and a move of the game's own must not be played as the
 * solver's); null otherwise.
 * @param {number[]} line
 * @param {number[]} moves the game's moves
 * @param {number} [from] where the solver took over
 * @returns {number | null}
 */
export function nextOfLine(line, moves, from = 0) {
  if (line.length <= moves.length || moves.length < from) return null;
  return moves.every((m, i) => line[i] === m) ? line[moves.length] : null;
}

async function stepNow() {
  if (!S.board || S.solving || gameOver() || gameLost() || limitPending()) return;
  exitReview();
  clearHint();
  const spec = input('solver-spec').value;
  // Step plays the solver's line one move a press: the line it would play
  // from where it took over, asked for once. So stepping plays what Solve
  // plays, for the solvers whose next move depends on their own earlier
  // ones too (round robin's cycle, random's draws); a move of yours, or
  // another spec, asks again from there.
  const cached = S.stepLine;
  const next = cached && cached.board === S.board.id && cached.spec === spec
    ? nextOfLine(cached.line, S.moves, cached.from) : null;
  /** @type {NonNullable<import('./state.js').State['solving']> | null} */
  let solving = null;
  try {
    if (next !== null && cached) {
      await setMoves([...S.moves, next], cached.canonical);
      status('solver-status', `${cached.canonical} played ${colorName(next)} (move ${S.moves.length} of its line of ${cached.line.length}).`);
      if (gameOver()) enterReview();
      return;
    }
    const lim = currentLimit();
    const steps = stepsLeft(lim ? lim.moves : null, S.moves.length);
    /** @type {Record<string, unknown>} */
    const req = { board: S.board.id, spec, moves: S.moves };
    if (steps !== undefined) req.steps = steps;
    // The search runs as Solve's does: Stop, a new board or review cancel
    // it, and its answer is used only if none of them came first.
    const mine = { abort: new AbortController(), timer: undefined };
    solving = mine;
    S.solving = mine;
    render();
    status('solver-status', 'Searching for the next move…');
    const r = await api('/api/solve', req, mine.abort.signal);
    if (S.solving !== mine) return;
    S.solving = null;
    render();
    if (r.moves.length === 0) { status('solver-status', stepText(r), true); return; }
    S.stepLine = { board: S.board.id, spec, canonical: r.spec, from: S.moves.length, line: [...S.moves, ...r.moves] };
    await setMoves([...S.moves, r.moves[0]], r.spec);
    status('solver-status', stepText(r));
    if (gameOver()) enterReview();
  } catch (e) {
    if (solving && S.solving === solving) { S.solving = null; render(); }
    // Stopped, or another board: whoever did it has said so.
    if (e instanceof Error && e.name === 'AbortError') return;
    status('solver-status', e instanceof Error ? e.message : String(e), true);
  }
}

/**
 * The solver's moves to the end, drawn at the speed picked, from the
 * position after the clicks and keys before it (see `step`); clicks after
 * it wait for its answer, and are not played while its moves are drawn.
 */
export function solve() {
  S.playQueue = S.playQueue.then(solveNow);
  return S.playQueue;
}

async function solveNow() {
  if (!S.board || S.solving || gameOver() || gameLost() || limitPending()) return;
  exitReview();
  clearHint();
  const spec = input('solver-spec').value;
  const lim = currentLimit();
  const limit = lim ? lim.moves : null;
  const steps = stepsLeft(limit, S.moves.length);
  if (steps === 0) { status('solver-status', `No moves are left under the limit of ${limit}.`, true); return; }
  const abort = new AbortController();
  /** @type {NonNullable<import('./state.js').State['solving']>} */
  const solving = { abort, timer: undefined };
  S.solving = solving;
  render();
  status('solver-status', 'Solving…');
  try {
    /** @type {Record<string, unknown>} */
    const req = { board: S.board.id, spec, moves: S.moves };
    if (steps !== undefined) req.steps = steps;
    const r = await api('/api/solve', req, abort.signal);
    /** @type {number[]} */
    const all = [...S.moves, ...r.moves];
    await refresh(all);
    // The moves to come are the solver's: the review heading names it
    // while they are drawn one by one.
    S.who = [...S.who.slice(0, S.moves.length), ...r.moves.map(() => r.spec)];
    const finish = () => {
      S.solving = null;
      status('solver-status', solveVerdict(r, all.length, limit), r.outcome !== 'solved');
      render();
      updateAddress();
      if (gameOver()) enterReview();
    };
    const tick = () => {
      if (S.solving !== solving) return;
      if (S.moves.length >= all.length) { finish(); return; }
      S.moves = all.slice(0, S.moves.length + 1);
      render();
      status('solver-status', `${r.spec}: move ${S.moves.length} of ${all.length}`);
      solving.timer = setTimeout(tick, 1000 / Math.min(speed(), 1000));
    };
    if (speed() === Infinity) { S.moves = all; finish(); } else tick();
  } catch (e) {
    const current = S.solving === solving;
    if (current) S.solving = null;
    render();
    if (e instanceof Error && e.name === 'AbortError') {
      // Stop said how many moves were played; a new board says nothing.
      if (current) status('solver-status', 'Stopped.');
    } else status('solver-status', e instanceof Error ? e.message : String(e), true);
  }
}
