// @ts-check
// Pure: the forms' fields checked as typed, before a request is sent, so
// that what is wrong is said in the form's own words and marks its field.

/**
 * What is wrong with `text` as a whole number from `lo` to `hi` (`what`
 * names it, `input` is the field's id), or null when nothing is.
 * @param {string} text
 * @param {string} what
 * @param {number} lo
 * @param {number} hi
 * @param {string} input
 * @returns {{ message: string, input: string } | null}
 */
export function wholeNumberProblem(text, what, lo, hi, input) {
  const t = (text || '').trim();
  if (/^\d+$/.test(t) && +t >= lo && +t <= hi) return null;
  const shown = t === '' ? 'empty' : `'${t}'`;
  return { message: `${what} is ${shown}: a whole number from ${lo} to ${hi}`, input };
}

/**
 * The last board of the series' generator for boards of `width`×`height`
 * (its draws stay exact in a double up to draw 2^53), as the server and
 * board IDs have it; null while the shape is not a number.
 * @param {string} width
 * @param {string} height
 * @returns {number | null}
 */
export function lastSeriesBoard(width, height) {
  const cells = +width * +height;
  return Number.isInteger(cells) && cells > 0 ? Math.floor(2 ** 53 / cells) : null;
}
