// @ts-check
// Flood-It and the move limit on the page: the region's outline and color,
// the goal and status in words, the limit from par, and the address that
// carries a game.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ADDRESS_KEYS, addressOf, parseAddress, parseMoves } from '../static/js/address.js';
import { regionClass, startIndex } from '../static/js/board.js';
import { regionEdges, withNeighbors } from '../static/js/position.js';
import { centre, clearableText, goalText, isFloodIt, limitCounter, lostText, regionAt, resolveLimit } from '../static/js/rules.js';
import { currentLimit, gameLost, limitPending, newState } from '../static/js/state.js';
import { buttonTitle, statusText } from '../static/js/view.js';

// A 3×3 Flood-It board whose region after move 1 is the top row and the
// middle block:
//   0 0 0
//   . 1 .      (cleared_at: 0 = the start region, 1 = move 1, null = outside)
//   . . .
const AT = [0, 0, 1, null, 1, null, null, null, null];

test('the region\'s blocks carry the sides where it ends', () => {
  assert.equal(regionEdges(AT, 1, 0, 3), ' eb');
  assert.equal(regionEdges(AT, 1, 1, 3), '');
  assert.equal(regionEdges(AT, 1, 2, 3), ' eb');
  assert.equal(regionEdges(AT, 1, 4, 3), ' er eb el');
  // Before move 1 the region is blocks 0 and 1 only.
  assert.equal(regionEdges(AT, 0, 1, 3), ' er eb');
  assert.equal(regionClass(AT, 1, 0, 3, 0), 'b region eb start');
  assert.equal(regionClass(AT, 1, 4, 3, 0), 'b region er eb el');
});

test('a move repaints the blocks it took in and their neighbors', () => {
  assert.deepEqual(withNeighbors([4], 3, 9).sort(), [1, 3, 4, 5, 7]);
  assert.deepEqual(withNeighbors([0, 1], 3, 9).sort(), [0, 1, 2, 3, 4]);
  assert.deepEqual(withNeighbors([], 3, 9), []);
  // No wrap from the end of one row to the next.
  assert.deepEqual(withNeighbors([2], 3, 9).sort(), [1, 2, 5]);
});

const FLOOD = { id: '3x3c2@1,1-f1', width: 3, height: 3, colors: 2, cells: '010101010', rules: /** @type {const} */ ('flood-it'), start: [1, 1], region: 1 };
const WALK = { id: '3x1c3-s1', width: 3, height: 1, colors: 3, cells: '.01', rules: /** @type {const} */ ('color-walk'), start: [0, 0], region: null };

test('the start block is ringed on Flood-It boards only', () => {
  assert.equal(startIndex(FLOOD), 4);
  assert.equal(startIndex(WALK), -1);
  assert.ok(isFloodIt(FLOOD));
  assert.ok(!isFloodIt(WALK));
  assert.ok(!isFloodIt(null));
  assert.deepEqual(centre(19, 19), [9, 9]);
  assert.deepEqual(centre(12, 10), [5, 6]);
});

test('the region\'s color after each move, as the server said', () => {
  const pos = { cleared_at: [], region: [1, 1, 0] };
  assert.equal(regionAt(pos, 0), 1);
  assert.equal(regionAt(pos, 2), 0);
  assert.equal(regionAt(pos, 3), null);
  assert.equal(regionAt({ cleared_at: [], region: null }, 0), null);
  assert.equal(regionAt({ cleared_at: [] }, 0), null);
  assert.equal(regionAt(null, 0), null);
});

test('the goal in words: Color Walk as it always was, Flood-It its own', () => {
  assert.equal(goalText(WALK, null),
    'Goal: clear the board in as few moves as possible. You start at the grey block in the top-left; '
    + 'each move clears the blocks of one color that touch your grey area.');
  const flood = goalText(FLOOD, null);
  assert.match(flood, /^Goal: flood the whole board in as few moves as possible\. /);
  assert.match(flood, /ringed block/);
  assert.match(goalText(FLOOD, { moves: 21, how: 'par 19 + 2' }), /^Goal: flood the whole board within 21 moves \(par 19 \+ 2\)\. /);
  assert.match(goalText(WALK, { moves: null, how: '' }), /^Goal: clear the board within the move limit \(par is being searched\)\. .*lost if the moves run out first\.$/);
  // A Color Walk board that starts elsewhere (a set's line) says no corner.
  assert.match(goalText({ ...WALK, start: [2, 3] }, null), /You start at the grey block; each move/);
});

