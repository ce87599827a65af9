// @ts-check
// Tables of statistics, for a batch and for stored runs.

import { el } from './dom.js';

/**
 * A number with `d` decimals; '–' for none; text as it is.
 * @param {number | string | null | undefined} x
 * @param {number} [d]
 */
export function fmt(x, d = 2) {
  if (x === null || x === undefined) return '–';
  return typeof x === 'number' ? x.toFixed(d) : x;
}

/**
 * One spec's statistics (`cw_lab::Summary`).
 * @typedef {object} Summary
 * @property {string} spec
 * @property {number} n
 * @property {number} solved
 * @property {number} [out_of_time]
 * @property {number | null} min_moves
 * @property {number | null} mean_moves
 * @property {number | null} max_moves
 * @property {number | null} stdev_moves
 * @property {number | null} mean_ms
 * @property {number | null} mean_gap
 * @property {number} with_optimum
 * @property {number} optimal_hits
 */

export const STATS_HEAD = ['spec', 'solved', 'min', 'mean', 'max', 'stdev', 'ms/board', 'gap to optimum', 'optimal hits'];

/**
 * The rows of a statistics table, a spec each; a spec with no games yet
 * (a batch under way, a run played in part) shows `0/0` and dashes.
 * @param {Summary[]} summaries
 * @returns {string[][]}
 */
export function statsRows(summaries) {
  return summaries.map((s) => [
    s.spec,
    s.out_of_time ? `${s.solved}/${s.n} (${s.out_of_time} out of time)` : `${s.solved}/${s.n}`,
    fmt(s.min_moves, 0), fmt(s.mean_moves), fmt(s.max_moves, 0), fmt(s.stdev_moves), s.n ? fmt(s.mean_ms, 2) : '–',
    s.mean_gap === null ? '–' : `${fmt(s.mean_gap)} (${s.with_optimum} board${s.with_optimum === 1 ? '' : 's'})`,
    s.with_optimum ? `${s.optimal_hits}/${s.with_optimum}` : '–',
  ]);
}

/**
 * Fills `table` with a head row and `rows`; `onRow(i, tr)` hears clicks on row `i`.
 * @param {HTMLElement} table
 * @param {string[]} head
 * @param {(string | number)[][]} rows
 * @param {(i: number, tr: HTMLTableRowElement) => void} [onRow]
 */
export function fillTable(table, head, rows, onRow) {
  table.replaceChildren(el('tr', {}, ...head.map((h) => el('th', { text: h }))));
  rows.forEach((r, i) => {
    const tr = el('tr', {}, ...r.map((c) => el('td', { text: String(c) })));
    if (onRow) {
      // A row that opens something is reached with Tab and opened with
      // Enter or Space, as a button is.
      tr.tabIndex = 0;
      tr.addEventListener('click', () => onRow(i, tr));
      tr.addEventListener('keydown', (e) => {
        if (e.key !== 'Enter' && e.key !== ' ') return;
        e.preventDefault();
        onRow(i, tr);
      });
    }
    table.append(tr);
  });
}

/**
 * @param {HTMLElement} table
 * @param {Summary[]} summaries
 */
export function statsTable(table, summaries) {
  fillTable(table, STATS_HEAD, statsRows(summaries));
}
