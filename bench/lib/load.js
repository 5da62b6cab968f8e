// @ts-check
// Load on one route: a probe request, warm-ups, and measured windows (autocannon + the server's CPU time).
// @ts-expect-error -- autocannon ships no type declarations (only checkJs in an editor notices)
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseProcStat } from './metrics.js';

/**
 * What a browser would send: a browser user agent (bots get the whole document at once instead of
 * a stream) and the usual Accept-Encoding (the server compresses, as it would for real visitors).
 */
export const BROWSER_HEADERS = Object.freeze({
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br',
});

/**
 * @typedef {object} Probe
 * @property {number} status
 * @property {string | null} location  the redirect target, if any (same-origin ones as a path)
 */

/**
 * One request, redirects not followed, so that a 302 or 404 shows as such.
 * @param {string} url
 * @param {string} [cookie]
 * @returns {Promise<Probe>}
 */
export async function probe(url, cookie) {
  const headers = cookie ? { ...BROWSER_HEADERS, cookie } : BROWSER_HEADERS;
  const response = await fetch(url, { headers, redirect: 'manual', signal: AbortSignal.timeout(30_000) });
  await response.arrayBuffer();
  const location = response.headers.get('location');
  return { status: response.status, location: location && samePath(location, url) };
}

/**
 * @param {string} location
 * @param {string} base
 */
function samePath(location, base) {
  const target = new URL(location, base);
  return target.origin === new URL(base).origin ? `${target.pathname}${target.search}` : target.href;
}

/**
 * Runs autocannon once; `onInstance` receives the running instance so that an interrupt can stop it.
 * @param {Record<string, unknown>} options
 * @param {(instance: { stop(): void } | undefined) => void} onInstance
 * @returns {Promise<any>} autocannon's result object
 */
async function cannon(options, onInstance) {
  const instance = autocannon({ headers: { ...BROWSER_HEADERS }, ...options });
  onInstance(instance);
  try {
    return await instance;
  } finally {
    onInstance(undefined);
  }
}

/**
 * CPU time the process `pid` has used so far, in ms (Linux /proc; null elsewhere or once it is gone).
 * @param {number | undefined} pid
 * @returns {number | null}
 */
export function processCpuMs(pid) {
  if (pid === undefined) return null;
  try {
    return parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8')).totalMs;
  } catch {
    return null;
  }
}

/**
 * @typedef {object} Window
 * @property {number} seconds
 * @property {number} requests       completed responses
 * @property {number} non2xx
 * @property {number} errors
 * @property {number | null} cpuMs   the server's CPU time over the window (null: no /proc)
 * @property {number} wallMs         the wall time between the two CPU readings (the window and its settling)
 * @property {number} p50            latency, ms
 * @property {number} p99
 */

/**
 * One measured window: the server's CPU time from /proc before and after an autocannon run of
 * `seconds`. The "after" reading waits a moment for the requests the run abandoned (at most one per
 * connection), so their cost lands in this window, not in the next route's. `rate`: requests per
 * second for the whole window (autocannon's `overallRate`), null for as fast as the server answers.
 * @param {{ url: string, cookie?: string, connections: number, seconds: number, rate?: number | null, pid: number | undefined,
 *   onInstance: (instance: { stop(): void } | undefined) => void }} options
 * @returns {Promise<Window>}
 */
export async function measureWindow({ url, cookie, connections, seconds, rate = null, pid, onInstance }) {
  const headers = cookie ? { ...BROWSER_HEADERS, cookie } : { ...BROWSER_HEADERS };
  const started = performance.now();
  const before = processCpuMs(pid);
  const result = await cannon({ url, connections, duration: seconds, headers, ...(rate ? { overallRate: rate } : {}) }, onInstance);
  await sleep(SETTLE_MS);
  const after = processCpuMs(pid);
  return {
    seconds,
    wallMs: performance.now() - started,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    cpuMs: before === null || after === null ? null : after - before,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

const SETTLE_MS = 150;

/**
 * A warm-up run (JIT, caches, connection pools); nothing is kept.
 * @param {{ url: string, cookie?: string, connections: number, seconds: number,
 *   onInstance: (instance: { stop(): void } | undefined) => void }} options
 */
export async function warmUp({ url, cookie, connections, seconds, onInstance }) {
  if (seconds <= 0) return;
  const headers = cookie ? { ...BROWSER_HEADERS, cookie } : { ...BROWSER_HEADERS };
  await cannon({ url, connections, duration: seconds, headers }, onInstance);
}
