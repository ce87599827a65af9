// @ts-check
// What the page makes of its forms and keys: board requests, solver specs,
// batch plans, and the tables.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { batchInput, batchProblem, finishedText, planText, startedText } from '../static/js/batch.js';
import { boardRequest, hintText, idFields, keyCommand, limitText, newGameProblem } from '../static/js/play.js';
import { compareRows, leftOutText, runRows } from '../static/js/runs.js';
import { nextOfLine, solveVerdict, specOf, speedLabel, speedOf, stepText, stepsLeft } from '../static/js/solver.js';
import { fmt, statsRows } from '../static/js/tables.js';

test('keys play colors and commands', () => {
  assert.deepEqual(keyCommand('1'), { play: 0 });
  assert.deepEqual(keyCommand('0'), { play: 9 });
  assert.deepEqual(keyCommand('F'), { play: 15 });
  assert.equal(keyCommand('u'), 'undo');
  assert.equal(keyCommand('r'), 'restart');
  assert.equal(keyCommand('h'), 'hint');
  assert.equal(keyCommand('l'), 'clearable');
  assert.deepEqual(keyCommand('c'), { play: 12 }, 'c is the key of color 13, not a command');
  assert.equal(keyCommand('s'), 'step');
  assert.equal(keyCommand('ArrowLeft'), 'back');
  assert.equal(keyCommand('ArrowRight'), 'forward');
  assert.equal(keyCommand('U'), null);
  assert.equal(keyCommand('x'), null);
  assert.equal(keyCommand('Enter'), null);
});

const FORM = { width: '30', height: '20', colors: '5', seed: ' 42 ', series: '3', id: ' 10x8c4-s7 ', text: '.01\n10' };

test('the New game panel asks for the board of its source', () => {
  assert.deepEqual(boardRequest('random', FORM), { source: 'random', width: 30, height: 20, colors: 5 });
  assert.deepEqual(boardRequest('seed', FORM), { source: 'id', id: '30x20c5-s42' });
  assert.deepEqual(boardRequest('series', FORM), { source: 'series', index: 3, width: 30, height: 20, colors: 5 });
  assert.deepEqual(boardRequest('id', FORM), { source: 'id', id: '10x8c4-s7' });
  assert.deepEqual(boardRequest('text', FORM), { source: 'text', text: '.01\n10' });
});

test('a Flood-It board from the panel: its start and its seed, or a random one', () => {
  const flood = { ...FORM, width: '14', height: '14', colors: '6', fseed: ' 7 ', start: 'corner', startRow: '3', startCol: '4' };
  assert.deepEqual(boardRequest('floodit', flood), { source: 'floodit', width: 14, height: 14, colors: 6, seed: 7 });
  assert.deepEqual(boardRequest('floodit', { ...flood, start: 'centre', fseed: '' }),
    { source: 'floodit', width: 14, height: 14, colors: 6, start: 'centre' });
  assert.deepEqual(boardRequest('floodit', { ...flood, start: 'cell' }),
    { source: 'floodit', width: 14, height: 14, colors: 6, start: [3, 4], seed: 7 });
});

test('the panel\'s move limit goes with the board request', () => {
  assert.equal(limitText('none', '3'), null);
  assert.equal(limitText(undefined, undefined), null);
  assert.equal(limitText('par', '0'), 'par');
  assert.equal(limitText('par', ''), 'par');
  assert.equal(limitText('par', ' 2 '), 'par+2');
  assert.equal(limitText('moves', '25'), '25');
  // What the server checks: the panel sends what was typed.
  assert.equal(limitText('moves', 'x'), 'x');
  assert.deepEqual(boardRequest('id', { ...FORM, limitKind: 'par', limitN: '2' }), { source: 'id', id: '10x8c4-s7', limit: 'par+2' });
  assert.deepEqual(boardRequest('random', { ...FORM, limitKind: 'moves', limitN: '30' }),
    { source: 'random', width: 30, height: 20, colors: 5, limit: '30' });
  assert.deepEqual(boardRequest('id', { ...FORM, limitKind: 'none', limitN: '2' }), { source: 'id', id: '10x8c4-s7' });
});

