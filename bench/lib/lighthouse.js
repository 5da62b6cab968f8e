// @ts-check
// `npm run bench:lighthouse`: its pages, options, targets, and what it reads from Lighthouse's JSON
// report (lhr). Pure (no I/O); unit tests: bench/lib/lighthouse.test.js.
import { parseArgs } from 'node:util';
import { median } from './metrics.js';
import { BENCH_SUBMISSION_KEY } from './routes.js';
import { BenchError } from './server.js';

export const LIGHTHOUSE = 'lighthouse@12.8.2';

/**
 * What a page needs from the running shop: 'visitor' nothing; 'sign-in' a sign-in interaction's
 * cookies; 'fan' a signed-up fan with a complete profile; 'cart' that fan with a filled cart;
 * 'checkout' that cart, its J1897 shipped and its waivers given, so /checkout opens.
 * @typedef {'visitor' | 'sign-in' | 'fan' | 'cart' | 'checkout'} Needs
 * @typedef {object} LighthousePage
 * @property {string | ((signInPath: string) => string)} path
 * @property {Needs} needs
 * @property {number} performance  the performance target (median ≥)
 * @property {string} source       the issue that set it
 */

/** @type {Record<string, LighthousePage>} */
export const PAGES = {
  'sign-in': { path: (signInPath) => signInPath, needs: 'sign-in', performance: 98, source: 'issue 10' },
  'sign-up': { path: (signInPath) => `${signInPath.replace(/\/?$/, '/')}sign-up`, needs: 'sign-in', performance: 98, source: 'issue 10' },
  products: { path: '/products', needs: 'visitor', performance: 95, source: 'issue 16' },
  product: { path: '/products/j1897', needs: 'visitor', performance: 95, source: 'issue 16' },
  // The weight bench's buy form: a submission key that never made an item, so the page renders.
  'buy-form': { path: `/products/j1897/configure/buy?submission=${BENCH_SUBMISSION_KEY}`, needs: 'fan', performance: 95, source: 'issue 16' },
  // The weight bench's cart: J1897 for the fan and 9 gifts of Kids, added through the real forms.
  cart: { path: '/cart', needs: 'cart', performance: 95, source: 'issue 16' },
  // The weight bench's checkout: that cart, ready to pay (issue 32: Drop-in loads only on demand).
  checkout: { path: '/checkout', needs: 'checkout', performance: 95, source: 'issue 32' },
};

/** `--page all`: the four pages of issue 16's acceptance. */
export const ALL = ['products', 'product', 'buy-form', 'cart'];

/** Targets every page shares (issue 16); performance is per page (`PAGES`). */
export const TARGETS = { accessibility: 100, clsBelow: 0.02, cssKB: 20 };

export const USAGE = `usage: node bench/lighthouse.js [--page NAME[,NAME…]] [--runs N] [--no-build] [--report-only] [--throttling simulate|devtools]

  --page NAME      ${Object.keys(PAGES).join(', ')}, or all (= ${ALL.join(', ')}); default sign-in
  --runs N         Lighthouse runs per page, in rounds (every page once per round); default 3
  --no-build       serve the existing build/ instead of running \`npm run build\` first
  --report-only    exit 0 even when a target fails (1 otherwise; 2 when it cannot measure)
  --throttling M   Lighthouse's throttling method: simulate (default, the targets' method) or
                   devtools (really slows the network: a late font's swap shows in CLS), or
                   provided (no throttling: this machine's own times, e.g. TTI after load)
`;

/**
 * @param {string[]} argv
 * @returns {{ help: boolean, pages: string[], runs: number, build: boolean, reportOnly: boolean, throttling: 'simulate' | 'devtools' | 'provided' }}
 */
