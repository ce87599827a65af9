// @ts-check
// The board and its color buttons. The blocks are elements made once per
// board; drawing a position changes only the blocks whose state differs
// from the position last drawn (a move: the blocks it cleared), so a
// solver's animation on a 100×100 board touches a few cells per step, not
// ten thousand.

import { blockClass, colorName, colorOf, keyOf, swatchClass } from './colors.js';
import { $, el } from './dom.js';
import { changedCells, isBlank } from './position.js';
import { S, shown } from './state.js';

/**
 * The side of a block in pixels: 20 as in the original, smaller so that
 * the board fits 800 × 600, never under 4.
 * @param {number} width
 * @param {number} height
 */
export function blockSize(width, height) {
  return Math.max(4, Math.min(20, Math.floor(800 / width), Math.floor(600 / height)));
}

/**
 * The color of each block (-1 for the blank start block).
 * @param {string} cells the board's cells, `.` or a hexadecimal digit each
 * @returns {Int8Array}
 */
export function blockColors(cells) {
  const colors = new Int8Array(cells.length);
  for (let i = 0; i < cells.length; i++) colors[i] = cells[i] === '.' ? -1 : parseInt(cells[i], 16);
  return colors;
}

/**
 * What the board shows now: its blocks' elements and colors, and the
 * position and palette drawn (null before the first drawing).
 * @type {{ board: import('./state.js').Board | null, cells: HTMLElement[], colors: Int8Array,
 *          drawn: (import('./position.js').Shown & { palette: import('./colors.js').Palette }) | null }}
 */
const B = { board: null, cells: [], colors: new Int8Array(0), drawn: null };

/** Makes the blocks and buttons of `S.board`; `drawBoard` then colors them. */
export function buildBoard() {
  const b = /** @type {import('./state.js').Board} */ (S.board);
  const size = blockSize(b.width, b.height);
  const board = $('board');
  board.style.setProperty('--block', `${size}px`);
  board.style.gridTemplateColumns = `repeat(${b.width}, ${size}px)`;
  const cells = [];
  for (let i = 0; i < b.cells.length; i++) cells.push(el('div', { class: 'b', 'data-i': String(i) }));
  board.replaceChildren(...cells);
  Object.assign(B, { board: b, cells, colors: blockColors(b.cells), drawn: null });
  const buttons = [];
  for (let c = 0; c < b.colors; c++) {
    buttons.push(el('button', { id: `color-${c}`, 'data-color': String(c), title: `${colorName(c)}, key ${keyOf(c)}` },
      el('span', { text: keyOf(c) })));
  }
  $('color-buttons').replaceChildren(...buttons);
  paintButtons();
  $('board-id').textContent = b.id;
  $('board-id').title = b.id;
}

/** Colors the buttons in the current palette, each with its key in ink that reads on it. */
export function paintButtons() {
  if (!S.board) return;
  for (let c = 0; c < S.board.colors; c++) {
    const btn = $(`color-${c}`);
    btn.style.backgroundColor = colorOf(S.palette, c);
    btn.className = `color-btn${swatchClass(S.palette, c)}`;
  }
}

/**
 * Draws the position shown (`shown()` of `S.pos`): every block the first
 * time and after a change of palette, else only the blocks that changed.
 */
export function drawBoard() {
  if (!S.pos || B.board !== S.board) return;
  const to = { at: S.pos.cleared_at, k: shown() };
  const palette = S.palette;
  const board = $('board');
  /** @type {string[]} */
  const classes = [];
  for (let c = 0; c < 16; c++) classes.push(`b c${c}${blockClass(palette, c)}`);
  /** @param {number} i */
  const paint = (i) => {
    B.cells[i].className = isBlank(to.at, i, to.k) ? 'b blank' : classes[B.colors[i]];
  };
  if (!B.drawn || B.drawn.palette !== palette) {
    for (let c = 0; c < 16; c++) board.style.setProperty(`--c${c}`, palette.colors[c]);
    for (let i = 0; i < B.cells.length; i++) paint(i);
  } else {
    for (const i of changedCells(B.drawn, to)) paint(i);
  }
  B.drawn = { ...to, palette };
}
