// @ts-check
// The review panel: the game's moves, an optimal solution, and what the
// analysis of every position says. Its lists are kept, not rebuilt: a new
// move adds its swatch, a step through the game changes a few classes, and
// the lists are made again only when the game or the palette changes.

import { colorName, colorOf, swatchClass } from './colors.js';
import { $, el, setText } from './dom.js';
import { playedBy } from './position.js';
import { S, gameKey, gameOver, shown } from './state.js';
import { streamUrl } from './api.js';

/**
 * The moves move `i` (from 0) lost: 1 + remaining after it − remaining
 * before it, or null while the analysis has not reached both positions.
 * @param {(number | null)[]} remaining the optimal moves left after each move
 * @param {number} i
 * @returns {number | null}
 */
export function lostAt(remaining, i) {
  const before = remaining[i], after = remaining[i + 1];
  if (before === null || before === undefined || after === null || after === undefined) return null;
  return 1 + after - before;
}

/**
 * The moves each of `n` moves lost, where known and more than none; null
 * where a move lost nothing or is not known yet.
 * @param {(number | null)[]} remaining
 * @param {number} n
 * @returns {(number | null)[]}
 */
export function lossMarks(remaining, n) {
  const marks = [];
  for (let i = 0; i < n; i++) {
    const lost = lostAt(remaining, i);
    marks.push(lost !== null && lost > 0 ? lost : null);
  }
  return marks;
}

/**
 * Where the game's moves leave an optimal solution (the index of the first
 * move that differs), or -1 when they follow it or there is none.
 * @param {number[]} moves
 * @param {number[] | null} optimal
 */
export function divergence(moves, optimal) {
  return optimal ? moves.findIndex((m, i) => m !== optimal[i]) : -1;
}

/**
 * The classes of the swatch of move `i` (from 0), beside its color's: the
 * move shown, moves after it in review, the move that leaves the optimal
 * solution.
 * @param {number} i
 * @param {number} k the move shown
 * @param {boolean} reviewing
 * @param {number} diverge
 */
export function moveClass(i, k, reviewing, diverge) {
  return [i === k - 1 ? 'current' : '', reviewing && i >= k ? 'future' : '', i === diverge ? 'diverge' : '']
    .filter(Boolean).join(' ');
}

/**
 * What the optimal list says while it has no solution to show.
 * @param {import('./state.js').Par | null} par
 */
export function noSolutionText(par) {
  if (par && par.retryAt) return 'the par search will try again…';
  if (par && !par.done) return 'the par search is still running…';
  return '–';
}

/**
 * The summary under the lists, a line each.
 * @param {object} g
 * @param {number} g.n the game's moves
 * @param {number} g.k the move shown
 * @param {boolean} g.reviewing
 * @param {boolean} g.over whether the game cleared the board
 * @param {import('./state.js').Par | null} g.par
 * @param {number} g.diverge
 * @param {import('./state.js').Analysis | null} g.analysis this game's, if any
 * @returns {string[]}
 */
export function summaryLines({ n, k, reviewing, over, par, diverge, analysis }) {
  const lines = [];
  if (par && par.done && par.moves) {
    const best = par.par;
    const word = par.proven ? 'the optimum' : 'the best known';
    if (n === 0) lines.push(`${word}: ${best} moves.`);
    else if (over) {
      const lost = n - /** @type {number} */ (best);
      lines.push(`You used ${n} moves; ${word} is ${best}: ${lost} move${lost === 1 ? '' : 's'} lost.`);
    }
    else lines.push(`${n} moves so far; ${word} is ${best}.`);
    if (diverge >= 0) lines.push(`Your game leaves this optimal solution at move ${diverge + 1}.`);
    else if (n > 0) lines.push('Your moves follow this optimal solution.');
  }
  if (analysis) {
    const a = analysis;
    const known = a.remaining.filter((r) => r !== null).length;
    const losers = lossMarks(a.remaining, n).filter((m) => m !== null).length;
    if (a.stopped) lines.push(`The analysis stopped at ${known} of ${n + 1} positions when the review was left; the next review starts it again.`);
    else if (!a.done && !a.failed) lines.push(`Analysing every position… ${known} of ${n + 1}.`);
    if (a.failed) {
      lines.push('The analysis stopped: the server is busy or cannot be reached. Leave the review and open it again to retry.');
    }
    if (losers) lines.push(`Moves that lost ground: ${losers}, marked in red under your moves.`);
    else if (a.done && a.complete && n > 0) lines.push('No move lost ground: an optimal game.');
    if (a.done && !a.complete) lines.push('(The analysis ran out of its time budget for some positions.)');
    const left = a.remaining[k];
    if (reviewing && left !== null && left !== undefined) lines.push(`From this position, ${left} moves clear the board.`);
  }
  return lines;
}

// ---------------------------------------------------------------- drawing

/**
 * A move's swatch.
 * @param {number} c its color
 * @param {number} i its index (from 0)
 * @param {string} cls
 */
function moveChip(c, i, cls) {
  const d = el('div', {
    class: `mv ${cls}${swatchClass(S.palette, c)}`,
    title: `move ${i + 1}: ${colorName(c)}`,
    text: String(i + 1),
    'data-move': String(i),
  });
  d.style.backgroundColor = colorOf(S.palette, c);
  return d;
}

/**
 * What the panel last drew: the moves in the list (their cells, colors,
 * classes and loss marks), the palette, and the optimal list and summary as
 * text keys.
 */