test('a board ID fills the panel when it names a series\', seeded or Flood-It board', () => {
  const corner = { start: 'corner', row: '0', col: '0' };
  assert.deepEqual(idFields('30x20c5-k3'), { width: '30', height: '20', colors: '5', source: 'series', number: '3', ...corner });
  assert.deepEqual(idFields('8x6c16-s42'), { width: '8', height: '6', colors: '16', source: 'seed', number: '42', ...corner });
  assert.deepEqual(idFields('14x14c6-f3'), { width: '14', height: '14', colors: '6', source: 'floodit', number: '3', ...corner });
  assert.deepEqual(idFields('19x19c6@9,9-f7'),
    { width: '19', height: '19', colors: '6', source: 'floodit', number: '7', start: 'centre', row: '9', col: '9' });
  assert.deepEqual(idFields('12x10c5@5,6-f1'),
    { width: '12', height: '10', colors: '5', source: 'floodit', number: '1', start: 'centre', row: '5', col: '6' });
  assert.deepEqual(idFields('12x10c5@2,3-f1'),
    { width: '12', height: '10', colors: '5', source: 'floodit', number: '1', start: 'cell', row: '2', col: '3' });
  assert.equal(idFields('30x20c5@1,1-s3'), null, 'only Flood-It boards start elsewhere');
  assert.equal(idFields('b:3x1:.01'), null);
  assert.equal(idFields('30x20c5-q1'), null);
  assert.equal(idFields('3x3c2@1,1:010101010'), null);
});

test('a hint in words', () => {
  assert.equal(hintText({ color: 2, remaining: 7, proven: true }), 'Hint: play color 3; 7 moves to clear from here (optimal).');
  assert.equal(hintText({ color: 10, remaining: 9, proven: false }),
    'Hint: play color 11 (key a); 9 moves to clear from here (best found in the time budget).');
  assert.equal(hintText({ color: 0, remaining: 258, proven: false, stopped: 'memory' }),
    'Hint: play color 1; 258 moves to clear from here (best found within the memory share).');
});

test('a solver\'s spec leaves its defaults out', () => {
  const params = [
    { name: 'depth', value: '4', default: '4' },
    { name: 'metric', value: 'perimeter', default: 'blocks' },
    { name: 'prune', value: 'true', default: 'false' },
    { name: 'width', value: '', default: '8' },
  ];
  assert.equal(specOf('gla', params), 'gla:metric=perimeter,prune=true');
  assert.equal(specOf('gla', params.slice(0, 1)), 'gla');
  assert.equal(specOf('greedy', []), 'greedy');
});

test('the speed slider: moves per second, then all at once', () => {
  assert.equal(speedOf(1), 1);
  assert.equal(speedOf(60), 60);
  assert.equal(speedOf(61), Infinity);
  assert.equal(speedLabel(10), '10 moves/s');
  assert.equal(speedLabel(Infinity), 'instant');
});

test('what a solver did', () => {
  const r = { spec: 'greedy', outcome: 'solved', moves: [2], nodes: 12, ms: 0.25 };
  // Times under a millisecond keep three decimals (not 0.0 ms).
  assert.equal(stepText(r), 'greedy played color 3 (12 nodes, 0.250 ms).');
  assert.equal(stepText({ ...r, ms: 12.34 }), 'greedy played color 3 (12 nodes, 12.3 ms).');
  assert.equal(stepText({ ...r, moves: [], outcome: 'gave-up' }), 'greedy gave up here (gave-up).');
  // The verdict counts the solver's own moves apart from those before it.
  const all = { ...r, moves: Array(31).fill(1) };
  assert.equal(solveVerdict(all, 31), 'greedy solved in 31 moves (12 nodes, 0.250 ms).');
  assert.equal(solveVerdict({ ...all, moves: [1, 2] }, 6), 'greedy solved in 6 moves (2 of them its own) (12 nodes, 0.250 ms).');
  assert.equal(solveVerdict({ ...all, moves: Array(40).fill(1), outcome: 'out-of-time' }, 40),
    'greedy stopped: out of time after 40 moves (12 nodes, 0.250 ms).');
  assert.equal(solveVerdict({ ...all, moves: Array(20).fill(1), outcome: 'stepped' }, 20, 20),
    'greedy used all 20 moves of the limit without clearing the board (12 nodes, 0.250 ms).');
});

