// @ts-check
// The board's par: the minimum number of moves, searched on the server
// when a board is shown. The label counts the search's time, then shows
// its bounds, then the par, which also sets a move limit of par plus a
// slack (`onParDone`).

import { streamUrl } from './api.js';
import { $, setText } from './dom.js';
import { renderReview } from './review.js';
import { S } from './state.js';
import { render } from './view.js';

/** What to do when par is known: set by app.js (the move limit waits for it). */
let whenDone = () => {};

/**
 * Calls `f` each time a par search answers.
 * @param {() => void} f
 */
export function onParDone(f) {
  whenDone = f;
}

/** The longest wait between two tries of a par search, in seconds. */
export const PAR_RETRY_MAX_S = 30;

/**
 * How long to wait before try `attempt` (from 1) when a search could not
 * start or broke: 1, 2, 4 … seconds, at most `PAR_RETRY_MAX_S`.
 * @param {number} attempt
 */
export function retryDelayMs(attempt) {
  return Math.min(PAR_RETRY_MAX_S, 2 ** (attempt - 1)) * 1000;
}

/**
 * The par label.
 * @param {import('./state.js').Par | null} p
 * @param {number} started when the search started (ms)
 * @param {number} now (ms)
 */
export function parLabel(p, started, now) {
  /** @param {number} t */
  const secs = (t) => Math.max(0, Math.round(t / 1000));
  if (!p) return '–';
  if (p.error) return `unavailable: ${p.error}`;
  if (p.done) return p.proven ? `${p.par}` : `≤ ${p.par} (search stopped; ≥ ${p.lower_bound})`;
  if (p.retryAt) return `unavailable (server busy?); retrying in ${Math.max(1, Math.ceil((p.retryAt - now) / 1000))} s`;
  const took = `searching… ${secs(now - started)} s`;
  if (p.lower === undefined) return took;
  const budget = p.time_ms ? ` of at most ${secs(p.time_ms)} s` : '';
  const bounds = p.upper === null || p.upper === undefined ? `≥ ${p.lower}` : `${p.lower}–${p.upper}`;
  return `${bounds}, ${took}${budget}`;
}

export function stopPar() {
  if (S.parES) S.parES.close();
  S.parES = null;
  clearInterval(S.parTimer);
  clearTimeout(S.parRetry);
}

export function showPar() {
  setText($('par'), parLabel(S.par, S.parStart, Date.now()));
}

/**
 * Asks for the board's par: the elapsed time ticks until the bounds come,
 * then the bounds, then the par. When the search cannot start (the server
 * is busy) or its stream breaks, it tries again (`retryDelayMs`).
 * @param {number} [attempt] the tries that failed in a row
 */
export function startPar(attempt = 0) {
  stopPar();
  if (!S.board) return;
  /** @type {import('./state.js').Par} */
  const par = {};
  S.par = par;
  S.parStart = Date.now();
  showPar();
  const es = new EventSource(streamUrl('/api/par', { board: S.board.id }));
  S.parES = es;
  S.parTimer = setInterval(showPar, 1000);
  es.addEventListener('bounds', (e) => {
    attempt = 0;
    Object.assign(par, JSON.parse(e.data));
    showPar();
  });
  es.addEventListener('done', (e) => {
    Object.assign(par, JSON.parse(e.data), { done: true });
    stopPar();
    showPar();
    render();
    if (S.par === par) whenDone();
  });
  es.onerror = (e) => {
    if (S.parES !== es) return;
    stopPar();
    if (par.done) return;
    // An `error` event from the server says what went wrong: trying again
    // would meet it again.
    const data = /** @type {MessageEvent} */ (e).data;
    if (data) {
      S.par = { error: JSON.parse(data).error };
      showPar();
      return;
    }
    const wait = retryDelayMs(attempt + 1);
    S.par = { retryAt: Date.now() + wait };
    S.parRetry = setTimeout(() => startPar(attempt + 1), wait);
    S.parTimer = setInterval(showPar, 250);
    showPar();
    renderReview();
  };
}
