// @ts-check
// `npm run bench:slow`: the throttling profile, the scenarios and their targets (issue 32, item 5),
// options, and what a run's marks add up to. Pure (no I/O); unit tests: bench/lib/slow.test.js.
import { parseArgs } from 'node:util';
import { fixed, table } from './report.js';
import { BenchError } from './server.js';

/**
 * Issue 32's slow network: Lighthouse's "slow 4G" figures. Megabits are SI (1 Mbps = 10⁶ bit/s).
 * Chrome's throttling is per request (DevTools' "network conditions"): each request waits
 * `latencyMs` and its bytes trickle at the given rates; TCP and TLS handshakes and slow start are
 * not modelled, so a real link with this RTT is slower on a cold connection.
 */
export const SLOW_NETWORK = Object.freeze({ latencyMs: 150, downloadKbps: 1600, uploadKbps: 750, cpuSlowdown: 4 });

/**
 * The parameters of CDP's `Network.emulateNetworkConditions` (throughputs in bytes per second).
 * @param {{ latencyMs: number, downloadKbps: number, uploadKbps: number }} profile
 */
export function networkConditions({ latencyMs, downloadKbps, uploadKbps }) {
  return { offline: false, latency: latencyMs, downloadThroughput: (downloadKbps * 1000) / 8, uploadThroughput: (uploadKbps * 1000) / 8 };
}

/** Mobile, as Lighthouse's default device (Moto G Power): the slow profile is a phone's. */
export const DEVICE = Object.freeze({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, locale: 'it-IT' });

/**
 * What a scenario measures. `watch` is the element whose being usable is timed (see
 * bench/lib/slow-probe.js); `click` (the checkout scenario) is clicked once the start page is
 * usable, and the time is then counted from the click.
 * @typedef {object} Scenario
 * @property {string} title
 * @property {(found: { submission: string }) => string} path  the page loaded (with `click`: the start page)
 * @property {'visitor' | 'buyer' | 'cart'} as  whose cookies: none, a fresh fan with a complete profile (per run), the fan with a ready cart
 * @property {import('./slow-probe.js').Watch} watch
 * @property {{ selector: string, ready: import('./slow-probe.js').Watch }} [click]
 * @property {number} targetMs
 * @property {string} target  the target in words
 */

/** @type {Record<string, Scenario>} */
export const SCENARIOS = {
  products: {
    title: '/products: painted, the buy link usable',
    path: () => '/products',
    as: 'visitor',
    // The page ships no JavaScript: a link on the screen is a link that works.
    watch: { name: 'buy link', selector: 'a[href="/products/j1897/configure/buy"]', hydrates: false },
    targetMs: 2000,
    target: '≤ 2 s',
  },
  'buy-form': {
    title: 'buy form (J1897): painted and hydrated',
    path: ({ submission }) => `/products/j1897/configure/buy?submission=${submission}`,
    as: 'buyer',
    watch: { name: 'buy form', selector: 'form#configure button[type="submit"]', hydrates: true },
    targetMs: 3000,
    target: '≤ 3 s',
  },
  checkout: {
    title: 'cart → checkout: from the click to the checkout form usable',
    path: () => '/cart',
    as: 'cart',
    // The pay button (the form's first submit button is a hidden default for Enter).
    watch: { name: 'checkout form', selector: 'form.checkout__form button.checkout__pay-button', hydrates: true },
    click: { selector: 'a.cart-box__checkout[href="/checkout"]', ready: { name: 'checkout link', selector: 'a.cart-box__checkout[href="/checkout"]', hydrates: true } },
    targetMs: 3000,
    target: '≤ 3 s',
  },
};

export const USAGE = `usage: node bench/slow.js [--runs N] [--scenario NAME[,NAME…]] [--cpu-slowdown N] [--no-build] [--report-only]

  --runs N          cold-cache runs per scenario, each in a fresh browser context, then a warm
                    navigation in the same context; in rounds; the median is reported; default 5
  --scenario NAME   ${Object.keys(SCENARIOS).join(', ')} (default: all)
  --cpu-slowdown N  Chrome's CPU throttling rate; default ${SLOW_NETWORK.cpuSlowdown}
  --no-build        serve the existing build/ instead of running \`npm run build\` first
  --report-only     exit 0 even when a target fails (1 otherwise; 2 when it cannot measure)
`;

/**
 * @param {string[]} argv
 * @returns {{ help: boolean, runs: number, scenarios: string[], cpuSlowdown: number, build: boolean, reportOnly: boolean }}
 */
export function parseOptions(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      runs: { type: 'string', default: '5' },
      scenario: { type: 'string', default: Object.keys(SCENARIOS).join(',') },
      'cpu-slowdown': { type: 'string', default: String(SLOW_NETWORK.cpuSlowdown) },
      'no-build': { type: 'boolean', default: false },
      'report-only': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new BenchError('--runs must be a whole number ≥ 1');
  const cpuSlowdown = Number(values['cpu-slowdown']);
  if (!Number.isFinite(cpuSlowdown) || cpuSlowdown < 1) throw new BenchError('--cpu-slowdown must be a number ≥ 1');
  const scenarios = values.scenario.split(',').map((name) => name.trim());
  for (const name of scenarios) {
    if (!Object.hasOwn(SCENARIOS, name)) throw new BenchError(`--scenario: unknown "${name}" (${Object.keys(SCENARIOS).join(', ')})`);
  }
  return { help: values.help, runs, scenarios: [...new Set(scenarios)], cpuSlowdown, build: !values['no-build'], reportOnly: values['report-only'] };
}

