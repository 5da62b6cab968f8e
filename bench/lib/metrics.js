// @ts-check
// Pure helpers of the bench (no I/O): /proc parsing, per-request CPU, ratios, budget verdicts.
// Unit tests: bench/lib/metrics.test.js (`npm run bench:test`).

/** Linux's USER_HZ: /proc reports CPU times in ticks of 1/100 s on every common kernel. */
export const TICKS_PER_SECOND = 100;

/**
 * User and system CPU time of a process from the text of /proc/<pid>/stat. The command name (field
 * 2) is in parentheses and may hold spaces or ')' itself, so fields are counted after the LAST ')'.
 * @param {string} text
 * @returns {{ userMs: number, systemMs: number, totalMs: number }}
 */
export function parseProcStat(text) {
  const close = text.lastIndexOf(')');
  if (close < 0) throw new Error('not a /proc/<pid>/stat line');
  // After ") ": field 3 (state) is index 0, so utime (field 14) is index 11 and stime (15) index 12.
  const fields = text.slice(close + 2).trim().split(/\s+/);
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) throw new Error('no utime/stime in /proc/<pid>/stat');
  const toMs = (/** @type {number} */ ticks) => (ticks * 1000) / TICKS_PER_SECOND;
  return { userMs: toMs(utime), systemMs: toMs(stime), totalMs: toMs(utime + stime) };
}

/**
 * CPU milliseconds the server spent per completed request during a window.
 * @param {number} cpuMsBefore @param {number} cpuMsAfter @param {number} requests
 * @returns {number | null} null when nothing completed
 */
export function cpuMsPerRequest(cpuMsBefore, cpuMsAfter, requests) {
  if (!(requests > 0)) return null;
  return Math.max(0, cpuMsAfter - cpuMsBefore) / requests;
}

/**
 * `value / reference`, or null when either is missing or the reference is not positive.
 * @param {number | null | undefined} value @param {number | null | undefined} reference
 */
export function ratio(value, reference) {
  if (value == null || reference == null || !Number.isFinite(value) || !(reference > 0)) return null;
  return value / reference;
}