const R = {
  /** @type {{ cell: HTMLElement, chip: HTMLElement, color: number, cls: string, lost: number | null }[]} */
  moves: [],
  /** @type {import('./colors.js').Palette | null} */
  palette: null,
  optimal: '',
  summary: '',
};

/**
 * Keeps the list of the game's moves: the moves the list already has stay,
 * the others go, new ones are added; then each swatch's classes and loss
 * mark are set where they changed.
 * @param {number} k
 * @param {boolean} reviewing
 * @param {number} diverge
 * @param {(number | null)[] | null} marks
 */
function drawMoves(k, reviewing, diverge, marks) {
  const list = $('rv-moves');
  if (R.palette !== S.palette) {
    R.moves = [];
    list.replaceChildren();
  }
  let same = 0;
  while (same < R.moves.length && same < S.moves.length && R.moves[same].color === S.moves[same]) same++;
  for (const gone of R.moves.splice(same)) gone.cell.remove();
  for (let i = same; i < S.moves.length; i++) {
    const cls = moveClass(i, k, reviewing, diverge);
    const chip = moveChip(S.moves[i], i, cls);
    const cell = el('div', { class: 'mv-cell' }, chip);
    list.append(cell);
    R.moves.push({ cell, chip, color: S.moves[i], cls, lost: null });
  }
  list.classList.toggle('with-losses', marks !== null);
  R.moves.forEach((m, i) => {
    const cls = moveClass(i, k, reviewing, diverge);
    if (cls !== m.cls) {
      m.chip.className = `mv ${cls}${swatchClass(S.palette, m.color)}`;
      m.cls = cls;
    }
    const lost = marks ? marks[i] : null;
    if (lost !== m.lost) {
      if (m.lost !== null) m.cell.lastChild?.remove();
      if (lost !== null) {
        m.cell.append(el('span', { class: 'loss', text: `+${lost}`, title: `move ${i + 1} lost ${lost} move${lost === 1 ? '' : 's'}` }));
      }
      m.lost = lost;
    }
  });
}

/** Draws the review panel for the game and the move shown. */
export function renderReview() {
  const reviewing = S.view !== null;
  for (const id of ['rv-first', 'rv-prev', 'rv-next', 'rv-last', 'rv-exit', 'rv-slider']) {
    /** @type {HTMLButtonElement} */ ($(id)).disabled = !reviewing;
  }
  if (!S.board) return;
  const n = S.moves.length;
  const k = shown();
  setText($('rv-pos'), `${k} / ${n}`);
  const slider = /** @type {HTMLInputElement} */ ($('rv-slider'));
  slider.max = String(n);
  slider.value = String(k);
  setText($('rv-by'), n ? `(played by ${playedBy(S.who, n)})` : '');
  const opt = S.par && S.par.done && S.par.moves ? S.par.moves : null;
  const diverge = divergence(S.moves, opt);
  const analysis = S.analysis && S.analysis.key === gameKey() ? S.analysis : null;
  drawMoves(k, reviewing, diverge, analysis ? lossMarks(analysis.remaining, n) : null);

  const optKey = opt ? `${opt.join(',')}|${diverge}` : noSolutionText(S.par);
  if (optKey !== R.optimal || R.palette !== S.palette) {
    const list = $('rv-optimal');
    if (opt) list.replaceChildren(...opt.map((c, i) => moveChip(c, i, i === diverge ? 'diverge' : '')));
    else list.replaceChildren(el('span', { class: 'muted', text: optKey }));
    R.optimal = optKey;
  }
  R.palette = S.palette;

  const lines = summaryLines({ n, k, reviewing, over: gameOver(), par: S.par, diverge, analysis });
  const summary = lines.join('\n');
  if (summary !== R.summary) {
    $('rv-summary').replaceChildren(...lines.map((t) => el('div', { text: t })));
    R.summary = summary;
  }
}

// ---------------------------------------------------------------- analysis

export function stopAnalysis() {
  if (S.analysisES) S.analysisES.close();
  S.analysisES = null;
}

/**
 * Stops the analysis when the review is left; one not finished then says
 * so, rather than "Analysing…" (the next review asks for it again).
 */
export function interruptAnalysis() {
  const running = S.analysisES !== null;
  stopAnalysis();
  const a = S.analysis;
  if (running && a && !a.done && !a.failed) a.stopped = true;
}

/** Asks for the optimal moves left after every move of the game. */
export function startAnalysis() {
  stopAnalysis();
  if (!S.board) return;
  const n = S.moves.length;
  /** @type {import('./state.js').Analysis} */
  const a = { key: gameKey(), remaining: new Array(n + 1).fill(null), done: false };
  S.analysis = a;
  const es = new EventSource(streamUrl('/api/analysis', { board: S.board.id, moves: S.moves.join(',') }));
  S.analysisES = es;
  es.addEventListener('position', (e) => {
    const p = JSON.parse(e.data);
    a.remaining[p.after] = p.remaining;
    renderReview();
  });
  es.addEventListener('done', (e) => {
    a.done = true;
    a.complete = JSON.parse(/** @type {MessageEvent} */ (e).data).complete;
    stopAnalysis();
    renderReview();
  });
  es.onerror = () => {
    if (S.analysisES !== es) return;
    stopAnalysis();
    a.failed = true;
    renderReview();
  };
}
