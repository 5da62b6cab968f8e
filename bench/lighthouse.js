#!/usr/bin/env node
// @ts-check
// `npm run bench:lighthouse`: Lighthouse (mobile) performance and accessibility of the shop's pages,
// run against the built shop as production serves it, checked against the targets of issues 10
// and 16 (bench/lib/lighthouse.js). Lighthouse is fetched by npx (a pinned version, not a
// dependency: it is large and no test needs it); Chromium is Debian's. See bench/README.md.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Cleanup } from './lib/cleanup.js';
import {
  allPass,
  checkTargets,
  failingAccessibilityAudits,
  figures,
  formatPage,
  layoutShifts,
  LIGHTHOUSE,
  medians,
  mergeFailingAudits,
  PAGES,
  parseOptions,
  renderBlocking,
  USAGE,
} from './lib/lighthouse.js';
import { probe } from './lib/load.js';
import { KB, loadAverage, machineInfo, writeResults } from './lib/report.js';
import { completeBenchProfile, fillBenchCart, shipBenchCartItem } from './lib/routes.js';
import { BenchError, build, freePort, launchServer } from './lib/server.js';
import { openSignInPage, signUpFan } from './lib/session.js';
import { measureWeight } from './lib/weight.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The report goes to stdout (progress to stderr). */
const print = (/** @type {string} */ line) => process.stdout.write(`${line}\n`);
const progress = (/** @type {string} */ line) => console.error(`› ${line}`);

/**
 * One Lighthouse run; its JSON report.
 * @param {{ url: string, headersFile: string | null, outFile: string, throttling: string }} run
 */
function lighthouse({ url, headersFile, outFile, throttling }) {
  const args = ['--yes', LIGHTHOUSE, url, '--only-categories=performance,accessibility', `--throttling-method=${throttling}`, '--output=json',
    `--output-path=${outFile}`, '--quiet', '--chrome-flags=--headless=new --no-sandbox'];
  if (headersFile) args.push(`--extra-headers=${headersFile}`);
  return new Promise((resolve, reject) => {
    const child = spawn('npx', args, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' } });
    let errors = '';
    child.stderr.on('data', (chunk) => (errors += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new BenchError(`lighthouse exited with ${code}:\n${errors.slice(-2000)}`));
      const report = JSON.parse(readFileSync(outFile, 'utf8'));
      if (report.runtimeError) return reject(new BenchError(`lighthouse: ${report.runtimeError.code} ${report.runtimeError.message}`));
      // A redirect would measure another page than the one named.
      const landed = new URL(report.finalDisplayedUrl ?? url);
      if (landed.pathname !== new URL(url).pathname) return reject(new BenchError(`lighthouse landed on ${landed.pathname}, not ${new URL(url).pathname}`));
      resolve(report);
    });
  });
}

/**
 * Lighthouse now and then fails to record a trace (NO_NAVSTART on Debian's Chromium): a failed
 * run is tried again, twice at most.
 * @param {Parameters<typeof lighthouse>[0]} run
 * @returns {Promise<any>}
 */
async function lighthouseWithRetry(run) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouse(run);
    } catch (error) {
      if (attempt === 3) throw error;
      console.error(`  (run failed, trying again: ${error instanceof Error ? error.message.split('\n').at(-2) ?? error.message : error})`);
    }
  }
}

/**
 * What the chosen pages need from the running shop (a sign-in interaction, a fan with a complete
 * profile, that fan's cart filled as the weight bench fills it); each page's URL and cookies.
 * @param {string} baseUrl
 * @param {string[]} pages
 * @returns {Promise<{ page: string, path: string, url: string, cookie: string | null }[]>}
 */
async function preparePages(baseUrl, pages) {
  const needs = new Set(pages.map((page) => PAGES[page]?.needs));
  const signIn = needs.has('sign-in') ? await openSignInPage(baseUrl) : null;
  let fan = null;
  if (needs.has('fan') || needs.has('cart') || needs.has('checkout')) {
    progress('signing a fan up, completing the profile');
    fan = await signUpFan(baseUrl);
    await completeBenchProfile(baseUrl, fan);
    if (needs.has('cart') || needs.has('checkout')) {
      progress('filling the fan’s cart (J1897 and 9 gifts of Kids, through the configure forms)');
      await fillBenchCart(baseUrl, fan);
    }
    if (needs.has('checkout')) {
      progress('shipping its J1897 and giving the waivers, so checkout opens');
      await shipBenchCartItem(baseUrl, fan);
    }
  }
  const prepared = [];
  for (const page of pages) {
    const { path: pagePath, needs: need } = /** @type {import('./lib/lighthouse.js').LighthousePage} */ (PAGES[page]);
    const resolved = typeof pagePath === 'function' ? pagePath(signIn?.path ?? '') : pagePath;
    const url = new URL(resolved, baseUrl).href;
    // The interaction's cookies open its page (viewing it does not use the interaction up).
    const cookie = need === 'sign-in' ? (signIn?.jar.header() ?? null) : need === 'visitor' ? null : (fan?.header() ?? null);
    const answer = await probe(url, cookie ?? undefined);
    if (answer.status !== 200) throw new BenchError(`${page} page (${resolved}) answered ${answer.status}${answer.location ? ` → ${answer.location}` : ''}, not 200`);
    prepared.push({ page, path: resolved, url, cookie });
  }
  return prepared;
}

