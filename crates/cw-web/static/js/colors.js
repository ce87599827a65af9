// @ts-check
// Palettes, keys and the classes a color's swatch wears. Pure.

/**
 * A palette: a CSS color for each of the 16 colors; colors from `marked` on
 * carry a dot.
 * @typedef {{ colors: string[], marked: number }} Palette
 */

// The block colors. `standard` keeps the series' five button colors and adds
// eleven chosen to stay apart from them, from each other and from the blank
// grey (at least 20 in CIEDE2000 between any two; the palette the server
// serves, which the page used before, has pairs within 12). `colorblind`
// starts with the eight of Okabe and Ito, in the order that keeps the first
// five furthest apart under protanopia, deuteranopia and tritanopia; colors
// 9 to 16 are Paul Tol's muted ones and carry a dot, so the dot and not the
// hue tells the two groups apart.
/** @type {{ standard: Palette, colorblind: Palette }} */
export const PALETTES = {
  standard: {
    colors: ['#14b19f', '#0e274e', '#ec5257', '#6c2275', '#f9ac00', '#7ab929', '#7cc4f2', '#8b4a1c',
      '#f7a1c4', '#2e5fd6', '#8a8a8a', '#f2e632', '#1e6b35', '#d12fa8', '#9b1b3a', '#8a7a10'],
    marked: 16,
  },
  colorblind: {
    colors: ['#0072b2', '#d55e00', '#f0e442', '#56b4e9', '#000000', '#cc79a7', '#009e73', '#e69f00',
      '#332288', '#117733', '#cc6677', '#ddcc77', '#999933', '#88ccee', '#44aa99', '#882255'],
    marked: 8,
  },
};

/** Where the page remembers the palette picked. */
export const PALETTE_KEY = 'colorwalk.palette';

/**
 * The palette called `name`; the standard one for any other name.
 * @param {string | null} name
 * @returns {Palette}
 */
export function paletteNamed(name) {
  return name === 'colorblind' ? PALETTES.colorblind : PALETTES.standard;
}

// The key of each color, also written on its button: 1 to 9, 0, then a to f.
export const KEYS = '1234567890abcdef';

/**
 * The key that plays color `c` (from 0), or '' past the sixteenth.
 * @param {number} c
 */
export function keyOf(c) {
  return KEYS[c] || '';
}

/**
 * The color a key plays (either case), or null for any other key.
 * @param {string} key the `key` of a keyboard event
 * @returns {number | null}
 */
export function colorOfKey(key) {
  if (key.length !== 1) return null;
  const c = KEYS.indexOf(key.toLowerCase());
  return c < 0 ? null : c;
}

/**
 * How the page names a color: its number, and its key when that differs.
 * @param {number} c
 */
export function colorName(c) {
  return c < 9 ? `color ${c + 1}` : `color ${c + 1} (key ${keyOf(c)})`;
}

/**
 * Whether a color is light (dark ink reads on it), by its relative luminance.
 * @param {string} hex `#rrggbb`
 */
export function isLight(hex) {
  const v = parseInt(hex.slice(1), 16);
  /** @param {number} x */
  const lin = (x) => {
    x /= 255;
    return x <= 0.04045 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(v >> 16) + 0.7152 * lin((v >> 8) & 255) + 0.0722 * lin(v & 255) > 0.18;
}

/**
 * The CSS color of color `c` in `palette`.
 * @param {Palette} palette
 * @param {number} c
 */
export function colorOf(palette, c) {
  return palette.colors[c] || '#000';
}

/**
 * ' dark-ink' when dark ink reads on color `c`, else ''.
 * @param {Palette} palette
 * @param {number} c
 */
export function inkClass(palette, c) {
  return isLight(colorOf(palette, c)) ? ' dark-ink' : '';
}

/**
 * Extra classes of a swatch that shows its number or key (a button, a move
 * in a list): its dot, if it has one, and ink that reads on it.
 * @param {Palette} palette
 * @param {number} c
 */
export function swatchClass(palette, c) {
  return `${c < palette.marked ? '' : ' mark'}${inkClass(palette, c)}`;
}

/**
 * Extra classes of a block of the board: only the dot, in ink that reads on
 * the color.
 * @param {Palette} palette
 * @param {number} c
 */
export function blockClass(palette, c) {
  return c < palette.marked ? '' : ` mark${inkClass(palette, c)}`;
}