/** @param {number[]} values @returns {number | null} */
export function median(values) {
  const sorted = values.filter(Number.isFinite).toSorted((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? /** @type {number} */ (sorted[middle]) : (/** @type {number} */ (sorted[middle - 1]) + /** @type {number} */ (sorted[middle])) / 2;
}

/**
 * Sums of CPU and requests over several windows of the same route: the per-request cost of the
 * whole (a short noisy window weighs by its request count, not as much as a long one), and the
 * share of one CPU the server used (`cpuShare`, null without the windows' wall time): under ~0.9
 * the load generator, not the server, set the pace.
 * @param {{ cpuMs: number, requests: number, seconds: number, wallMs?: number }[]} windows
 */
export function combineWindows(windows) {
  const cpuMs = windows.reduce((sum, window) => sum + window.cpuMs, 0);
  const requests = windows.reduce((sum, window) => sum + window.requests, 0);
  const seconds = windows.reduce((sum, window) => sum + window.seconds, 0);
  const timed = windows.every((window) => window.wallMs !== undefined);
  const wallMs = windows.reduce((sum, window) => sum + (window.wallMs ?? 0), 0);
  return {
    cpuMs,
    requests,
    cpuMsPerRequest: cpuMsPerRequest(0, cpuMs, requests),
    requestsPerSecond: seconds > 0 ? requests / seconds : null,
    cpuShare: timed && wallMs > 0 ? cpuMs / wallMs : null,
  };
}

/**
 * The × of each round: a route's CPU per request in its window of round i over the reference's in
 * the same round (both lists in round order; a round without a figure on either side is left out).
 * The machine's speed drifts (issue 32, stop 44: every row of a run 1.7× another run of the same
 * settings minutes apart), and a round's two windows are closer in time than the run's sums.
 * @param {{ cpuMs: number | null, requests: number }[]} windows
 * @param {{ cpuMs: number | null, requests: number }[]} referenceWindows
 * @returns {number[]}
 */
export function roundRatios(windows, referenceWindows) {
  return windows.flatMap((window, round) => {
    const reference = referenceWindows[round];
    if (!reference || window.cpuMs === null || reference.cpuMs === null) return [];
    const value = ratio(cpuMsPerRequest(0, window.cpuMs, window.requests), cpuMsPerRequest(0, reference.cpuMs, reference.requests));
    return value === null ? [] : [value];
  });
}

/** A server at this share of its CPU or more was the bottleneck of its windows (it was saturated). */
export const SATURATED_CPU_SHARE = 0.9;

/**
 * Pass/fail of a first-load weight against a budget; budget 0 means "no JavaScript at all".
 * @param {number} gzipBytes @param {number} budgetKB @param {number} kilobyteBytes
 * @returns {{ pass: boolean, overKB: number }}
 */
export function budgetVerdict(gzipBytes, budgetKB, kilobyteBytes) {
  const overKB = gzipBytes / kilobyteBytes - budgetKB;
  return { pass: overKB <= 0, overKB: Math.max(0, overKB) };
}

/**
 * A target on a ratio ("≤ 1.5× the minimal app"): pass, fail, or unknown when not measured.
 * @param {number | null} value @param {number} limit
 * @returns {'pass' | 'fail' | 'unknown'}
 */
export function targetVerdict(value, limit) {
  if (value == null) return 'unknown';
  return value <= limit ? 'pass' : 'fail';
}

/**
 * The translation namespaces a page's HTML says the client entry needs before it hydrates: the
 * space-separated `data-i18n-namespaces` attribute the shop's layout renders after the page, on
 * its JSON translations block (on an empty `<div hidden>` in builds before the block).
 * null when the page has none (a page that does not hydrate, or a build from before the
 * per-namespace chunks).
 * @param {string} html
 * @returns {string[] | null}
 */
export function listedNamespaces(html) {
  const list = /\sdata-i18n-namespaces\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(html);
  if (!list) return null;
  return (list[1] ?? list[2] ?? '').split(/\s+/).filter(Boolean);
}

/**
 * Whether a dynamic import is one of the translations the page loads at first visit although
 * the entry imports them lazily.
 * - With the page's namespace list (the caller leaves out those the page carries inline):
 *   exactly the chunks `locale-<language>-<namespace>-<hash>.js` of the listed namespaces
 *   (namespace names have no '-', so `auth` never matches `auth_x`).
 * - Without one (older builds): a file whose name says resources, locale(s), i18n, messages or
 *   translation(s) with the page's language as a token ("resources-it-x1.js", "locales/en/auth.json").
 * @param {string} specifier @param {string} language @param {string[] | null} [namespaces]
 */
export function isTranslationChunk(specifier, language, namespaces = null) {
  if (!language) return false;
  const file = specifier.replace(/[?#].*$/, '');
  if (namespaces) {
    const namespace = translationNamespaceOf(specifier, language);
    return namespace !== null && namespaces.includes(namespace);
  }
  if (!/(resources|locales?|i18n|messages|translations?)/i.test(file)) return false;
  return new RegExp(`(^|[-_./])${language.replace(/[^a-z-]/gi, '')}([-_./]|$)`, 'i').test(file);
}

/**
 * The namespace of a per-namespace translation chunk of `language` (`…/locale-it-auth-AbC1_x-2.js`
 * → `auth`), or null.
 * @param {string} file @param {string} language
 */
export function translationNamespaceOf(file, language) {
  const path = file.replace(/[?#].*$/, '');
  const name = path.slice(path.lastIndexOf('/') + 1);
  const prefix = `locale-${language}-`;
  if (!name.startsWith(prefix) || !name.endsWith('.js')) return null;
  const match = /^(\w+)-[\w-]+\.js$/.exec(name.slice(prefix.length));
  return match ? /** @type {string} */ (match[1]) : null;
}
