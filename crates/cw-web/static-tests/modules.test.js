// @ts-check
// Every module of the page loads without a document: none does anything
// when loaded (app.js, the entry, starts the page and is not loaded here),
// and the page loads them all.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { test } from 'node:test';

const STATIC = new URL('../static/', import.meta.url);
const modules = readdirSync(new URL('js/', STATIC)).filter((f) => f.endsWith('.js')).sort();

test('every module loads without a document', async () => {
  assert.ok(modules.length >= 10, modules.join(' '));
  assert.equal(typeof globalThis.document, 'undefined');
  for (const m of modules) await import(new URL(`js/${m}`, STATIC).href);
});

/**
 * The modules a file of static/ imports, as paths under static/.
 * @param {string} file
 */
function importsOf(file) {
  const text = readFileSync(new URL(file, STATIC), 'utf8');
  return [...text.matchAll(/^import [^;]*? from '(\.[^']+)';$/gms)]
    .map(([, spec]) => new URL(spec, new URL(file, STATIC)).href.slice(STATIC.href.length));
}

test('the page loads its entry as a module, and the entry reaches every module', () => {
  const html = readFileSync(new URL('index.html', STATIC), 'utf8');
  assert.match(html, /<script type="module" src="\/app\.js"><\/script>/);
  /** @type {Set<string>} */
  const reached = new Set();
  /** @param {string} file a path under static/ */
  const visit = (file) => {
    for (const next of importsOf(file)) {
      if (!reached.has(next)) { reached.add(next); visit(next); }
    }
  };
  visit('app.js');
  assert.deepEqual([...reached].sort(), modules.map((m) => `js/${m}`));
});

test('every module is type-checked', () => {
  for (const f of ['app.js', ...modules.map((m) => `js/${m}`)]) {
    assert.match(readFileSync(new URL(f, STATIC), 'utf8'), /^\/\/ @ts-check\n/, f);
  }
});

test('modules depend in one direction', () => {
  /** @type {Map<string, 'open' | 'done'>} */
  const seen = new Map();
  /** @param {string} file @param {string[]} path */
  const visit = (file, path) => {
    if (seen.get(file) === 'done') return;
    assert.notEqual(seen.get(file), 'open', `an import cycle: ${[...path, file].join(' → ')}`);
    seen.set(file, 'open');
    for (const next of importsOf(file)) visit(next, [...path, file]);
    seen.set(file, 'done');
  };
  visit('app.js', []);
});
