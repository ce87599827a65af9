// @ts-check
// The Runs tab: every stored run, one run's statistics and plot, and two
// runs compared board by board.

import { api } from './api.js';
import { $, clearError, el, input, showError } from './dom.js';
import { S } from './state.js';
import { fillTable, fmt, statsTable } from './tables.js';

/**
 * A stored run (GET /api/runs).
 * @typedef {{ id: number, created: string, board_set: string, specs: string[], n_boards: number,
 *             n_results: number, finished: boolean }} Run
 */

export const RUNS_HEAD = ['run', 'created (UTC)', 'boards', 'specs', 'n', 'results', 'finished'];

/**
 * @param {Run[]} runs
 * @returns {(string | number)[][]}
 */
export function runRows(runs) {
  return runs.map((r) => [r.id, r.created, r.board_set, r.specs.join(', '), r.n_boards,
    `${r.n_results}/${r.n_boards * r.specs.length}`, r.finished ? 'yes' : 'no']);
}

export const COMPARE_HEAD = ['spec', 'pairs', 'b better', 'b worse', 'equal', 'both solved', 'mean a', 'mean b', 'mean b − a', 'ms a', 'ms b'];

/**
 * One spec of two runs compared (GET /api/compare).
 * The means of moves are over the pairs both runs solved (`n_both_solved`).
 * @typedef {{ spec: string, n_pairs: number, better: number, worse: number, equal: number,
 *             n_both_solved: number,
 *             mean_a: number | null, mean_b: number | null, mean_diff: number | null,
 *             mean_ms_a: number | null, mean_ms_b: number | null }} Diff
 */

/**
 * @param {Diff[]} diffs
 * @returns {(string | number)[][]}
 */
export function compareRows(diffs) {
  // With no pairs the server sends no times (null), shown as '–'.
  return diffs.map((x) => [x.spec, x.n_pairs, x.better, x.worse, x.equal, x.n_both_solved, fmt(x.mean_a), fmt(x.mean_b), fmt(x.mean_diff),
    fmt(x.mean_ms_a, 1), fmt(x.mean_ms_b, 1)]);
}

/** Lists the stored runs, and offers them for comparison. */
export async function loadRuns() {
  try {
    S.runs = (await api('/api/runs')).runs;
    clearError('runs-error');
  } catch (e) { showError('runs-error', e); return; }
  const table = $('runs-table');
  fillTable(table, RUNS_HEAD, runRows(S.runs), (i, tr) => {
    for (const t of table.querySelectorAll('tr')) t.classList.remove('selected');
    tr.classList.add('selected');
    showRun(S.runs[i].id);
  });
  for (const sel of [input('cmp-a'), input('cmp-b')]) {
    const old = sel.value;
    sel.replaceChildren(...S.runs.map((r) => el('option', { value: String(r.id), text: `${r.id}: ${r.board_set}` })));
    if (old) sel.value = old;
  }
  if (S.runs.length > 1 && !input('cmp-b').dataset.touched) input('cmp-b').value = String(S.runs[1].id);
}

/** The newest request of the run view and of the comparison: an older answer is dropped. */
let runAsked = 0;
let compareAsked = 0;

/**
 * Shows run `id`: its statistics and its plot.
 * @param {number} id
 */
async function showRun(id) {
  const asked = ++runAsked;
  try {
    const d = await api(`/api/runs/${id}`);
    // Another run was clicked while this one loaded: it is the one shown.
    if (asked !== runAsked) return;
    $('run-title').textContent = `Run ${id}: ${d.run.board_set}, ${d.run.n_results} results, ${d.run.machine}, version ${d.run.version}`;
    statsTable($('run-table'), d.summaries);
    const img = /** @type {HTMLImageElement} */ ($('run-plot'));
    img.hidden = d.run.n_results === 0;
    if (d.run.n_results) img.src = `/api/runs/${id}/plot.svg?t=${Date.now()}`;
    clearError('runs-error');
  } catch (e) { if (asked === runAsked) showError('runs-error', e); }
}

/**
 * What a comparison leaves out: the specs only one of the runs played.
 * @param {number | string} a
 * @param {number | string} b
 * @param {string[]} onlyA
 * @param {string[]} onlyB
 */
export function leftOutText(a, b, onlyA, onlyB) {
  /** @param {string[]} specs @param {number | string} run */
  const part = (specs, run) => specs.length ? `${specs.join(', ')} only in run ${run}` : '';
  const parts = [part(onlyA, a), part(onlyB, b)].filter((p) => p);
  return parts.length ? `Left out (no pairs): ${parts.join('; ')}.` : '';
}

/** Compares the two runs picked. */
export async function compareRuns() {
  const a = input('cmp-a').value, b = input('cmp-b').value;
  if (!a || !b) return;
  const asked = ++compareAsked;
  try {
    const d = await api(`/api/compare?a=${a}&b=${b}`);
    if (asked !== compareAsked) return;
    const left = leftOutText(a, b, d.only_a || [], d.only_b || []);
    $('cmp-title').textContent = `Run ${a} (a) against run ${b} (b): better and worse count boards where b used fewer or more moves; the means are over the boards both solved.${left ? ` ${left}` : ''}`;
    fillTable($('cmp-table'), COMPARE_HEAD, compareRows(d.diffs));
    clearError('runs-error');
    /** @type {{ n_pairs: number }[]} */
    const diffs = d.diffs;
    if (diffs.every((x) => x.n_pairs === 0)) {
      showError('runs-error', diffs.length
        ? `Runs ${a} and ${b} share no board: there is nothing to pair.`
        : `Runs ${a} and ${b} share no spec: there is nothing to pair.`);
    }
  } catch (e) { if (asked === compareAsked) showError('runs-error', e); }
}
