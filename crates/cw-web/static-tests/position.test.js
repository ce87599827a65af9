// @ts-check
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { blocksLeft, changedCells, isBlank, isCleared, isPrefix, playedBy, whoAfter } from '../static/js/position.js';

// A 2×3 board: the start block, two blocks move 1 cleared, one move 2
// cleared, one move 3 cleared, one never cleared.
const AT = [0, 1, 2, 1, 3, null];

test('a block is blank from the move that cleared it on', () => {
  assert.ok(isBlank(AT, 0, 0));
  assert.ok(!isBlank(AT, 1, 0));
  assert.ok(isBlank(AT, 1, 1));
  assert.ok(isBlank(AT, 1, 5));
  assert.ok(!isBlank(AT, 5, 100));
});

test('blocks left and a cleared board', () => {
  assert.deepEqual([0, 1, 2, 3].map((k) => blocksLeft(AT, k)), [5, 3, 2, 1]);
  assert.ok(!isCleared(AT, 3));
  assert.ok(isCleared([0, 1, 2], 2));
  assert.ok(!isCleared([0, 1, 2], 1));
});

test('a move changes the blocks it cleared, and nothing else', () => {
  assert.deepEqual(changedCells({ at: AT, k: 0 }, { at: AT, k: 1 }), [1, 3]);
  assert.deepEqual(changedCells({ at: AT, k: 1 }, { at: AT, k: 2 }), [2]);
  assert.deepEqual(changedCells({ at: AT, k: 3 }, { at: AT, k: 4 }), []);
});

test('a step back gives back the blocks of the moves taken back', () => {
  assert.deepEqual(changedCells({ at: AT, k: 3 }, { at: AT, k: 1 }), [2, 4]);
  assert.deepEqual(changedCells({ at: AT, k: 3 }, { at: AT, k: 0 }), [1, 2, 3, 4]);
});

test('the same position changes nothing', () => {
  assert.deepEqual(changedCells({ at: AT, k: 2 }, { at: AT, k: 2 }), []);
  assert.deepEqual(changedCells({ at: AT, k: 2 }, { at: AT.slice(), k: 2 }), []);
});

test('positions of two games compare block by block', () => {
  // Undo the second move and play another, which clears block 5 instead.
  const other = [0, 1, null, 1, null, 2];
  assert.deepEqual(changedCells({ at: AT, k: 2 }, { at: other, k: 2 }), [2, 5]);
  assert.deepEqual(changedCells({ at: AT, k: 3 }, { at: other, k: 1 }), [2, 4]);
});

test('on a large board a move touches only its blocks', () => {
  // 100 × 100 blocks; move m clears the blocks of row m - 1.
  const at = Array.from({ length: 10000 }, (_, i) => (i === 0 ? 0 : Math.floor(i / 100) + 1));
  const changed = changedCells({ at, k: 40 }, { at, k: 41 });
  assert.equal(changed.length, 100);
  assert.ok(changed.every((i) => Math.floor(i / 100) === 40));
});

test('prefixes of moves', () => {
  assert.ok(isPrefix([], [1, 2]));
  assert.ok(isPrefix([1], [1, 2]));
  assert.ok(isPrefix([1, 2], [1, 2]));
  assert.ok(!isPrefix([2], [1, 2]));
  assert.ok(!isPrefix([1, 2, 3], [1, 2]));
});

test('moves keep who made them while the game keeps them', () => {
  assert.deepEqual(whoAfter([], [], [3, 1], 'you'), ['you', 'you']);
  assert.deepEqual(whoAfter([3, 1], ['you', 'you'], [3, 1, 4, 0], 'greedy'), ['you', 'you', 'greedy', 'greedy']);
  // Undo: the moves left keep their player.
  assert.deepEqual(whoAfter([3, 1, 4], ['you', 'greedy', 'greedy'], [3, 1], 'you'), ['you', 'greedy']);
  // Another move in place of one: the new one is the player's.
  assert.deepEqual(whoAfter([3, 1], ['you', 'greedy'], [3, 2], 'you'), ['you', 'you']);
});

test('who played, in turns', () => {
  assert.equal(playedBy([], 0), '');
  assert.equal(playedBy(['you', 'you'], 2), 'you');
  assert.equal(playedBy(['you', 'greedy', 'greedy', 'you'], 4), 'you, then greedy, then you');
  assert.equal(playedBy(['you', 'greedy', 'greedy', 'you'], 3), 'you, then greedy');
});
