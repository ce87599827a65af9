// @ts-check
// Small helpers for the document: finding and making elements, status
// lines, and errors shown next to what they concern.

/**
 * The element with this ID; throws when the page has none (a bug).
 * @param {string} id
 * @returns {HTMLElement}
 */
export function $(id) {
  const e = document.getElementById(id);
  if (!e) throw new Error(`the page has no #${id}`);
  return e;
}

/**
 * The input (or select, or textarea) with this ID.
 * @param {string} id
 * @returns {HTMLInputElement}
 */
export function input(id) {
  return /** @type {HTMLInputElement} */ ($(id));
}

/**
 * Makes an element. `attrs`: `class`, `text` (its text), `on<event>`
 * (a listener), any other attribute.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, string | ((e: Event) => void)>} [attrs]
 * @param {...(Node | string)} kids
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (typeof v === 'function') e.addEventListener(k.slice(2), v);
    else if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else e.setAttribute(k, v);
  }
  for (const kid of kids) e.append(kid);
  return e;
}

/**
 * Sets a text, leaving the element alone when it already says it.
 * @param {HTMLElement} e
 * @param {string} text
 */
export function setText(e, text) {
  if (e.textContent !== text) e.textContent = text;
}

/**
 * Sets a status line; `bad` shows it as an error.
 * @param {string} id
 * @param {string} text
 * @param {boolean} [bad]
 */
export function status(id, text, bad = false) {
  const e = $(id);
  setText(e, text);
  e.classList.toggle('bad', bad);
}

// Errors are shown next to what they concern: in `box`, an element under
// the inputs, with `input` (if any) marked. The next success clears it
// (`clearError`), and so does an edit in any element that `data-for` of the
// box lists (a panel: any of its inputs).

/**
 * @param {string} box the ID of the error's element
 * @param {unknown} err an Error (an aborted request shows nothing), or a message
 * @param {string | null} [inputId] the input it concerns
 */
export function showError(box, err, inputId = null) {
  if (err instanceof Error && err.name === 'AbortError') return;
  clearError(box);
  if (!err) return;
  const b = $(box);
  b.textContent = err instanceof Error ? err.message : String(err);
  b.hidden = false;
  // An unreachable server says nothing about what was typed.
  if (inputId && !(err instanceof Error && err.name === 'NetworkError')) {
    $(inputId).classList.add('invalid');
    b.dataset.marked = inputId;
  }
}

/** @param {string} box */
export function clearError(box) {
  const b = $(box);
  b.textContent = '';
  b.hidden = true;
  const marked = b.dataset.marked;
  delete b.dataset.marked;
  // The input stays marked while another box still has an error about it.
  if (marked && !document.querySelector(`.field-error[data-marked="${marked}"]`)) {
    $(marked).classList.remove('invalid');
  }
}

/** Clears every error box when what it concerns is edited. */
export function watchErrors() {
  for (const box of document.querySelectorAll('.field-error')) {
    clearError(box.id);
    for (const id of (/** @type {HTMLElement} */ (box).dataset.for || '').split(' ')) {
      // Capture: a panel hears its inputs' edits whether or not they bubble.
      if (!id) continue;
      for (const on of ['input', 'change']) $(id).addEventListener(on, () => clearError(box.id), true);
    }
  }
}