export function parseOptions(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      page: { type: 'string', default: 'sign-in' },
      runs: { type: 'string', default: '3' },
      'no-build': { type: 'boolean', default: false },
      'report-only': { type: 'boolean', default: false },
      throttling: { type: 'string', default: 'simulate' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new BenchError('--runs must be a whole number ≥ 1');
  const pages = [];
  for (const name of values.page.split(',').map((part) => part.trim())) {
    if (name === 'all') pages.push(...ALL);
    else if (Object.hasOwn(PAGES, name)) pages.push(name);
    else throw new BenchError(`--page: unknown page "${name}" (${Object.keys(PAGES).join(', ')}, all)`);
  }
  if (values.throttling !== 'simulate' && values.throttling !== 'devtools' && values.throttling !== 'provided') throw new BenchError('--throttling is simulate, devtools or provided');
  return { help: values.help, pages: [...new Set(pages)], runs, build: !values['no-build'], reportOnly: values['report-only'], throttling: values.throttling };
}

/** Lighthouse's metric audits and the names the report gives them. */
const METRICS = /** @type {const} */ ([
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
  // Time to interactive: hidden from the score since Lighthouse 10, still measured (issue 32's checkout target).
  ['interactive', 'TTI'],
]);

/** Lighthouse's resource-summary rows kept, as `<type>Bytes` (transfer: as served, gzip included). */
const RESOURCE_TYPES = ['document', 'script', 'stylesheet', 'font'];

/**
 * @typedef {Record<string, number>} RunFigures
 *   score (performance), accessibility, FCP, LCP, TBT, CLS, SI, TTI, load (the load event as
 *   observed, not simulated) (ms; CLS unitless), unusedJsBytes,
 *   totalBytes, documentBytes, scriptBytes, stylesheetBytes, fontBytes (transfer), mainThreadMs,
 *   benchmarkIndex
 */

/**
 * One run's figures.
 * @param {any} report Lighthouse's JSON (lhr)
 * @returns {RunFigures}
 */
export function figures(report) {
  const audits = report.audits;
  const score = (/** @type {string} */ id) => Math.round((report.categories[id]?.score ?? 0) * 100);
  /** @type {any[]} */
  const resources = audits['resource-summary']?.details?.items ?? [];
  return {
    score: score('performance'),
    ...(report.categories.accessibility ? { accessibility: score('accessibility') } : {}),
    ...Object.fromEntries(METRICS.map(([id, label]) => [label, audits[id]?.numericValue ?? Number.NaN])),
    load: audits.metrics?.details?.items?.[0]?.observedLoad ?? Number.NaN,
    unusedJsBytes: audits['unused-javascript']?.details?.overallSavingsBytes ?? 0,
    totalBytes: audits['total-byte-weight']?.numericValue ?? Number.NaN,
    ...Object.fromEntries(RESOURCE_TYPES.map((type) => [`${type}Bytes`, resources.find((item) => item.resourceType === type)?.transferSize ?? 0])),
    mainThreadMs: audits['mainthread-work-breakdown']?.numericValue ?? Number.NaN,
    // Lighthouse's own measure of the machine's speed (a quiet desktop scores 1000 and more): simulated
    // throttling scales the page's CPU work from it, so a busy machine lowers TBT's and FCP's score.
    benchmarkIndex: report.environment?.benchmarkIndex ?? Number.NaN,
  };
}

/**
 * The requests that block the first render, as Lighthouse names them (its insight, or the older audit).
 * @param {any} report
 * @returns {{ url: string, bytes: number, ms: number }[]}
 */
export function renderBlocking(report) {
  const audit = report.audits['render-blocking-insight'] ?? report.audits['render-blocking-resources'];
  /** @type {any[]} */
  const items = audit?.details?.items ?? [];
  return items.map((item) => ({ url: item.url, bytes: item.totalBytes ?? 0, ms: Math.round(item.wastedMs ?? 0) }));
}

/**
 * The median of every figure over the runs.
 * @param {RunFigures[]} runs
 * @returns {RunFigures}
 */
export function medians(runs) {
  const keys = Object.keys(runs[0] ?? {});
  return Object.fromEntries(keys.map((key) => [key, median(runs.map((run) => run[key] ?? Number.NaN))]));
}

/**
 * @typedef {{ selector: string, label: string, snippet: string, explanation: string }} NodeRef
 * @typedef {{ id: string, title: string, weight: number, nodes: NodeRef[] }} FailingAudit
 */

/** @param {any} node  a Lighthouse `node` detail */
function nodeRef(node) {
  return {
    selector: node?.selector ?? '',
    label: node?.nodeLabel ?? '',
    snippet: node?.snippet ?? '',
    explanation: (node?.explanation ?? '').trim(),
  };
}

/**
 * The accessibility audits a run failed (score below 1; not applicable and manual ones aside), with
 * the elements Lighthouse (axe) names. Weight 0 audits are listed too: they do not lower the score.
 * @param {any} report
 * @returns {FailingAudit[]}
 */
export function failingAccessibilityAudits(report) {
  /** @type {{ id: string, weight: number }[]} */
  const refs = report.categories.accessibility?.auditRefs ?? [];
  const failing = [];
  for (const { id, weight } of refs) {
    const audit = report.audits[id];
    if (!audit || audit.score === null || audit.score >= 1) continue;
    if (audit.scoreDisplayMode !== 'binary' && audit.scoreDisplayMode !== 'numeric') continue;
    /** @type {any[]} */
    const items = audit.details?.items ?? [];
    failing.push({ id, title: audit.title, weight, nodes: items.filter((item) => item.node).map((item) => nodeRef(item.node)) });
  }
  return failing;
}

/**
 * The layout shifts Lighthouse saw (its `layout-shifts` audit), the biggest first, with their
 * causes (e.g. "Web font loaded").
 * @param {any} report
 * @returns {{ score: number, node: NodeRef | null, causes: string[] }[]}
 */
export function layoutShifts(report) {
  /** @type {any[]} */
  const items = report.audits['layout-shifts']?.details?.items ?? [];
  return items.map((item) => ({
    score: item.score ?? 0,
    node: item.node ? nodeRef(item.node) : null,
    /** @type {string[]} */
    causes: (item.subItems?.items ?? []).map((/** @type {any} */ cause) => [cause.cause, cause.extra?.value].filter(Boolean).join(': ')),
  }));
}

/**
 * Merges the failing audits of several runs (accessibility is meant to be the same every run; a
 * failure seen in any run counts), by id, keeping the first run's elements.
 * @param {FailingAudit[][]} perRun
 */
export function mergeFailingAudits(perRun) {
  /** @type {Map<string, FailingAudit & { runs: number }>} */
  const merged = new Map();
  for (const audits of perRun) {
    for (const audit of audits) {
      const seen = merged.get(audit.id);
      if (seen) seen.runs += 1;
      else merged.set(audit.id, { ...audit, runs: 1 });
    }
  }
  return [...merged.values()];
}

/**
 * @typedef {{ target: string, value: number | null, pass: boolean | null }} Verdict  pass null: not measured
 */

/**
 * The page's targets: performance (median) ≥ the page's, accessibility 100 in every run, CLS below
 * 0.02 in every run (the worst run counts: a font swap that shifts now and then still shifts),
 * first-load CSS ≤ 20 KB gzip (the weight bench's figure, inline `<style>` included).
 * @param {string} page
 * @param {RunFigures[]} runs
 * @param {number | null} cssKB  null when the page's weight could not be measured
 * @returns {Verdict[]}
 */
export function checkTargets(page, runs, cssKB) {
  const performance = median(runs.map((run) => run.score ?? 0));
  const accessibility = runs.some((run) => run.accessibility === undefined) ? null : Math.min(...runs.map((run) => run.accessibility ?? 0));
  const cls = Math.max(...runs.map((run) => run.CLS ?? Number.NaN));
  const target = PAGES[page]?.performance ?? 100;
  return [
    { target: `performance ≥ ${target} (median)`, value: performance, pass: performance >= target },
    { target: `accessibility = ${TARGETS.accessibility} (every run)`, value: accessibility, pass: accessibility === null ? null : accessibility >= TARGETS.accessibility },
    { target: `CLS < ${TARGETS.clsBelow} (worst run)`, value: Number.isFinite(cls) ? cls : null, pass: Number.isFinite(cls) ? cls < TARGETS.clsBelow : null },
    { target: `first-load CSS ≤ ${TARGETS.cssKB} KB gzip`, value: cssKB, pass: cssKB === null ? null : cssKB <= TARGETS.cssKB },
  ];
}

/** @param {Verdict[]} verdicts  false when a target failed or could not be measured */
export const allPass = (verdicts) => verdicts.every((verdict) => verdict.pass === true);

const seconds = (/** @type {number | undefined} */ ms) => (Number.isFinite(ms) ? `${((ms ?? 0) / 1000).toFixed(2)} s` : '–');
const kb = (/** @type {number | undefined} */ bytes) => (Number.isFinite(bytes) ? `${((bytes ?? 0) / 1000).toFixed(1)} KB` : '–');

/**
 * @typedef {object} PageResult
 * @property {string} page
 * @property {string} path
 * @property {RunFigures[]} runs
 * @property {RunFigures} median
 * @property {{ cssKB: number, jsKB: number, documentKB: number } | null} weight  gzip -9, as `npm run bench`
 * @property {(FailingAudit & { runs: number })[]} failingAccessibilityAudits
 * @property {{ score: number, node: NodeRef | null, causes: string[] }[]} layoutShifts  of the run with the worst CLS
 * @property {{ url: string, bytes: number, ms: number }[]} renderBlocking  as the last run saw them
 * @property {Verdict[]} targets
 */

/**
 * The report of one page, as printed.
 * @param {PageResult} result
 * @returns {string}
 */
export function formatPage(result) {
  const { median: m, runs } = result;
  const lines = [`${result.page} (${result.path}), median of ${runs.length}:`];
  lines.push(`  performance ${m.score} (runs ${runs.map((run) => run.score).join(', ')}) · accessibility ${runs.map((run) => run.accessibility ?? '–').join(', ')}`);
  lines.push(`  FCP ${seconds(m.FCP)} · LCP ${seconds(m.LCP)} · TBT ${Math.round(m.TBT ?? 0)} ms · CLS ${(m.CLS ?? 0).toFixed(3)} (worst ${Math.max(...runs.map((run) => run.CLS ?? 0)).toFixed(3)}) · SI ${seconds(m.SI)} · TTI ${seconds(m.TTI)} (load event observed at ${seconds(m.load)})`);
  lines.push(
    `  transfer (Lighthouse): document ${kb(m.documentBytes)} · JS ${kb(m.scriptBytes)} · CSS files ${kb(m.stylesheetBytes)} · fonts ${kb(m.fontBytes)} · total ${kb(m.totalBytes)} · unused JS ${kb(m.unusedJsBytes)}`,
  );
  lines.push(`  main-thread work ${seconds(m.mainThreadMs)} · Lighthouse's benchmark index of the machine ${Math.round(m.benchmarkIndex ?? Number.NaN)} (a quiet desktop: 1000+)`);
  if (result.renderBlocking.length > 0) lines.push(`  render-blocking: ${result.renderBlocking.map((item) => `${item.url.replace(/^https?:\/\/[^/]+/, '')} (${kb(item.bytes)}, ${item.ms} ms)`).join(', ')}`);
  if (result.weight) lines.push(`  first load (gzip -9, as npm run bench): CSS ${result.weight.cssKB.toFixed(1)} KB (inline <style> included) · JS ${result.weight.jsKB.toFixed(1)} KB · HTML ${result.weight.documentKB.toFixed(1)} KB`);
  for (const verdict of result.targets) {
    const value = verdict.value === null ? 'not measured' : String(Math.round(verdict.value * 1000) / 1000);
    lines.push(`  ${verdict.pass === true ? 'PASS' : 'FAIL'} ${verdict.target}: ${value}`);
  }
  for (const audit of result.failingAccessibilityAudits) {
    lines.push(`  ! accessibility audit failed: ${audit.id} "${audit.title}" (weight ${audit.weight}${audit.runs < runs.length ? `, ${audit.runs} of ${runs.length} runs` : ''})`);
    for (const node of audit.nodes) {
      lines.push(`      ${node.selector || node.snippet}${node.label ? ` — "${node.label}"` : ''}`);
      if (node.explanation) lines.push(...node.explanation.split('\n').map((line) => `        ${line.trim()}`));
    }
  }
  for (const shift of result.layoutShifts) {
    const where = shift.node ? shift.node.selector || shift.node.snippet : 'an element';
    lines.push(`  ~ layout shift ${shift.score.toFixed(3)} of ${where}${shift.causes.length ? ` (${shift.causes.join('; ')})` : ''}`);
  }
  return lines.join('\n');
}
