// @ts-check
// From the measured windows and weights to the results' data and the printed report.
import { budgetVerdict, combineWindows, median, ratio, roundRatios, SATURATED_CPU_SHARE, targetVerdict } from './metrics.js';
import { describeStatus, fixed, formatMachine, table } from './report.js';

/**
 * @typedef {import('../run.js').Job} Job
 * @typedef {{ target: string, route: string, hydrates: boolean, weight: import('./weight.js').PageWeight }} Weighed
 */

/**
 * @param {{ jobs: Job[], probes: Map<Job, import('./load.js').Probe>, windows: Map<Job, import('./load.js').Window[]>,
 *   weights: Weighed[], targets: string[], floor: string, minimalApp: string, shapedMinimalApp: string, fixtureTargets: Record<string, number>,
 *   budgets: { hydratingJsKB: number, staticJsKB: number, cssKB: number }, kilobyteBytes: number }} input
 */
export function summarise({ jobs, probes, windows, weights, targets, floor, minimalApp, shapedMinimalApp, fixtureTargets, budgets, kilobyteBytes }) {
  const measuredRows = jobs.map((job) => {
    const measured = windows.get(job) ?? [];
    const withCpu = measured.flatMap((window) => (window.cpuMs === null ? [] : [{ ...window, cpuMs: window.cpuMs }]));
    const all = combineWindows(measured.map((window) => ({ cpuMs: 0, requests: window.requests, seconds: window.seconds })));
    const cpu = withCpu.length > 0 ? combineWindows(withCpu) : null;
    return {
      build: job.target,
      route: job.route,
      path: new URL(job.url).pathname,
      probe: probes.get(job) ?? null,
      windows: measured.length,
      requests: all.requests,
      requestsPerSecond: all.requestsPerSecond,
      cpuMsPerRequest: cpu?.cpuMsPerRequest ?? null,
      serverCpuShare: cpu?.cpuShare ?? null,
      latencyMs: { p50: median(measured.map((window) => window.p50)), p99: median(measured.map((window) => window.p99)) },
      non2xx: measured.reduce((sum, window) => sum + window.non2xx, 0),
      errors: measured.reduce((sum, window) => sum + window.errors, 0),
    };
  });
  const fixture = measuredRows.find((entry) => entry.build === 'fixture' && entry.route === minimalApp);
  const shaped = measuredRows.find((entry) => entry.build === 'fixture' && entry.route === shapedMinimalApp);
  const load = measuredRows.map((entry) => ({
    ...entry,
    cpuVsFloor: ratio(entry.cpuMsPerRequest, measuredRows.find((other) => other.build === entry.build && other.route === floor)?.cpuMsPerRequest),
    cpuVsMinimalApp: ratio(entry.cpuMsPerRequest, fixture?.cpuMsPerRequest),
  }));
  /** @param {string} build @param {string} route */
  const row = (build, route) => load.find((entry) => entry.build === build && entry.route === route);
  /** @param {string} build @param {string} route @returns {import('./load.js').Window[]} */
  const windowsOf = (build, route) => {
    const job = jobs.find((candidate) => candidate.target === build && candidate.route === route);
    return job ? (windows.get(job) ?? []) : [];
  };
  const targetChecks = targets.flatMap((build) =>
    Object.entries(fixtureTargets).map(([route, limit]) => {
      const value = ratio(row(build, route)?.cpuMsPerRequest, fixture?.cpuMsPerRequest);
      const byRound = roundRatios(windowsOf(build, route), windowsOf('fixture', minimalApp));
      return { build, route, timesMinimalApp: value, byRound, limit, verdict: targetVerdict(value, limit) };
    }),
  );
  // Not a target (they are the founders'): the floor against React Router's cost for a tree the shop's size.
  const floorVsShapedApp = targets.map((build) => ({ build, app: shapedMinimalApp, timesShapedApp: ratio(row(build, floor)?.cpuMsPerRequest, shaped?.cpuMsPerRequest) }));
  const [before, after] = targets;
  const comparison =
    targets.length === 2 && before && after
      ? [...new Set(load.filter((entry) => entry.build === after).map((entry) => entry.route))].map((route) => {
          const a = row(before, route);
          const b = row(after, route);
          return {
            route,
            cpuMsPerRequest: { A: a?.cpuMsPerRequest ?? null, B: b?.cpuMsPerRequest ?? null, BoverA: ratio(b?.cpuMsPerRequest, a?.cpuMsPerRequest) },
            requestsPerSecond: { A: a?.requestsPerSecond ?? null, B: b?.requestsPerSecond ?? null, BoverA: ratio(b?.requestsPerSecond, a?.requestsPerSecond) },
          };
        })
      : null;
  const weight = weights.map(({ target, route, hydrates, weight: page }) => {
    const jsBudgetKB = hydrates ? budgets.hydratingJsKB : budgets.staticJsKB;
    const translations = page.files.filter((file) => file.via.startsWith('translations')).reduce((sum, file) => sum + file.gzipBytes, 0);
    return {
      build: target,
      route,
      path: page.route,
      hydrates,
      measured: page.measured,
      status: page.status,
      location: page.location,
      js: { ...page.js, translationsGzipBytes: translations, budgetKB: jsBudgetKB, ...budgetVerdict(page.js.gzipBytes, jsBudgetKB, kilobyteBytes) },
      css: { ...page.css, budgetKB: budgets.cssKB, ...budgetVerdict(page.css.gzipBytes, budgets.cssKB, kilobyteBytes) },
      document: page.document,
      files: page.files,
    };
  });
  const failures = weights.flatMap(({ weight: page }) => page.failures.map((failure) => `${page.route}: could not fetch ${failure}`));
  const unequalLoad = unequalLoadWarning(load, minimalApp, Object.keys(fixtureTargets));
  return { data: { load, targets: targetChecks, floorVsShapedApp, comparison, weight, failures }, failures, unequalLoad, kilobyteBytes };
}

