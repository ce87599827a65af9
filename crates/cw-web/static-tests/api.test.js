// @ts-check
// The API client, against a stand-in for fetch.
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { api, streamUrl } from '../static/js/api.js';

const realFetch = globalThis.fetch;
afterEach(() => { globalThis.fetch = realFetch; });

/**
 * Answers every request with `status` and `body`, and keeps the requests.
 * @param {number} status
 * @param {string} body
 */
function answer(status, body) {
  /** @type {{ url: string, init: RequestInit | undefined }[]} */
  const seen = [];
  globalThis.fetch = async (url, init) => {
    seen.push({ url: String(url), init });
    return new Response(body, { status, headers: { 'Content-Type': 'application/json' } });
  };
  return seen;
}

test('GET without a body, POST with JSON', async () => {
  const seen = answer(200, '{"runs":[]}');
  assert.deepEqual(await api('/api/runs'), { runs: [] });
  assert.equal(seen[0].url, '/api/runs');
  assert.equal(seen[0].init?.method, undefined);
  await api('/api/play', { board: 'k1', moves: [1, 2] });
  assert.equal(seen[1].init?.method, 'POST');
  assert.equal(seen[1].init?.body, '{"board":"k1","moves":[1,2]}');
  assert.deepEqual(seen[1].init?.headers, { 'Content-Type': 'application/json' });
});

test('an error answer rejects with the server\'s message', async () => {
  answer(400, '{"error":"board \'30x20c5-q1\': bad ID"}');
  await assert.rejects(api('/api/board', { source: 'id', id: '30x20c5-q1' }), { message: "board '30x20c5-q1': bad ID" });
});

test('an answer that is not JSON rejects with its status', async () => {
  answer(502, '<html>bad gateway</html>');
  await assert.rejects(api('/api/solvers'), { message: 'HTTP 502' });
  answer(503, '{}');
  await assert.rejects(api('/api/solvers'), { message: 'HTTP 503' });
});

test('a 200 whose body is not JSON rejects: it is no answer', async () => {
  answer(200, 'not json');
  await assert.rejects(api('/api/hint', {}), { message: 'HTTP 200' });
});

test('an abort while the body arrives rejects as aborted, not as an answer', async () => {
  globalThis.fetch = /** @type {any} */ (async () => ({
    ok: true,
    status: 200,
    json: async () => { throw new DOMException('The operation was aborted.', 'AbortError'); },
  }));
  await assert.rejects(api('/api/hint', {}), { name: 'AbortError' });
});

test('an aborted request rejects as aborted', async () => {
  globalThis.fetch = async (_url, init) => {
    init?.signal?.throwIfAborted();
    return new Response('{}');
  };
  const abort = new AbortController();
  abort.abort();
  await assert.rejects(api('/api/hint', {}, abort.signal), { name: 'AbortError' });
});

test('a server that cannot be reached is said so, not "Failed to fetch"', async () => {
  globalThis.fetch = async () => { throw new TypeError('Failed to fetch'); };
  await assert.rejects(api('/api/play', { board: 'k1', moves: [] }), (e) => {
    assert.ok(e instanceof Error);
    assert.equal(e.name, 'NetworkError');
    assert.match(e.message, /^The server cannot be reached/);
    return true;
  });
});

test('event streams carry their query encoded', () => {
  assert.equal(streamUrl('/api/par', { board: '30x20c5-k1' }), '/api/par?board=30x20c5-k1');
  assert.equal(streamUrl('/api/analysis', { board: 'b:3x1:.01', moves: '3,1' }), '/api/analysis?board=b%3A3x1%3A.01&moves=3%2C1');
  assert.equal(streamUrl('/api/runs', {}), '/api/runs');
});
