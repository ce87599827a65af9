// @ts-check
// The Batch tab: many specs on many boards, run on the server and stored
// like `colorwalk bench`; live progress, statistics and plot.

import { api, streamUrl } from './api.js';
import { $, clearError, el, input, showError, status } from './dom.js';
import { lastSeriesBoard, wholeNumberProblem } from './fields.js';
import { retryDelayMs } from './par.js';
import { S } from './state.js';
import { statsTable } from './tables.js';

/**
 * A batch as the form describes it (POST /api/batch/plan).
 * @typedef {{ specs: string[], boards: string, first: number, count: number, width: number,
 *             height: number, colors: number, time_limit_ms: number, start?: number[] }} Plan
 */

/**
 * The input a plan's error concerns, by the field the server names first,
 * or by the words of the message; null when none.
 * @param {string} message
 * @returns {string | null}
 */
export function batchInput(message) {
  const field = message.split(/[: ']/)[0];
  /** @type {Record<string, string>} */
  const byField = { specs: 'batch-spec', spec: 'batch-spec', first: 'batch-first', count: 'batch-count', time_limit_ms: 'batch-time', start: 'batch-start-row' };
  if (byField[field]) return byField[field];
  if (/colou?rs?\b|color count/.test(message)) return 'batch-colors';
  if (/size|width|height/.test(message)) return 'batch-width';
  return null;
}

/**
 * The batch form's fields as typed.
 * @typedef {{ boards: string, first: string, count: string, width: string, height: string, colors: string,
 *             time: string, startRow: string, startCol: string }} BatchForm
 */

/**
 * What is wrong with the batch form, before anything is sent: a message in
 * the form's own terms (seconds, not the request's milliseconds) and the
 * input it concerns, or null.
 * @param {BatchForm} f
 * @returns {{ message: string, input: string } | null}
 */
export function batchProblem(f) {
  const firstMax = f.boards === 'series'
    ? lastSeriesBoard(f.width, f.height) || Number.MAX_SAFE_INTEGER
    : Number.MAX_SAFE_INTEGER;
  const checks = [
    wholeNumberProblem(f.first, f.boards === 'series' ? 'The first board' : 'The first seed', f.boards === 'series' ? 1 : 0, firstMax, 'batch-first'),
    wholeNumberProblem(f.count, 'The board count', 1, 1000, 'batch-count'),
    wholeNumberProblem(f.width, 'The width', 2, 100, 'batch-width'),
    wholeNumberProblem(f.height, 'The height', 2, 100, 'batch-height'),
    wholeNumberProblem(f.colors, 'The color count', 2, 16, 'batch-colors'),
    wholeNumberProblem(f.time, 'The time per game (seconds)', 1, 60, 'batch-time'),
  ];
  if (f.boards === 'flood-it') {
    checks.push(wholeNumberProblem(f.startRow, 'The start row', 0, Math.max(0, +f.height - 1), 'batch-start-row'),
      wholeNumberProblem(f.startCol, 'The start column', 0, Math.max(0, +f.width - 1), 'batch-start-col'));
  }
  return checks.find((c) => c !== null) || null;
}

/**
 * The plan in words, as the server checked it.
 * @param {{ games: number, specs: string[], description: string, time_limit_ms: number }} p
 */
export function planText(p) {
  const specs = `${p.specs.length} spec${p.specs.length === 1 ? '' : 's'}`;
  return `${p.games} games: ${specs} (${p.specs.join(', ')}) on ${p.description}, at most ${p.time_limit_ms / 1000} s each.`;
}

/**
 * The status when the batch starts; an unfinished run of the same boards and
 * specs that could not be resumed (another version, other solver defaults or
 * limits) is named with why.
 * @param {{ run: number, total: number, already_done: number,
 *   not_resumed?: { run: number, why: string[] } | null }} d
 */
export function startedText(d) {
  const text = d.already_done
    ? `Resuming run ${d.run}: ${d.already_done} of ${d.total} games already played.`
    : `Run ${d.run}: 0 of ${d.total} games.`;
  const n = d.not_resumed;
  return n
    ? `${text} Unfinished run ${n.run} was not resumed (${n.why.join('; ')}).`
    : text;
}

/**
 * The status when the batch ends.
 * @param {{ run: number, done: number, total: number, cancelled: boolean }} d
 */
export function finishedText(d) {
  return d.cancelled
    ? `Stopped: ${d.done} of ${d.total} games stored in run ${d.run}; start the same batch again to resume it.`
    : `Finished: ${d.done} games, stored as run ${d.run}.`;
}

// ---------------------------------------------------------------- the form

/** Where the page keeps the plan of a batch under way, and its run. */
const BATCH_KEY = 'colorwalk-batch';

/**
 * Remembers (or, with null, forgets) the batch under way, so that a page
 * reloaded or closed during it offers the same plan again: the server
 * resumes a run only for the same plan.
 * @param {{ plan: Plan, run: number | null } | null} batch
 */
function rememberBatch(batch) {
  try {
    if (batch) localStorage.setItem(BATCH_KEY, JSON.stringify(batch));
    else localStorage.removeItem(BATCH_KEY);
  } catch { /* no storage: nothing remembered */ }
}

/** The batch remembered, as stored (null: none). */
function rememberedText() {
  try { return localStorage.getItem(BATCH_KEY); } catch { return null; }
}

/**
 * Puts back what was remembered before a batch that never started.
 * @param {string | null} text
 */
function rememberText(text) {
  try {
    if (text === null) localStorage.removeItem(BATCH_KEY);
    else localStorage.setItem(BATCH_KEY, text);
  } catch { /* no storage: nothing remembered */ }
}

/**
 * Tries of a batch's stream that the server refused before it started
 * (its one batch slot held: by another batch, or by one just stopped,
 * which lets go once its games in play end): 1, 2, 4 and 8 s apart.
 */
const BATCH_TRIES = 5;

/** The next try of a refused batch stream. */
let batchRetry = /** @type {ReturnType<typeof setTimeout> | undefined} */ (undefined);

/**
 * Puts a batch left unfinished when the page was last closed back in the
 * form, and says how to resume it.
 */
function restoreBatch() {
  /** @type {{ plan: Plan, run: number | null } | null} */
  let saved = null;
  try { saved = JSON.parse(localStorage.getItem(BATCH_KEY) || 'null'); } catch { saved = null; }
  if (!saved || !saved.plan || !Array.isArray(saved.plan.specs)) return;
  const p = saved.plan;
  const radio = /** @type {HTMLInputElement | null} */ (document.querySelector(`input[name=batch-boards][value="${p.boards}"]`));
  if (radio) radio.checked = true;
  input('batch-first').value = String(p.first);
  input('batch-count').value = String(p.count);
  input('batch-width').value = String(p.width);
  input('batch-height').value = String(p.height);
  input('batch-colors').value = String(p.colors);
  input('batch-time').value = String(p.time_limit_ms / 1000);
  if (p.start) {
    input('batch-start-row').value = String(p.start[0]);
    input('batch-start-col').value = String(p.start[1]);
  }
  S.batchSpecs = p.specs.slice();
  for (const cb of document.querySelectorAll('#batch-presets input')) {
    const box = /** @type {HTMLInputElement} */ (cb);
    box.checked = S.batchSpecs.includes(box.value);
  }
  showBatchSpecs();
  const which = saved.run === null ? 'A batch' : `Run ${saved.run}`;
  status('batch-status', `${which} was left unfinished when the page was closed; its plan is back in the form: Start resumes it.`);
}

/** A checkbox for each preset, then the batch left unfinished, if any. */
export function fillBatch() {
  const reg = /** @type {import('./state.js').Registry} */ (S.registry);
  const box = $('batch-presets');
  box.replaceChildren();
  for (const p of reg.presets) {
    const cb = el('input', { type: 'checkbox', value: p.name, id: `bp-${p.name}` });
    cb.addEventListener('change', () => {
      const i = S.batchSpecs.indexOf(p.name);
      if (cb.checked && i < 0) S.batchSpecs.push(p.name);
      if (!cb.checked && i >= 0) S.batchSpecs.splice(i, 1);
      showBatchSpecs();
    });
    box.append(el('label', { title: p.summary }, cb, ` ${p.name}`));
  }
  restoreBatch();
}

/** The specs picked, as chips that remove themselves. */
function showBatchSpecs() {
  $('batch-specs').replaceChildren(...S.batchSpecs.map((s, i) => el('span', { class: 'chip' }, s,
    el('button', {
      text: '×', title: `remove ${s}`, 'aria-label': `remove ${s}`, onclick: () => {
        S.batchSpecs.splice(i, 1);
        const cb = document.getElementById(`bp-${s}`);
        if (cb) /** @type {HTMLInputElement} */ (cb).checked = false;
        showBatchSpecs();
      },
    }))));
}

/** Adds the typed spec, once the server has checked it. */
export async function addBatchSpec() {
  const spec = input('batch-spec').value.trim();
  if (!spec) return;
  try {
    const r = await api('/api/spec', { spec, colors: +input('batch-colors').value });
    if (!S.batchSpecs.includes(r.spec)) S.batchSpecs.push(r.spec);
    input('batch-spec').value = '';
    showBatchSpecs();
    clearError('batch-spec-error');
    clearError('batch-error');
  } catch (e) { showError('batch-spec-error', e, 'batch-spec'); }
}

/** @returns {BatchForm} */
function batchForm() {
  const boards = /** @type {HTMLInputElement} */ (document.querySelector('input[name=batch-boards]:checked'));
  return {
    boards: boards.value, first: input('batch-first').value, count: input('batch-count').value,
    width: input('batch-width').value, height: input('batch-height').value, colors: input('batch-colors').value,
    time: input('batch-time').value, startRow: input('batch-start-row').value, startCol: input('batch-start-col').value,
  };
}

/** @returns {Plan} */
function batchPlan() {
  const boards = /** @type {HTMLInputElement} */ (document.querySelector('input[name=batch-boards]:checked'));
  /** @type {Plan} */
  const plan = {
    specs: S.batchSpecs.slice(),
    boards: boards.value,
    first: +input('batch-first').value,
    count: +input('batch-count').value,
    width: +input('batch-width').value,
    height: +input('batch-height').value,
    colors: +input('batch-colors').value,
    time_limit_ms: Math.round(+input('batch-time').value * 1000),
  };
  // Seeded Flood-It boards start at the cell the form gives.
  if (plan.boards === 'flood-it') plan.start = [+input('batch-start-row').value, +input('batch-start-col').value];
  return plan;
}

// ---------------------------------------------------------------- running

/** Checks the plan, then runs it and follows its events. */
export async function startBatch() {
  if (S.batchES) return;
  clearError('batch-error');
  // A plan refused leaves the last batch's status, table and plot as they
  // were, together.
  const problem = batchProblem(batchForm());
  if (problem) {
    showError('batch-error', problem.message, problem.input);
    return;
  }
  const plan = batchPlan();
  const planBox = $('batch-plan');
  try {
    const p = await api('/api/batch/plan', plan);
    planBox.textContent = planText(p);
    planBox.title = p.board_set;
  } catch (e) {
    showError('batch-error', e, batchInput(e instanceof Error ? e.message : String(e)));
    return;
  }
  // A new plan: the last batch's result line, table and plot are another's.
  status('batch-status', '');
  $('batch-table').replaceChildren();
  /** @type {HTMLImageElement} */ ($('batch-plot')).hidden = true;
  const rememberedBefore = rememberedText();
  rememberBatch({ plan, run: null });
  /** @type {HTMLButtonElement} */ ($('batch-start')).disabled = true;
  status('batch-status', 'Starting…');
  openBatchStream(plan, rememberedBefore, 1);
}

/**
 * Runs `plan` on the server and follows its events (try `attempt`).
 * @param {Plan} plan
 * @param {string | null} rememberedBefore the batch remembered before this one
 * @param {number} attempt
 */
function openBatchStream(plan, rememberedBefore, attempt) {
  const es = new EventSource(streamUrl('/api/batch/events', { plan: JSON.stringify(plan) }));
  S.batchES = es;
  const progress = /** @type {HTMLProgressElement} */ ($('batch-progress'));
  /** @type {number | null} */
  let run = null;
  let lastPlot = 0;
  /** @param {boolean} force */
  const plot = (force) => {
    if (run === null || (!force && Date.now() - lastPlot < 1500)) return;
    lastPlot = Date.now();
    const img = /** @type {HTMLImageElement} */ ($('batch-plot'));
    img.src = `/api/runs/${run}/plot.svg?t=${lastPlot}`;
    img.hidden = false;
  };
  es.addEventListener('started', (e) => {
    const d = JSON.parse(e.data);
    run = d.run;
    rememberBatch({ plan, run });
    progress.max = d.total;
    progress.value = d.already_done;
    status('batch-status', startedText(d));
  });
  es.addEventListener('progress', (e) => {
    const d = JSON.parse(e.data);
    progress.value = d.done;
    status('batch-status', `Run ${run}: ${d.done} of ${d.total} games…`);
    statsTable($('batch-table'), d.summaries);
    plot(false);
  });
  es.addEventListener('finished', (e) => {
    const d = JSON.parse(e.data);
    endBatch();
    if (!d.cancelled) rememberBatch(null);
    progress.value = d.done;
    statsTable($('batch-table'), d.summaries);
    status('batch-status', finishedText(d));
    plot(true);
  });
  es.addEventListener('error', (e) => {
    const data = /** @type {MessageEvent} */ (e).data;
    if (data) { status('batch-status', JSON.parse(data).error, true); endBatch(); rememberBatch(null); return; }
    // The browser tries again by itself; the server then resumes the run.
    if (es.readyState === EventSource.CONNECTING && S.batchES === es) {
      status('batch-status', `${run === null ? 'The batch' : `Run ${run}`}: the server cannot be reached; trying again…`, true);
      return;
    }
    if (es.readyState === EventSource.CLOSED && S.batchES === es) {
      // The server refused the stream (an event stream cannot read why;
      // the plan was checked just before, so its batch slot is held).
      if (run === null && attempt < BATCH_TRIES) {
        status('batch-status', 'Waiting for the server to take the batch: another batch is running, or one just stopped is finishing its games in play…');
        batchRetry = setTimeout(() => { if (S.batchES === es) openBatchStream(plan, rememberedBefore, attempt + 1); }, retryDelayMs(attempt));
        return;
      }
      if (run === null) {
        status('batch-status', 'The batch could not start: the server is running another batch. Wait for it, or stop it, and Start again.', true);
        // Nothing of this plan was played: what was remembered before stays.
        rememberText(rememberedBefore);
      } else {
        status('batch-status', `Run ${run}: the server refused to go on (is another batch running?). What finished is stored; Start resumes it.`, true);
      }
      endBatch();
    }
  });
}

function endBatch() {
  clearTimeout(batchRetry);
  if (S.batchES) S.batchES.close();
  S.batchES = null;
  /** @type {HTMLButtonElement} */ ($('batch-start')).disabled = false;
}

export function stopBatch() {
  if (!S.batchES) return;
  endBatch();
  status('batch-status', 'Stopped; what finished is stored. Start the same batch again to resume it.');
}