test('the move limit: fixed, or par plus a slack once par is known', () => {
  const par = { kind: /** @type {const} */ ('par'), slack: 2, text: 'par+2' };
  assert.equal(resolveLimit(null, null, null), null);
  assert.deepEqual(resolveLimit({ kind: 'moves', moves: 25, text: '25' }, null, null), { moves: 25, how: '25 moves' });
  assert.deepEqual(resolveLimit(par, null, null), { moves: null, how: 'par + 2 (waiting for the par search)' });
  assert.deepEqual(resolveLimit(par, { lower: 3 }, null), { moves: null, how: 'par + 2 (waiting for the par search)' });
  assert.deepEqual(resolveLimit(par, { done: true, par: 19, proven: true }, null), { moves: 21, how: 'par 19 + 2' });
  assert.deepEqual(resolveLimit({ ...par, slack: 0, text: 'par' }, { done: true, par: 19, proven: true }, null), { moves: 19, how: 'par 19' });
  assert.deepEqual(resolveLimit(par, { done: true, par: 20, proven: false }, null), { moves: 22, how: 'best known 20 + 2' });
  // A board file's proven optimum serves until the search answers.
  assert.deepEqual(resolveLimit(par, {}, { moves: 19, proven: true }), { moves: 21, how: 'par 19 + 2' });
  assert.deepEqual(resolveLimit(par, {}, { moves: 19, proven: false })?.moves, null);
  assert.equal(limitCounter(null), '');
  assert.equal(limitCounter({ moves: 21, how: '' }), ' / 21');
  assert.equal(limitCounter({ moves: null, how: '' }), ' / …');
});

/**
 * A state with a game of `moves` on the Flood-It board above, its position
 * as the server answered with `limit`.
 * @param {number[]} moves
 * @param {{ moves: number, left: number, lost: boolean } | null} limit
 */
function game(moves, limit) {
  const s = newState();
  s.board = { ...FLOOD };
  s.moves = moves;
  s.known = moves;
  s.limitRule = limit ? { kind: 'moves', moves: limit.moves, text: String(limit.moves) } : null;
  s.pos = { cleared_at: [null, 1, null, 1, 0, 1, null, 1, null], blocks_left: 4, region: [1, 0, 0], limit };
  s.posLimit = limit ? limit.moves : null;
  return s;
}

test('a game is lost when the server says its moves ran out', () => {
  const lost = game([0, 0], { moves: 2, left: 0, lost: true });
  assert.ok(gameLost(lost));
  assert.equal(statusText(lost, 4), lostText(2, 4));
  assert.equal(lostText(2, 4), 'Out of moves: all 2 are used and 4 blocks are left. You lost; undo or restart to try again.');
  assert.equal(lostText(10, 1), 'Out of moves: all 10 are used and 1 block is left. You lost; undo or restart to try again.');
  // In review it stays lost.
  lost.view = 0;
  assert.equal(statusText(lost, 8), lostText(2, 4));
  // A step back (undo of the last move, before the server answers again) is not lost.
  const back = game([0, 0], { moves: 2, left: 0, lost: true });
  back.moves = [0];
  assert.ok(!gameLost(back));
  // Nor is a game whose limit changed since (the server is asked again).
  const changed = game([0, 0], { moves: 2, left: 0, lost: true });
  changed.limitRule = { kind: 'moves', moves: 3, text: '3' };
  assert.ok(!gameLost(changed));
  assert.ok(!gameLost(game([0], { moves: 2, left: 1, lost: false })));
  assert.ok(!gameLost(game([0], null)));
});

test('moves wait for par when the limit needs it', () => {
  const s = game([], null);
  s.limitRule = { kind: 'par', slack: 1, text: 'par+1' };
  s.par = { lower: 2 };
  assert.ok(limitPending(s));
  assert.deepEqual(currentLimit(s), { moves: null, how: 'par + 1 (waiting for the par search)' });
  assert.equal(statusText(s, 4), '4 blocks left. The move limit waits for par: the first move waits too.');
  s.par = { done: true, par: 3, proven: true };
  assert.ok(!limitPending(s));
  assert.deepEqual(currentLimit(s), { moves: 4, how: 'par 3 + 1' });
  assert.equal(statusText(s, 4), '4 blocks left.');
});

