// @ts-check
// The board and its color buttons. The blocks are elements made once per
// board; drawing a position changes only the blocks whose state differs
// from the position last drawn (a move: the blocks it cleared), so a
// solver's animation on a 100×100 board touches a few cells per step, not
// ten thousand.
//
// A Color Walk board draws its region blank (grey). A Flood-It board draws
// its region in the region's color, which is one CSS variable on the board
// (`--region`), so a move that changes the color and takes in a few blocks
// repaints those blocks and their neighbors (whose outline may change),
// not the whole region; the region's blocks carry the sides where it ends
// (`et`, `er`, `eb`, `el`), drawn as its outline, and the start block a
// ring (`start`).

import { blockClass, colorName, colorOf, inkClass, keyOf, swatchClass } from './colors.js';
import { $, el } from './dom.js';
import { changedCells, isBlank, regionEdges, withNeighbors } from './position.js';
import { isFloodIt, regionAt } from './rules.js';
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
 * What the board shows now: its blocks' elements and colors, the start
 * block of a Flood-It board (else -1), the position and palette drawn (null
 * before the first drawing), and the region's color drawn.
 * @type {{ board: import('./state.js').Board | null, cells: HTMLElement[], colors: Int8Array, start: number,
 *          drawn: (import('./position.js').Shown & { palette: import('./colors.js').Palette }) | null,
 *          region: string }}
 */
const B = { board: null, cells: [], colors: new Int8Array(0), start: -1, drawn: null, region: '' };

/**
 * The index of a Flood-It board's start block, or -1 (Color Walk: its
 * start block is the blank one, drawn as every blank block).
 * @param {import('./state.js').Board} b
 */
export function startIndex(b) {
  return isFloodIt(b) && b.start ? b.start[0] * b.width + b.start[1] : -1;
}

/**
 * The class of block `i` in the region of a Flood-It board after move `k`:
 * the region's color (a CSS variable), the sides where the region ends, and
 * the start block's ring.
 * @param {import('./position.js').ClearedAt} at
 * @param {number} k
 * @param {number} i
 * @param {number} width
 * @param {number} start
 */
export function regionClass(at, k, i, width, start) {
  return `b region${regionEdges(at, k, i, width)}${i === start ? ' start' : ''}`;
}

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
  board.classList.toggle('flood-it', isFloodIt(b));
  Object.assign(B, { board: b, cells, colors: blockColors(b.cells), start: startIndex(b), drawn: null, region: '' });
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
 * time and after a change of palette, else only the blocks that changed
 * (on a Flood-It board with their neighbors, whose outline may change);
 * the region's color is set once on the board.
 */
export function drawBoard() {
  if (!S.pos || !B.board || B.board !== S.board) return;
  const to = { at: S.pos.cleared_at, k: shown() };
  const palette = S.palette;
  const board = $('board');
  const flood = B.start >= 0;
  const width = B.board.width;
  /** @type {string[]} */
  const classes = [];
  for (let c = 0; c < 16; c++) classes.push(`b c${c}${blockClass(palette, c)}`);
  /** @param {number} i */
  const paint = (i) => {
    if (!isBlank(to.at, i, to.k)) B.cells[i].className = classes[B.colors[i]];
    else B.cells[i].className = flood ? regionClass(to.at, to.k, i, width, B.start) : 'b blank';
  };
  if (!B.drawn || B.drawn.palette !== palette) {
    for (let c = 0; c < 16; c++) board.style.setProperty(`--c${c}`, palette.colors[c]);
    for (let i = 0; i < B.cells.length; i++) paint(i);
  } else {
    const changed = changedCells(B.drawn, to);
    for (const i of flood ? withNeighbors(changed, width, B.cells.length) : changed) paint(i);
  }
  if (flood) {
    const r = regionAt(S.pos, to.k);
    const key = r === null ? 'none' : `${r}|${colorOf(palette, r)}|${palette.marked}`;
    if (key !== B.region) {
      board.style.setProperty('--region', r === null ? 'var(--blank)' : colorOf(palette, r));
      // Dark ink (the outline, a dot) on a light region, light ink on a dark one.
      const light = r !== null && inkClass(palette, r) !== '';
      board.style.setProperty('--edge', light ? 'var(--edge-dark)' : 'var(--edge-light)');
      const mark = r !== null && r >= palette.marked;
      board.style.setProperty('--region-dot', mark ? `var(--dot${light ? '-dark' : '-light'})` : 'none');
      B.region = key;
    }
  }
  B.drawn = { ...to, palette };
}