/** Under this many requests a route's CPU per request is dominated by /proc's 10 ms resolution. */
const FEW_REQUESTS = 100;

/** @param {number | null | undefined} value @param {number} digits */
const num = (value, digits) => (value == null ? '–' : fixed(value, digits));
/** @param {number | null | undefined} value */
const times = (value) => (value == null ? '–' : `${fixed(value, 2)}×`);
/** @param {number | null | undefined} share */
const percent = (share) => (share == null ? '–' : `${fixed(share * 100, 0)} %`);

/**
 * The × targets compare CPU per request at whatever load each row ran. The load generator (one
 * core) cannot keep the one-route minimal app's server busy, while the shop's pages keep theirs
 * at ~100 %; on issue 32's machine that app cost 2.85–6.61 ms a request in one evening, more the
 * fewer requests it answered. Says so when the targets' reference ran below saturation while a
 * target route ran at it.
 * @param {{ build: string, route: string, serverCpuShare: number | null }[]} load
 * @param {string} minimalApp @param {readonly string[]} targetRoutes
 * @returns {string | null}
 */
export function unequalLoadWarning(load, minimalApp, targetRoutes) {
  const reference = load.find((entry) => entry.build === 'fixture' && entry.route === minimalApp);
  if (reference?.serverCpuShare == null || reference.serverCpuShare >= SATURATED_CPU_SHARE) return null;
  const saturated = load.filter((entry) => entry.build !== 'fixture' && targetRoutes.includes(entry.route) && (entry.serverCpuShare ?? 0) >= SATURATED_CPU_SHARE);
  if (saturated.length === 0) return null;
  return (
    `! the ${minimalApp} kept its server at ${percent(reference.serverCpuShare)} of a CPU (the load generator set the pace), ` +
    `${saturated.map((entry) => `${entry.build} ${entry.route}`).join(', ')} at ${percent(Math.min(...saturated.map((entry) => entry.serverCpuShare ?? 0)))} or more: ` +
    'the × targets below compare CPU per request at unequal load; --rate N measures both at the same load.'
  );
}

/**
 * @param {ReturnType<typeof summarise>} summary
 * @param {{ options: { windowSeconds: number, rounds: number, warmupSeconds: number, connections: number, rate?: number | null, database?: 'pglite' | 'postgres' },
 *   pins: { server: string, load: string } | null, machine: Parameters<typeof formatMachine>[0],
 *   conditions: Parameters<typeof formatMachine>[1] }} context
 */
