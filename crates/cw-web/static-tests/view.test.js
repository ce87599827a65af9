// @ts-check
// The words of the play tab: the status line, the par, the review.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PAR_RETRY_MAX_S, parLabel, retryDelayMs } from '../static/js/par.js';
import { divergence, lossMarks, lostAt, moveClass, noSolutionText, summaryLines } from '../static/js/review.js';
import { gameKey, gameOver, newState, shown } from '../static/js/state.js';
import { parVerdict, statusText } from '../static/js/view.js';

/**
 * A state with a game of `moves` on a board whose blocks the moves clear as `at` says.
 * @param {number[]} moves
 * @param {(number | null)[]} at
 */
function game(moves, at) {
  const s = newState();
  s.board = { id: '3x1c3-s1', width: 3, height: 1, colors: 3, cells: '.01' };
  s.moves = moves;
  s.known = moves;
  s.pos = { cleared_at: at };
  return s;
}

const proven = { done: true, proven: true, par: 2, lower_bound: 2, moves: [0, 1] };

test('the move shown: the last, or the one picked in review', () => {
  const s = game([0, 1], [0, 1, 2]);
  assert.equal(shown(s), 2);
  s.view = 1;
  assert.equal(shown(s), 1);
  assert.equal(gameKey(s), '3x1c3-s1|0,1');
});

test('a game is over when its moves clear the board', () => {
  assert.ok(gameOver(game([0, 1], [0, 1, 2])));
  assert.ok(!gameOver(game([0], [0, 1, 2])));
  assert.ok(!gameOver(newState()));
});

test('the status follows the position shown', () => {
  const s = game([0], [0, 1, 2]);
  assert.equal(statusText(s, 1), '1 block left.');
  s.view = 0;
  assert.equal(statusText(s, 2), '2 blocks left after move 0.');
});

test('a hint keeps its text on the status line', () => {
  const s = game([0], [0, 1, 2]);
  s.hint = { color: 1, remaining: 1, proven: true, at: 1 };
  assert.equal(statusText(s, 1), null);
  s.hint = null;
  s.hintAbort = new AbortController();
  assert.equal(statusText(s, 1), null);
});

test('a finished game keeps its result, with its par once known', () => {
  const s = game([0, 1], [0, 1, 2]);
  s.view = 1;
  assert.equal(statusText(s, 1), 'Cleared in 2 moves.');
  s.par = proven;
  assert.equal(statusText(s, 1), 'Cleared in 2 moves — par, an optimal game!');
});

test('what a game says about its par', () => {
  assert.equal(parVerdict(null, 5), '');
  assert.equal(parVerdict({ lower: 3 }, 5), '');
  assert.equal(parVerdict({ done: true, proven: true, par: 5 }, 5), ' — par, an optimal game!');
  assert.equal(parVerdict({ done: true, proven: true, par: 4 }, 7), ' — par is 4, 3 over');
  assert.equal(parVerdict({ done: true, proven: false, par: 6 }, 7), ' (best known 6)');
});

test('the par label: time, then bounds, then the par', () => {
  const t0 = 1_000_000;
  assert.equal(parLabel(null, t0, t0), '–');
  assert.equal(parLabel({ error: 'a bug' }, t0, t0), 'unavailable: a bug');
  assert.equal(parLabel({}, t0, t0 + 2400), 'searching… 2 s');
  assert.equal(parLabel({ lower: 20, upper: null, time_ms: 60000 }, t0, t0 + 3000), '≥ 20, searching… 3 s of at most 60 s');
  assert.equal(parLabel({ lower: 20, upper: 24 }, t0, t0 + 1000), '20–24, searching… 1 s');
  assert.equal(parLabel({ done: true, proven: true, par: 22 }, t0, t0), '22');
  assert.equal(parLabel({ done: true, proven: false, par: 23, lower_bound: 21 }, t0, t0), '≤ 23 (search stopped; ≥ 21)');
});