/**
 * A cookie header (`a=1; b=2`) as Playwright's cookies for `baseUrl`.
 * @param {string} header
 * @param {string} baseUrl
 */
export function cookiesFor(header, baseUrl) {
  return header
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair.indexOf('=') > 0)
    .map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1), url: baseUrl }));
}

/**
 * One navigation's figures, in ms on the page's clock; `from` is where the timing starts (0 = the
 * navigation's start; the click's time stamp for a click). Usable = painted (and, where the watch
 * hydrates, hydrated), never before the first contentful paint. Figures not reached are null.
 * @param {import('./slow-probe.js').Marks} marks
 * @param {import('./slow-probe.js').Watch} watch
 * @param {{ from?: number, responseStart?: number, load?: number, transferBytes?: number }} [extra]
 *   `responseStart`: the document's first byte, or after a click the next page's data request's
 */
export function figuresOf(marks, watch, { from = 0, responseStart, load, transferBytes } = {}) {
  const mark = marks.watches[watch.name] ?? {};
  const since = (/** @type {number | undefined} */ time) => (time === undefined ? null : Math.max(0, time - from));
  const painted = mark.painted === undefined ? undefined : Math.max(mark.painted, from === 0 ? (marks.fcp ?? Infinity) : 0);
  const usable = painted === undefined || !Number.isFinite(painted) ? undefined : watch.hydrates ? (mark.hydrated === undefined ? undefined : Math.max(painted, mark.hydrated)) : painted;
  return {
    // After a click: the first byte of the next page's data request.
    ttfb: since(responseStart),
    fcp: from === 0 ? (marks.fcp ?? null) : null,
    lcp: from === 0 ? (marks.lcp ?? null) : null,
    lcpElement: from === 0 ? (marks.lcpElement ?? null) : null,
    painted: since(painted !== undefined && Number.isFinite(painted) ? painted : undefined),
    hydrated: watch.hydrates ? since(mark.hydrated) : null,
    usable: since(usable),
    load: from === 0 ? (load ?? null) : null,
    // Main thread: the end of the last long task (> 50 ms) after the start, and their sum.
    quiet: since(marks.lastLongTaskEnd !== undefined && marks.lastLongTaskEnd > from ? marks.lastLongTaskEnd : undefined),
    longTaskMs: marks.longTaskMs,
    transferKB: transferBytes === undefined ? null : transferBytes / 1000,
  };
}

/** The figures a row shows, in order, with their headings. */
export const COLUMNS = /** @type {const} */ ([
  ['ttfb', 'TTFB'],
  ['fcp', 'FCP'],
  ['lcp', 'LCP'],
  ['painted', 'painted'],
  ['hydrated', 'hydrated'],
  ['usable', 'usable'],
  ['load', 'load'],
  ['quiet', 'last long task'],
  ['transferKB', 'transfer KB'],
]);

/**
 * The median of every figure over the runs. A `required` figure missing in a run was not reached
 * and counts as Infinity (never), so that a scenario that sometimes never becomes usable cannot
 * pass on its median; other figures are null where the scenario has none (TTFB after a click).
 * @param {ReturnType<typeof figuresOf>[]} runs
 * @param {readonly string[]} [required]
 */
export function medianFigures(runs, required = ['painted', 'usable']) {
  /** @type {Record<string, number | null>} */
  const medians = {};
  for (const [key] of COLUMNS) {
    const values = runs.map((run) => run[key] ?? (required.includes(key) ? Infinity : null));
    const known = values.filter((value) => value !== null).toSorted((a, b) => a - b);
    const middle = Math.floor(known.length / 2);
    // metrics.js's median drops what is not finite; here Infinity is a value.
    medians[key] = known.length === 0 ? null : known.length % 2 === 1 ? (known[middle] ?? null) : ((known[middle - 1] ?? 0) + (known[middle] ?? 0)) / 2;
  }
  return medians;
}

/** Figures a scenario must reach: painted and usable, and hydrated where its page hydrates. */
export const requiredFigures = (/** @type {import('./slow-probe.js').Watch} */ watch) => (watch.hydrates ? ['painted', 'hydrated', 'usable'] : ['painted', 'usable']);

/**
 * @param {number | null} medianMs
 * @param {number} targetMs
 */
export function verdict(medianMs, targetMs) {
  return medianMs !== null && medianMs <= targetMs ? 'PASS' : 'FAIL';
}

/**
 * A scenario's rows: cold (median), warm (median), each figure in ms (KB for the transfer).
 * @param {{ cold: Record<string, number | null>, warm: Record<string, number | null> }} medians
 */
export function formatFigures({ cold, warm }) {
  const cell = (/** @type {number | null | undefined} */ value, /** @type {string} */ key) =>
    value === null || value === undefined ? '–' : value === Infinity ? 'never' : key === 'transferKB' ? fixed(value, 1) : fixed(value, 0);
  const rows = [['cache', ...COLUMNS.map(([, heading]) => heading)]];
  for (const [label, figures] of /** @type {const} */ ([['cold', cold], ['warm', warm]])) {
    rows.push([label, ...COLUMNS.map(([key]) => cell(figures[key], key))]);
  }
  return table(rows, ['left', ...COLUMNS.map(() => /** @type {const} */ ('right'))]);
}