test('a solver plays at most the moves the limit leaves', () => {
  assert.equal(stepsLeft(null, 5), undefined);
  assert.equal(stepsLeft(20, 5), 15);
  assert.equal(stepsLeft(20, 20), 0);
});

test('a batch\'s error marks the input it concerns', () => {
  assert.equal(batchInput('specs: pick at least one solver spec'), 'batch-spec');
  assert.equal(batchInput("spec 'gla:x=1': no parameter x"), 'batch-spec');
  assert.equal(batchInput('count: at most 1000 boards'), 'batch-count');
  assert.equal(batchInput('start: start cell row 8, column 0 is outside the 8x8 board'), 'batch-start-row');
  assert.equal(batchInput('first: must be at least 1'), 'batch-first');
  assert.equal(batchInput('time_limit_ms: at most 60000'), 'batch-time');
  assert.equal(batchInput('the board size 200×20 is too large'), 'batch-width');
  assert.equal(batchInput('at most 16 colors'), 'batch-colors');
  assert.equal(batchInput('the server is busy'), null);
});

test('a batch\'s plan and progress in words', () => {
  const plan = { games: 6, specs: ['greedy', 'gla:depth=3'], description: "the series' boards 1–3 (30×20, 5 colors)", time_limit_ms: 10000 };
  assert.equal(planText(plan), "6 games: 2 specs (greedy, gla:depth=3) on the series' boards 1–3 (30×20, 5 colors), at most 10 s each.");
  assert.equal(planText({ ...plan, games: 1, specs: ['greedy'], time_limit_ms: 1500 }),
    "1 games: 1 spec (greedy) on the series' boards 1–3 (30×20, 5 colors), at most 1.5 s each.");
  assert.equal(startedText({ run: 2, total: 6, already_done: 0 }), 'Run 2: 0 of 6 games.');
  assert.equal(startedText({ run: 2, total: 6, already_done: 4 }), 'Resuming run 2: 4 of 6 games already played.');
  assert.equal(
    startedText({ run: 3, total: 6, already_done: 0, not_resumed: { run: 1, why: ['move limit: 500 then, 1000 now'] } }),
    'Run 3: 0 of 6 games. Unfinished run 1 was not resumed (move limit: 500 then, 1000 now).',
  );
  assert.equal(startedText({ run: 2, total: 6, already_done: 0, not_resumed: null }), 'Run 2: 0 of 6 games.');
  assert.equal(finishedText({ run: 2, done: 6, total: 6, cancelled: false }), 'Finished: 6 games, stored as run 2.');
  assert.equal(finishedText({ run: 2, done: 3, total: 6, cancelled: true }),
    'Stopped: 3 of 6 games stored in run 2; start the same batch again to resume it.');
});

test('numbers in tables', () => {
  assert.equal(fmt(null), '–');
  assert.equal(fmt(undefined), '–');
  assert.equal(fmt(3.14159), '3.14');
  assert.equal(fmt(2, 0), '2');
  assert.equal(fmt('n/a'), 'n/a');
});