export function formatSummary(summary, { options, pins, machine, conditions }) {
  const { load, targets, comparison, weight } = summary.data;
  const KB = summary.kilobyteBytes;
  const lines = [];
  const pinned = pins ? `server pinned to CPU ${pins.server}, load generator on CPU ${pins.load}` : 'not pinned (no taskset or one CPU)';
  lines.push(
    `CPU per request and throughput (${options.rounds} interleaved rounds × ${options.windowSeconds} s per route after ${options.warmupSeconds} s warm-up, ${options.connections} connections${options.rate ? ` at ${options.rate} requests/s` : ''}; ${pinned}; NODE_ENV=production${options.database === 'postgres' ? "; the shop on PostgreSQL, whose server's CPU is not counted" : ''})`,
  );
  const rows = [['build', 'route', 'CPU ms/req', '× floor', '× minimal app', 'server CPU', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'status']];
  for (const entry of load) {
    rows.push([
      entry.build,
      entry.route,
      num(entry.cpuMsPerRequest, 2),
      entry.build === 'fixture' ? '' : times(entry.cpuVsFloor),
      times(entry.cpuVsMinimalApp),
      percent(entry.serverCpuShare),
      num(entry.requestsPerSecond, 0),
      num(entry.latencyMs.p50, 1),
      num(entry.latencyMs.p99, 1),
      String(entry.non2xx),
      entry.probe ? describeStatus(entry.probe) : '–',
    ]);
  }
  lines.push(table(rows, ['left', 'left', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'left']));
  for (const entry of load) {
    if (entry.probe && entry.probe.status !== 200) lines.push(`! ${entry.build} ${entry.route} answered ${describeStatus(entry.probe)}: its row measures that response, not the page.`);
    if (entry.errors > 0) lines.push(`! ${entry.build} ${entry.route}: ${entry.errors} socket errors.`);
    if (entry.requests < FEW_REQUESTS) {
      lines.push(`! ${entry.build} ${entry.route}: only ${entry.requests} requests; /proc counts CPU in 10 ms ticks, so its CPU per request is rough (lengthen --duration or --rounds).`);
    }
  }
  if (summary.unequalLoad) lines.push(summary.unequalLoad);
  lines.push('', 'Targets (CPU per request × the minimal React Router app, same run)');
  for (const check of targets) {
    const spread = check.byRound.length > 1 ? `  (by round ${fixed(Math.min(...check.byRound), 2)}–${times(Math.max(...check.byRound))})` : '';
    lines.push(`  ${check.build} ${check.route.padEnd(10)} ${times(check.timesMinimalApp).padStart(8)}  target ≤ ${check.limit}×  ${check.verdict.toUpperCase()}${spread}`);
  }
  for (const entry of summary.data.floorVsShapedApp) {
    lines.push(`  (not a target) ${entry.build} floor × the ${entry.app}: ${times(entry.timesShapedApp)}`);
  }
  if (comparison) {
    lines.push('', 'Compare (A = the --compare ref, B = this checkout; B/A < 1 means B is cheaper or faster)');
    const compareRows = [['route', 'A ms/req', 'B ms/req', 'B/A CPU', 'A req/s', 'B req/s', 'B/A req/s']];
    for (const entry of comparison) {
      const { cpuMsPerRequest: cpu, requestsPerSecond: rps } = entry;
      compareRows.push([entry.route, num(cpu.A, 2), num(cpu.B, 2), times(cpu.BoverA), num(rps.A, 0), num(rps.B, 0), times(rps.BoverA)]);
    }
    lines.push(table(compareRows, ['left', 'right', 'right', 'right', 'right', 'right', 'right']));
  }
  lines.push('', `First-load weight (every script and stylesheet the page loads, translations included; gzip -9, 1 KB = ${KB} bytes)`);
  const weightRows = [['build', 'route', 'JS KB', 'of it i18n', 'JS budget', 'JS', 'CSS KB', 'CSS budget', 'CSS', 'HTML KB']];
  for (const page of weight) {
    if (!page.measured) {
      weightRows.push([page.build, page.route, '–', '–', `${page.js.budgetKB}`, `not measured: ${page.status}${page.location ? ` → ${page.location}` : ''}`, '', '', '', '']);
      continue;
    }
    weightRows.push([
      page.build,
      page.route,
      fixed(page.js.gzipBytes / KB, 1),
      fixed(page.js.translationsGzipBytes / KB, 1),
      `≤ ${page.js.budgetKB}`,
      page.js.pass ? 'OK' : `OVER ${fixed(page.js.overKB, 1)}`,
      fixed(page.css.gzipBytes / KB, 1),
      `≤ ${page.css.budgetKB}`,
      page.css.pass ? 'OK' : `OVER ${fixed(page.css.overKB, 1)}`,
      fixed((page.document?.gzipBytes ?? 0) / KB, 1),
    ]);
  }
  lines.push(table(weightRows, ['left', 'left', 'right', 'right', 'right', 'left', 'right', 'right', 'left', 'right']));
  for (const failure of summary.failures) lines.push(`! could not fetch ${failure}`);
  lines.push('', formatMachine(machine, conditions));
  return lines.join('\n');
}