async function main() {
  let options;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    console.error(`bench: ${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  if (options.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const startedAt = new Date();
  const machine = machineInfo(root);
  const cleanup = new Cleanup();
  process.on('exit', () => cleanup.runLastResorts());
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
    process.once(signal, () => {
      console.error(`bench: ${signal}: stopping the shop…`);
      void cleanup.run().then(() => process.exit(130));
    });
  }
  try {
    if (options.build) {
      progress('npm run build');
      await build(root, (running) => cleanup.add(() => running.stop('SIGTERM', 5000)));
    }
    const server = launchServer(root, await freePort());
    cleanup.add(() => server.stop(), server.stopNow);
    const scratch = mkdtempSync(path.join(os.tmpdir(), 'shop-lighthouse-'));
    if (process.env.KEEP_LIGHTHOUSE) progress(`KEEP_LIGHTHOUSE: the raw reports stay in ${scratch}`);
    else cleanup.add(() => rmSync(scratch, { recursive: true, force: true }));
    await server.ready();
    const pages = await preparePages(server.baseUrl, options.pages);

    /** @type {Map<string, any[]>} */
    const reports = new Map(pages.map(({ page }) => [page, []]));
    // Rounds: every page once per round, so that a burst of other work on the machine spreads over the pages.
    for (let run = 1; run <= options.runs; run++) {
      for (const { page, url, cookie } of pages) {
        progress(`lighthouse run ${run}/${options.runs}: ${page}`);
        let headersFile = null;
        if (cookie) {
          headersFile = path.join(scratch, `${page}-headers.json`);
          writeFileSync(headersFile, JSON.stringify({ Cookie: cookie }));
        }
        reports.get(page)?.push(await lighthouseWithRetry({ url, headersFile, outFile: path.join(scratch, `${page}-${run}.json`), throttling: options.throttling }));
        server.assertAlive();
      }
    }

    /** @type {import('./lib/lighthouse.js').PageResult[]} */
    const results = [];
    for (const { page, path: pagePath, url, cookie } of pages) {
      const pageReports = reports.get(page) ?? [];
      const runs = pageReports.map(figures);
      const weight = await measureWeight(new URL(url).origin, pagePath, { cookie: cookie ?? undefined });
      const measured = weight.measured && weight.failures.length === 0 && weight.document;
      const worst = pageReports.reduce((a, b) => ((b.audits['cumulative-layout-shift']?.numericValue ?? 0) > (a.audits['cumulative-layout-shift']?.numericValue ?? 0) ? b : a));
      results.push({
        page,
        path: pagePath,
        runs,
        median: medians(runs),
        weight: measured ? { cssKB: weight.css.gzipBytes / KB, jsKB: weight.js.gzipBytes / KB, documentKB: (weight.document?.gzipBytes ?? 0) / KB } : null,
        failingAccessibilityAudits: mergeFailingAudits(pageReports.map(failingAccessibilityAudits)),
        layoutShifts: layoutShifts(worst),
        renderBlocking: renderBlocking(pageReports.at(-1)),
        targets: checkTargets(page, runs, measured ? weight.css.gzipBytes / KB : null),
      });
    }
    const pass = results.every((result) => allPass(result.targets));
    const conditions = { loadAverageAtEnd: loadAverage() };
    print(`Lighthouse ${LIGHTHOUSE.split('@')[1]} (mobile, ${options.throttling === 'simulate' ? 'simulated' : options.throttling === 'devtools' ? 'devtools' : 'no'} throttling), ${options.runs} run(s) per page`);
    print(`commit ${machine.commit ?? 'unknown'} · ${machine.cpus} CPUs · load average at start ${machine.loadAverageAtStart.join(' ')}, at end ${conditions.loadAverageAtEnd.join(' ')}`);
    for (const result of results) print(`\n${formatPage(result)}`);
    print(`\n${pass ? 'PASS: every target met' : `FAIL: ${results.filter((result) => !allPass(result.targets)).map((result) => result.page).join(', ')}`}`);
    const data = {
      schemaVersion: 2,
      startedAt: startedAt.toISOString(),
      lighthouse: LIGHTHOUSE,
      formFactor: 'mobile',
      machine: { ...machine, ...conditions },
      settings: { runs: options.runs, pages: options.pages, built: options.build, throttling: options.throttling, reportOnly: options.reportOnly },
      pages: results,
      pass,
    };
    const [file = ''] = await writeResults(path.join(root, 'bench', 'results', 'lighthouse'), startedAt, data);
    print(`results: ${path.relative(root, file)}`);
    return pass || options.reportOnly ? 0 : 1;
  } finally {
    await cleanup.run();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error(error instanceof BenchError ? `bench: ${error.message}` : error);
    process.exitCode = 2;
  },
);
