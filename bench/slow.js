#!/usr/bin/env node
// @ts-check
// `npm run bench:slow` (issue 32, item 5): the built shop in Chromium on a slow network (Chrome's
// throttling over CDP: 1.6 Mbps down, 750 kbps up, 150 ms, CPU 4× slower): when /products shows
// its buy link, when the buy form is usable, how long cart → checkout takes. Cold cache (a fresh
// browser context) and warm (a second navigation in it); medians of --runs. See bench/README.md.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { Cleanup } from './lib/cleanup.js';
import { loadAverage, machineInfo, writeResults } from './lib/report.js';
import { addToCart, completeBenchProfile, shipBenchCartItem } from './lib/routes.js';
import { BenchError, build, freePort, launchServer } from './lib/server.js';
import { signUpFan } from './lib/session.js';
import { installProbe } from './lib/slow-probe.js';
import { cookiesFor, DEVICE, figuresOf, formatFigures, medianFigures, networkConditions, parseOptions, requiredFigures, SCENARIOS, SLOW_NETWORK, USAGE, verdict } from './lib/slow.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const print = (/** @type {string} */ line) => process.stdout.write(`${line}\n`);
const progress = (/** @type {string} */ line) => console.error(`› ${line}`);

/** Debian's Chromium, with the flags the e2e tests use (docs: /work/shared notes, playwright.config.ts). */
const LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};
/** Far beyond every target: a page not usable by then counts as never. */
const WAIT_MS = 30_000;

/** @typedef {ReturnType<typeof figuresOf>} Figures */

/**
 * Waits until the watched element is painted (and hydrated where it hydrates), then until the
 * network is quiet (late chunks, LCP's image), and reads the page's marks and timings.
 * @param {import('@playwright/test').Page} page
 * @param {import('./lib/slow-probe.js').Watch} watch
 */
async function settle(page, watch) {
  await page
    .waitForFunction(
      ([name, hydrates]) => {
        const mark = /** @type {any} */ (window).__slowBench?.watches[name];
        return mark?.painted !== undefined && (!hydrates || mark.hydrated !== undefined);
      },
      /** @type {const} */ ([watch.name, watch.hydrates]),
      { timeout: WAIT_MS, polling: 100 },
    )
    .catch(() => progress(`  ${watch.name}: not usable within ${WAIT_MS / 1000} s`));
  await page.waitForLoadState('networkidle', { timeout: WAIT_MS }).catch(() => {});
  return page.evaluate(() => {
    const navigation = /** @type {PerformanceNavigationTiming | undefined} */ (performance.getEntriesByType('navigation')[0]);
    const resources = /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType('resource'));
    return {
      marks: /** @type {import('./lib/slow-probe.js').Marks} */ (/** @type {any} */ (window).__slowBench),
      responseStart: navigation?.responseStart,
      load: navigation && navigation.loadEventEnd > 0 ? navigation.loadEventEnd : undefined,
      documentBytes: navigation?.transferSize ?? 0,
      resources: resources.map((entry) => ({ name: entry.name, startTime: entry.startTime, responseStart: entry.responseStart, transferSize: entry.transferSize })),
    };
  });
}

/**
 * Loads `url` and times it from the navigation's start.
 * @param {import('@playwright/test').Page} page
 * @param {string} url
 * @param {import('./lib/slow-probe.js').Watch} watch
 * @returns {Promise<Figures>}
 */
async function load(page, url, watch) {
  await page.goto(url, { waitUntil: 'commit', timeout: WAIT_MS });
  if (new URL(page.url()).pathname !== new URL(url).pathname) throw new BenchError(`${new URL(url).pathname} went to ${new URL(page.url()).pathname}`);
  const read = await settle(page, watch);
  const transferBytes = read.documentBytes + read.resources.reduce((sum, entry) => sum + entry.transferSize, 0);
  return figuresOf(read.marks, watch, { responseStart: read.responseStart, load: read.load, transferBytes });
}