test('a par search that failed says when it tries again', () => {
  const now = 5_000_000;
  assert.equal(parLabel({ retryAt: now + 3200 }, 0, now), 'unavailable (server busy?); retrying in 4 s');
  assert.equal(parLabel({ retryAt: now - 10 }, 0, now), 'unavailable (server busy?); retrying in 1 s');
  assert.deepEqual([1, 2, 3, 4, 5, 6, 7, 20].map(retryDelayMs), [1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  assert.equal(PAR_RETRY_MAX_S, 30);
});

test('the moves a move lost, from the optimal moves left around it', () => {
  // 5 moves left at the start; the first move keeps 4, the second loses one, the third two.
  const remaining = [5, 4, 4, 5, null];
  assert.equal(lostAt(remaining, 0), 0);
  assert.equal(lostAt(remaining, 1), 1);
  assert.equal(lostAt(remaining, 2), 2);
  assert.equal(lostAt(remaining, 3), null);
  assert.deepEqual(lossMarks(remaining, 4), [null, 1, 2, null]);
  assert.deepEqual(lossMarks([null, null], 1), [null]);
});

test('where a game leaves the optimal solution', () => {
  assert.equal(divergence([0, 1, 2], [0, 2, 1]), 1);
  assert.equal(divergence([0, 1], [0, 1, 2]), -1);
  assert.equal(divergence([0, 1], null), -1);
});

test('the classes of a move in the list', () => {
  assert.equal(moveClass(2, 3, false, -1), 'current');
  assert.equal(moveClass(3, 3, true, -1), 'future');
  assert.equal(moveClass(3, 3, false, -1), '');
  assert.equal(moveClass(1, 2, true, 1), 'current diverge');
  assert.equal(moveClass(4, 1, true, 4), 'future diverge');
});

test('the optimal list says why it is empty', () => {
  assert.equal(noSolutionText(null), '–');
  assert.equal(noSolutionText({ lower: 3 }), 'the par search is still running…');
  assert.equal(noSolutionText({ retryAt: 1 }), 'the par search will try again…');
});

test('the review summary of a finished game', () => {
  const par = { done: true, proven: true, par: 3, moves: [0, 1, 2] };
  const analysis = { key: 'x', remaining: [3, 3, 2, 1, 0], done: true, complete: true };
  const lines = summaryLines({ n: 4, k: 2, reviewing: true, over: true, par, diverge: 0, analysis });
  assert.deepEqual(lines, [
    'You used 4 moves; the optimum is 3: 1 move lost.',
    'Your game leaves this optimal solution at move 1.',
    'Moves that lost ground: 1, marked in red under your moves.',
    'From this position, 2 moves clear the board.',
  ]);
});

test('the review summary says when its analysis failed', () => {
  const failed = { key: 'x', remaining: [null, null, null], done: false, failed: true };
  assert.deepEqual(summaryLines({ n: 2, k: 2, reviewing: true, over: true, par: null, diverge: -1, analysis: failed }), [
    'The analysis stopped: the server is busy or cannot be reached. Leave the review and open it again to retry.',
  ]);
});

test('the review summary says when its analysis was left unfinished', () => {
  // Leaving the review stops the analysis: it no longer claims to run.
  const stopped = { key: 'x', remaining: [2, null, null], done: false, stopped: true };
  assert.deepEqual(summaryLines({ n: 2, k: 2, reviewing: false, over: true, par: null, diverge: -1, analysis: stopped }), [
    'The analysis stopped at 1 of 3 positions when the review was left; the next review starts it again.',
  ]);
});

test('the review summary while the analysis runs, and of an optimal game', () => {
  const par = { done: true, proven: false, par: 2, moves: [0, 1] };
  const running = { key: 'x', remaining: [2, null, null], done: false };
  assert.deepEqual(summaryLines({ n: 2, k: 2, reviewing: false, over: false, par, diverge: -1, analysis: running }), [
    '2 moves so far; the best known is 2.',
    'Your moves follow this optimal solution.',
    'Analysing every position… 1 of 3.',
  ]);
  const done = { key: 'x', remaining: [2, 1, 0], done: true, complete: true };
  assert.deepEqual(summaryLines({ n: 2, k: 0, reviewing: true, over: true, par: null, diverge: -1, analysis: done }), [
    'No move lost ground: an optimal game.',
    'From this position, 2 moves clear the board.',
  ]);
  const partial = { key: 'x', remaining: [2, null, 0], done: true, complete: false };
  assert.deepEqual(summaryLines({ n: 2, k: 1, reviewing: true, over: true, par: null, diverge: -1, analysis: partial }), [
    '(The analysis ran out of its time budget for some positions.)',
  ]);
  assert.deepEqual(summaryLines({ n: 0, k: 0, reviewing: false, over: false, par, diverge: -1, analysis: null }), [
    'the best known: 2 moves.',
  ]);
});