test('the region\'s button says that playing it is wasted', () => {
  assert.equal(buttonTitle(0, 1), 'color 1, key 1');
  assert.equal(buttonTitle(1, 1), 'color 2, key 2: the region\'s color now; playing it takes in nothing (a wasted move)');
  assert.equal(buttonTitle(2, null), 'color 3, key 3');
});

test('whether the moves left can still clear the board, in words', () => {
  const base = { left: 5, remaining: 4, proven: true, lower_bound: 4 };
  assert.equal(clearableText({ ...base, clearable: true }), 'Yes: 4 moves clear the board from here (at best), and 5 moves are left.');
  assert.equal(clearableText({ ...base, clearable: true, proven: false }),
    'Yes: 4 moves clear the board from here (not necessarily the fewest), and 5 moves are left.');
  assert.equal(clearableText({ ...base, clearable: false, left: 1, lower_bound: 3 }), 'No: the board needs at least 3 more moves, and 1 move is left.');
  assert.equal(clearableText({ ...base, clearable: false, left: 0 }), 'No: no moves are left.');
  assert.equal(clearableText({ ...base, clearable: null, remaining: 7, lower_bound: 4 }),
    'Unknown: the search ran out of time (at least 4 more moves are needed, the best line found takes 7; 5 moves are left).');
  assert.equal(clearableText({ ...base, clearable: true, remaining: 0 }), 'The board is clear.');
});

test('the address carries the board, its limit and the moves', () => {
  assert.equal(addressOf({ board: '14x14c6@7,7-f3', limit: 'par+2', moves: [3, 1, 4] }), '#board=14x14c6@7,7-f3&limit=par+2&moves=3,1,4');
  assert.equal(addressOf({ board: '30x20c5-k1', limit: null, moves: [] }), '#board=30x20c5-k1');
  assert.equal(addressOf({ board: '3x1c2:.0 1&x' }), '#board=3x1c2:.0%201%26x');
  for (const game of [
    { board: '14x14c6@7,7-f3', limit: 'par+2', moves: [3, 1, 4] },
    { board: '3x3c2@1,1:010101010', limit: '25', moves: [0] },
    { board: 'a&b=c#d%', limit: 'par', moves: [] },
  ]) {
    const back = parseAddress(addressOf(game));
    assert.deepEqual(back, { board: game.board, limit: game.limit, moves: game.moves.length ? game.moves : null, error: null });
  }
  assert.deepEqual(ADDRESS_KEYS, ['board', 'limit', 'moves']);
});

test('addresses of the earlier form, and none', () => {
  assert.deepEqual(parseAddress('#30x20c5-k2'), { board: '30x20c5-k2', limit: null, moves: null, error: null });
  assert.deepEqual(parseAddress('#3x1c2%3A.01'), { board: '3x1c2:.01', limit: null, moves: null, error: null });
  assert.deepEqual(parseAddress(''), { board: null, limit: null, moves: null, error: null });
  assert.deepEqual(parseAddress('#'), { board: null, limit: null, moves: null, error: null });
});

test('a bad address says what is wrong, and what it could read still counts', () => {
  const a = parseAddress('#board=9x7c4-f1&limit=par+1&moves=1,x&colour=red');
  assert.equal(a.board, '9x7c4-f1');
  assert.equal(a.limit, 'par+1');
  assert.equal(a.moves, null);
  assert.equal(a.error, "moves '1,x': expected color numbers from 0, such as 3,1,4; unknown part 'colour' (expected board, limit, moves)");
  assert.equal(parseAddress('#board=k1&board=k2').error, "'board' is given twice");
  assert.equal(parseAddress('#board=&limit=3').error, 'board: expected a board ID');
  assert.equal(parseAddress('#board=%E0%A4%A').error, "'%E0%A4%A' is not valid percent-encoding");
  assert.equal(parseAddress('#%E0%A4%A').error, "'%E0%A4%A' is not valid percent-encoding");
  // The limit's text is the server's to check.
  assert.equal(parseAddress('#board=k1&limit=lots').limit, 'lots');
});

test('moves in an address', () => {
  assert.deepEqual(parseMoves('3,1,4'), [3, 1, 4]);
  assert.deepEqual(parseMoves(' 3, 1 '), [3, 1]);
  assert.deepEqual(parseMoves(''), []);
  assert.equal(parseMoves('3,,1'), null);
  assert.equal(parseMoves('314'), null);
  assert.equal(parseMoves('-1'), null);
  assert.equal(parseMoves('1.5'), null);
});
