// @ts-check
// Throughput and latency of one route: a probe request, a warm-up, then the measured autocannon run.
// @ts-expect-error -- autocannon ships no type declarations (only checkJs in an editor notices)
import autocannon from 'autocannon';

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
 * @returns {Promise<Probe>}
 */
export async function probe(url) {
  const response = await fetch(url, { headers: BROWSER_HEADERS, redirect: 'manual', signal: AbortSignal.timeout(30_000) });
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
 * @typedef {object} LoadResult
 * @property {string} route
 * @property {Probe} probe
 * @property {number} connections
 * @property {number} warmupSeconds
 * @property {number} durationSeconds
 * @property {number} requestsPerSecond  average over the run
 * @property {{ p50: number, p99: number, average: number, max: number }} latencyMs
 * @property {number} requests          completed responses
 * @property {number} non2xx
 * @property {number} errors            socket errors and timeouts
 * @property {number} timeouts
 * @property {Record<string, number>} statusCodes
 */

/**
 * Runs autocannon once; `onInstance` receives the running instance so that an interrupt can stop it.
 * @param {Record<string, unknown>} options
 * @param {(instance: { stop(): void } | undefined) => void} onInstance
 * @returns {Promise<any>} autocannon's result object
 */
async function cannon(options, onInstance) {
  const instance = autocannon({ ...options, headers: { ...BROWSER_HEADERS } });
  onInstance(instance);
  try {
    return await instance;
  } finally {
    onInstance(undefined);
  }
}

/**
 * @param {{ baseUrl: string, route: string, connections: number, warmupSeconds: number, durationSeconds: number,
 *   onInstance: (instance: { stop(): void } | undefined) => void }} options
 * @returns {Promise<LoadResult>}
 */
export async function loadRoute({ baseUrl, route, connections, warmupSeconds, durationSeconds, onInstance }) {
  const url = new URL(route, baseUrl).href;
  const firstProbe = await probe(url);
  if (warmupSeconds > 0) await cannon({ url, connections, duration: warmupSeconds }, onInstance);
  const result = await cannon({ url, connections, duration: durationSeconds }, onInstance);
  /** @type {Record<string, number>} */
  const statusCodes = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = count;
  return {
    route,
    probe: firstProbe,
    connections,
    warmupSeconds,
    durationSeconds,
    requestsPerSecond: result.requests.average,
    latencyMs: {
      p50: result.latency.p50,
      p99: result.latency.p99,
      average: result.latency.average,
      max: result.latency.max,
    },
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
  };
}
