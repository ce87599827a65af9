// @ts-check
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  KEYS, PALETTES, blockClass, colorName, colorOf, colorOfKey, inkClass, isLight, keyOf, paletteNamed, swatchClass,
} from '../static/js/colors.js';

test('every color has a key, and every key plays its color', () => {
  assert.equal(KEYS.length, 16);
  for (let c = 0; c < 16; c++) {
    assert.equal(colorOfKey(keyOf(c)), c);
    assert.equal(colorOfKey(keyOf(c).toUpperCase()), c);
  }
  assert.deepEqual([keyOf(0), keyOf(8), keyOf(9), keyOf(10), keyOf(15)], ['1', '9', '0', 'a', 'f']);
  assert.equal(keyOf(16), '');
});

test('keys that are no color play nothing', () => {
  for (const key of ['u', 'r', 'g', 'z', ' ', '', 'ArrowLeft', 'Enter', '11']) assert.equal(colorOfKey(key), null, key);
});

test('colors are named by number, with the key when it differs', () => {
  assert.equal(colorName(0), 'color 1');
  assert.equal(colorName(8), 'color 9');
  assert.equal(colorName(9), 'color 10 (key 0)');
  assert.equal(colorName(15), 'color 16 (key f)');
});

test('both palettes have sixteen different colors', () => {
  for (const [name, p] of Object.entries(PALETTES)) {
    assert.equal(p.colors.length, 16, name);
    assert.equal(new Set(p.colors.map((c) => c.toLowerCase())).size, 16, name);
    for (const c of p.colors) assert.match(c, /^#[0-9a-f]{6}$/, name);
  }
});

test('the standard palette starts with the series\' five colors', () => {
  assert.deepEqual(PALETTES.standard.colors.slice(0, 5), ['#14b19f', '#0e274e', '#ec5257', '#6c2275', '#f9ac00']);
  assert.equal(PALETTES.standard.marked, 16);
  assert.equal(PALETTES.colorblind.marked, 8);
});

test('palettes by name fall back to the standard one', () => {
  assert.equal(paletteNamed('colorblind'), PALETTES.colorblind);
  assert.equal(paletteNamed('standard'), PALETTES.standard);
  assert.equal(paletteNamed('neon'), PALETTES.standard);
  assert.equal(paletteNamed(null), PALETTES.standard);
});

test('light colors take dark ink', () => {
  assert.ok(isLight('#ffffff'));
  assert.ok(isLight('#f0e442'));
  assert.ok(isLight('#f9ac00'));
  assert.ok(!isLight('#000000'));
  assert.ok(!isLight('#0e274e'));
  assert.ok(!isLight('#6c2275'));
  assert.equal(inkClass(PALETTES.standard, 4), ' dark-ink');
  assert.equal(inkClass(PALETTES.standard, 1), '');
  assert.equal(colorOf(PALETTES.standard, 99), '#000');
});

test('colors from the marked one on carry a dot; blocks get dark ink only with the dot', () => {
  const cb = PALETTES.colorblind;
  // Okabe–Ito's yellow: light, unmarked.
  assert.equal(swatchClass(cb, 2), ' dark-ink');
  assert.equal(blockClass(cb, 2), '');
  // Tol's indigo, dark and marked; sand, light and marked.
  assert.equal(swatchClass(cb, 8), ' mark');
  assert.equal(blockClass(cb, 8), ' mark');
  assert.equal(swatchClass(cb, 11), ' mark dark-ink');
  assert.equal(blockClass(cb, 11), ' mark dark-ink');
  for (let c = 0; c < 16; c++) assert.ok(!swatchClass(PALETTES.standard, c).includes('mark'));
});