test('a statistics row per spec', () => {
  const s = {
    spec: 'greedy', n: 3, solved: 3, min_moves: 30, mean_moves: 31.666, max_moves: 33, stdev_moves: 1.2,
    mean_ms: 0.5, mean_gap: 2.5, with_optimum: 2, optimal_hits: 0,
  };
  assert.deepEqual(statsRows([s]), [['greedy', '3/3', '30', '31.67', '33', '1.20', '0.50', '2.50 (2 boards)', '0/2']]);
  const late = { ...s, solved: 2, out_of_time: 1, mean_gap: null, with_optimum: 0 };
  assert.deepEqual(statsRows([late])[0].slice(1, 2), ['2/3 (1 out of time)']);
  assert.deepEqual(statsRows([late])[0].slice(7), ['–', '–']);
  assert.equal(statsRows([{ ...s, with_optimum: 1 }])[0][7], '2.50 (1 board)');
  // A spec with no games yet: its row, with no statistics.
  const none = {
    spec: 'exact', n: 0, solved: 0, out_of_time: 0, min_moves: null, mean_moves: null, max_moves: null,
    stdev_moves: null, mean_ms: 0, mean_gap: null, with_optimum: 0, optimal_hits: 0,
  };
  assert.deepEqual(statsRows([none]), [['exact', '0/0', '–', '–', '–', '–', '–', '–', '–']]);
});

test('rows of runs and of two runs compared', () => {
  const run = { id: 1, created: '2024-01-01 10:00', board_set: 'koblenski:30x20c5:1..4', specs: ['greedy', 'gla-3'], n_boards: 3, n_results: 5, finished: false };
  assert.deepEqual(runRows([run]), [[1, '2024-01-01 10:00', 'koblenski:30x20c5:1..4', 'greedy, gla-3', 3, '5/6', 'no']]);
  const diff = { spec: 'greedy', n_pairs: 3, better: 1, worse: 0, equal: 2, n_both_solved: 2, mean_a: 31, mean_b: 30.5, mean_diff: -0.5, mean_ms_a: 1.25, mean_ms_b: null };
  assert.deepEqual(compareRows([diff]), [['greedy', 3, 1, 0, 2, 2, '31.00', '30.50', '-0.50', '1.3', '–']]);
  // No pairs: no times either (not 0.0).
  const none = { ...diff, n_pairs: 0, better: 0, equal: 0, n_both_solved: 0, mean_a: null, mean_b: null, mean_diff: null, mean_ms_a: null, mean_ms_b: null };
  assert.deepEqual(compareRows([none]).map((r) => r.slice(9)), [['–', '–']]);
  assert.equal(leftOutText(1, 2, ['near'], ['gla:depth=9']), 'Left out (no pairs): near only in run 1; gla:depth=9 only in run 2.');
  assert.equal(leftOutText(1, 2, [], ['near']), 'Left out (no pairs): near only in run 2.');
  assert.equal(leftOutText(1, 2, [], []), '');
});

