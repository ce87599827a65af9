// @ts-check
// The client of the lab's JSON API.

/**
 * Calls the API: GET `path`, or POST `body` as JSON. Resolves to the answer;
 * rejects with an Error whose message is the server's (`{"error"}`), or
 * `HTTP <status>` when the answer is not JSON (whatever the status), or, when the server cannot
 * be reached at all, an Error named `NetworkError` that says so (the
 * browser's own "Failed to fetch" says nothing to a person).
 * @param {string} path
 * @param {unknown} [body]
 * @param {AbortSignal} [signal] aborts the request (the server then stops its search)
 * @returns {Promise<any>}
 */
export async function api(path, body, signal) {
  /** @type {RequestInit} */
  const opts = body === undefined ? { signal } : {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal,
  };
  /** @type {Response} */
  let res;
  try {
    res = await fetch(path, opts);
  } catch (e) {
    if (e instanceof Error && e.name === 'AbortError') throw e;
    const down = new Error('The server cannot be reached: is colorwalk serve still running? Try again once it is back.');
    down.name = 'NetworkError';
    throw down;
  }
  // A body that is not JSON is an error whatever the status (a 200 without
  // a readable answer is no answer); an abort while the body arrives stays
  // an abort, which callers ignore.
  /** @type {any} */
  let data;
  try {
    data = await res.json();
  } catch (e) {
    if (e instanceof Error && e.name === 'AbortError') throw e;
    throw new Error(`HTTP ${res.status}`);
  }
  if (!res.ok) throw new Error((data && data.error) || `HTTP ${res.status}`);
  return data;
}

/**
 * The address of an event stream, with its query.
 * @param {string} path
 * @param {Record<string, string>} query
 */
export function streamUrl(path, query) {
  const q = Object.entries(query).map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
  return q ? `${path}?${q}` : path;
}