/**
 * Loads the start page, waits until its link is usable and the page is quiet (a fan reading the
 * cart), clicks, and times from the click to the next page usable. The click must stay a
 * client-side navigation (the same document, so the same clock).
 * @param {import('@playwright/test').Page} page
 * @param {string} url
 * @param {import('./lib/slow.js').Scenario} scenario
 * @returns {Promise<Figures>}
 */
async function clickThrough(page, url, scenario) {
  const click = /** @type {NonNullable<typeof scenario.click>} */ (scenario.click);
  await page.goto(url, { waitUntil: 'commit', timeout: WAIT_MS });
  await settle(page, click.ready);
  let documents = 0;
  const onRequest = (/** @type {import('@playwright/test').Request} */ request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents += 1;
  };
  page.on('request', onRequest);
  await page.click(click.selector, { timeout: WAIT_MS });
  const read = await settle(page, scenario.watch);
  page.off('request', onRequest);
  const from = read.marks.click;
  if (documents > 0 || from === undefined) throw new BenchError(`the click on ${click.selector} loaded a new document: the start page was not hydrated`);
  const transferBytes = read.resources.filter((entry) => entry.startTime >= from).reduce((sum, entry) => sum + entry.transferSize, 0);
  const landed = read.marks.watches[scenario.watch.name]?.url;
  if (landed !== undefined && landed !== '/checkout') throw new BenchError(`the click ended on ${landed}, not /checkout`);
  // The server's answer: React Router's data request for the next page (`/checkout.data`).
  const data = read.resources.find((entry) => entry.startTime >= from && new URL(entry.name).pathname.endsWith('.data'));
  return figuresOf(read.marks, scenario.watch, { from, transferBytes, responseStart: data?.responseStart });
}

/**
 * The buy form's submit, once usable: it must go through React Router (no new document) and end
 * on the cart with the item. Time from the click to the cart's URL, ms.
 * @param {import('@playwright/test').Page} page
 */
async function submitBuyForm(page) {
  let documents = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents += 1;
  });
  const started = Date.now();
  await page.click(/** @type {string} */ (SCENARIOS['buy-form']?.watch.selector), { timeout: WAIT_MS });
  await page.waitForURL((url) => url.pathname === '/cart', { timeout: WAIT_MS });
  return { ms: Date.now() - started, clientSide: documents === 0 };
}

/**
 * One run of a scenario in a fresh context (cold cache), then the warm navigation in it.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} baseUrl
 * @param {string} name
 * @param {{ cartFan: string | null, cpuSlowdown: number }} given
 */