test('the New game panel refuses what is not a whole number in range before asking the server', () => {
  /** @type {import('../static/js/play.js').NewGameForm} */
  const f = {
    width: '12', height: '10', colors: '5', seed: '', series: '3', id: '', text: '',
    start: 'corner', startRow: '', startCol: '', fseed: '', limitKind: 'none', limitN: '',
  };
  assert.equal(newGameProblem('random', f), null);
  assert.deepEqual(newGameProblem('random', { ...f, width: '-5' }),
    { message: "The width is '-5': a whole number from 2 to 100", input: 'new-width' });
  assert.deepEqual(newGameProblem('random', { ...f, height: '6.5' }),
    { message: "The height is '6.5': a whole number from 2 to 100", input: 'new-height' });
  assert.deepEqual(newGameProblem('random', { ...f, width: '' }),
    { message: 'The width is empty: a whole number from 2 to 100', input: 'new-width' });
  assert.equal(newGameProblem('random', { ...f, colors: '17' })?.input, 'new-colors');
  assert.equal(newGameProblem('random', { ...f, colors: '1' })?.message, "The color count is '1': a whole number from 2 to 16");
  assert.equal(newGameProblem('series', { ...f, series: '-1' })?.input, 'new-series');
  // The series runs to its generator's last board, as board IDs do.
  assert.equal(newGameProblem('series', { ...f, width: '30', height: '20', series: '15011998757901' }), null);
  assert.equal(newGameProblem('series', { ...f, width: '30', height: '20', series: '15011998757902' })?.message,
    "The board number is '15011998757902': a whole number from 1 to 15011998757901");
  // A seeded board's shape is checked too, and marks its own field.
  assert.equal(newGameProblem('seed', { ...f, colors: '17', seed: '4' })?.input, 'new-colors');
  assert.equal(newGameProblem('seed', { ...f, width: '101', seed: '4' })?.input, 'new-width');
  assert.equal(newGameProblem('floodit', { ...f, fseed: '-4' })?.input, 'new-fseed');
  assert.equal(newGameProblem('floodit', { ...f, fseed: '123456789012345678901234567890' })?.input, 'new-fseed');
  assert.equal(newGameProblem('floodit', { ...f, start: 'cell', startRow: '10', startCol: '0' })?.message,
    "The start row is '10': a whole number from 0 to 9");
  assert.equal(newGameProblem('par', f), null, 'an unknown source checks only the limit');
  assert.equal(newGameProblem('id', { ...f, width: 'x', limitKind: 'par', limitN: '-1' })?.message,
    "The slack over par is '-1': a whole number from 0 to 10000");
  assert.equal(newGameProblem('id', { ...f, limitKind: 'moves', limitN: '0' })?.input, 'new-limit-n');
});

test('the batch form speaks of its own fields and units before asking the server', () => {
  const f = {
    boards: 'series', first: '1', count: '10', width: '30', height: '20', colors: '5',
    time: '10', startRow: '0', startCol: '0',
  };
  assert.equal(batchProblem(f), null);
  assert.deepEqual(batchProblem({ ...f, count: '-5' }),
    { message: "The board count is '-5': a whole number from 1 to 1000", input: 'batch-count' });
  assert.deepEqual(batchProblem({ ...f, colors: '17' }),
    { message: "The color count is '17': a whole number from 2 to 16", input: 'batch-colors' });
  assert.deepEqual(batchProblem({ ...f, time: '0.5' }),
    { message: "The time per game (seconds) is '0.5': a whole number from 1 to 60", input: 'batch-time' });
  assert.equal(batchProblem({ ...f, first: '0' })?.input, 'batch-first', 'series boards start at 1');
  assert.equal(batchProblem({ ...f, first: '15011998757901' }), null);
  assert.equal(batchProblem({ ...f, first: '15011998757902' })?.input, 'batch-first');
  assert.equal(batchProblem({ ...f, boards: 'seeds', first: '0' }), null, 'seeds start at 0');
  assert.equal(batchProblem({ ...f, boards: 'flood-it', startRow: '-1' })?.input, 'batch-start-row');
  assert.equal(batchProblem({ ...f, boards: 'flood-it', startCol: '30' })?.message,
    "The start column is '30': a whole number from 0 to 29");
  // The server's words about colors mark the colors, not the width.
  assert.equal(batchInput('color count 17 is out of range: generated boards have 2 to 16'), 'batch-colors');
});

test('Step plays the next move of the line asked for while the game follows it', () => {
  const line = [1, 2, 3, 4];
  assert.equal(nextOfLine(line, []), 1);
  assert.equal(nextOfLine(line, [1, 2]), 3);
  assert.equal(nextOfLine(line, [1, 3]), null, 'a move of another: asked again');
  assert.equal(nextOfLine(line, [1, 2, 3, 4]), null, 'the line is played out');
  // The solver took over after the game's moves 1, 2: after a restart or an
  // undo the game is before that point, and its own moves are not the
  // solver's to play.
  assert.equal(nextOfLine(line, [1, 2], 2), 3);
  assert.equal(nextOfLine(line, [1, 2, 3], 2), 4);
  assert.equal(nextOfLine(line, [], 2), null, 'restarted: asked again');
  assert.equal(nextOfLine(line, [1], 2), null, 'undone past where it took over: asked again');
});