async function runScenario(browser, baseUrl, name, { cartFan, cpuSlowdown }) {
  const scenario = /** @type {import('./lib/slow.js').Scenario} */ (SCENARIOS[name]);
  let cookie = scenario.as === 'cart' ? cartFan : null;
  if (scenario.as === 'buyer') {
    // A new fan every run: the cart takes one J1897 per person, and the run submits one.
    const jar = await signUpFan(baseUrl);
    await completeBenchProfile(baseUrl, jar);
    cookie = jar.header();
  }
  const context = await browser.newContext({ ...DEVICE });
  try {
    if (cookie) await context.addCookies(cookiesFor(cookie, baseUrl));
    await context.addInitScript(installProbe, [scenario.watch, ...(scenario.click ? [scenario.click.ready] : [])]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', networkConditions(SLOW_NETWORK));
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    const url = () => new URL(scenario.path({ submission: randomUUID() }), baseUrl).href;
    const measure = () => (scenario.click ? clickThrough(page, url(), scenario) : load(page, url(), scenario.watch));
    const cold = await measure();
    const submit = name === 'buy-form' ? await submitBuyForm(page) : null;
    const warm = await measure();
    return { cold, warm, submit };
  } finally {
    await context.close();
  }
}

/**
 * A fan whose cart holds J1897 for themselves, shipped to a saved address, the waiver given:
 * a cart that can check out. Its cookie header.
 * @param {string} baseUrl
 */
async function prepareCartFan(baseUrl) {
  const jar = await signUpFan(baseUrl);
  await completeBenchProfile(baseUrl, jar);
  await addToCart(baseUrl, jar, '/products/j1897/configure/buy', { buyFor: 'BUY_CARD' });
  await shipBenchCartItem(baseUrl, jar);
  return jar.header();
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
    await server.ready();
    const cartFan = options.scenarios.includes('checkout') ? await prepareCartFan(server.baseUrl) : null;
    const browser = await chromium.launch(LAUNCH);
    cleanup.add(() => browser.close());

    /** @type {Map<string, Awaited<ReturnType<typeof runScenario>>[]>} */
    const runs = new Map(options.scenarios.map((name) => [name, []]));
    // Rounds: every scenario once per round, so that a burst of other work spreads over them.
    for (let run = 1; run <= options.runs; run++) {
      for (const name of options.scenarios) {
        progress(`run ${run}/${options.runs}: ${name}`);
        runs.get(name)?.push(await runScenario(browser, server.baseUrl, name, { cartFan, cpuSlowdown: options.cpuSlowdown }));
        server.assertAlive();
      }
    }

    const results = options.scenarios.map((name) => {
      const scenario = /** @type {import('./lib/slow.js').Scenario} */ (SCENARIOS[name]);
      const scenarioRuns = runs.get(name) ?? [];
      const required = requiredFigures(scenario.watch);
      const cold = medianFigures(scenarioRuns.map((run) => run.cold), required);
      const warm = medianFigures(scenarioRuns.map((run) => run.warm), required);
      const submits = scenarioRuns.flatMap((run) => (run.submit ? [run.submit] : []));
      return { scenario: name, title: scenario.title, target: { ms: scenario.targetMs, figure: 'usable, cold cache, median' }, verdict: verdict(cold.usable ?? null, scenario.targetMs), cold, warm, submits, runs: scenarioRuns };
    });
    const pass = results.every((result) => result.verdict === 'PASS' && result.submits.every((submit) => submit.clientSide));
    const conditions = { loadAverageAtEnd: loadAverage() };
    const { latencyMs, downloadKbps, uploadKbps } = SLOW_NETWORK;
    print(`Slow network: ${downloadKbps / 1000} Mbps down, ${uploadKbps} kbps up, ${latencyMs} ms per request, CPU ${options.cpuSlowdown}× slower; ${DEVICE.viewport.width}×${DEVICE.viewport.height} mobile; ${options.runs} run(s), medians (ms)`);
    print(`commit ${machine.commit ?? 'unknown'} · ${machine.cpus} CPUs · load average at start ${machine.loadAverageAtStart.join(' ')}, at end ${conditions.loadAverageAtEnd.join(' ')}`);
    print('! CPU throttling multiplies the page\'s CPU time; on a busy machine it is multiplied too: read figures against the load average.');
    for (const result of results) {
      print(`\n${result.title}`);
      print(formatFigures(result));
      const lcpElements = [...new Set(result.runs.map((run) => run.cold.lcpElement).filter(Boolean))];
      if (lcpElements.length > 0) print(`  largest contentful paint (cold): ${lcpElements.join(', ')}`);
      for (const submit of result.submits) print(`  submit → /cart: ${submit.ms} ms, ${submit.clientSide ? 'client-side (React Router)' : 'NEW DOCUMENT: not hydrated'}`);
      const usable = result.cold.usable;
      print(`${result.verdict}: usable ${usable === null || usable === Infinity ? 'never' : `${Math.round(usable)} ms`} (cold, median), target ${SCENARIOS[result.scenario]?.target}`);
    }
    print(`\n${pass ? 'PASS: every target met' : 'FAIL'}`);
    const data = {
      schemaVersion: 1,
      startedAt: startedAt.toISOString(),
      machine: { ...machine, ...conditions },
      settings: { runs: options.runs, scenarios: options.scenarios, network: SLOW_NETWORK, cpuSlowdown: options.cpuSlowdown, device: DEVICE, built: options.build, chromium: browser.version() },
      scenarios: results,
      pass,
    };
    // JSON has no Infinity: a figure never reached is written "never".
    const json = JSON.parse(JSON.stringify(data, (_key, value) => (value === Infinity ? 'never' : value)));
    const [file = ''] = await writeResults(path.join(root, 'bench', 'results'), startedAt, json, 'slow-');
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
