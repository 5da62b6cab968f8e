#!/usr/bin/env node
// @ts-check
// `npm run bench`: builds the shop and a minimal React Router app generated for the occasion, serves
// both in production mode (server pinned to one CPU, load from the other), measures CPU per request
// and throughput of every kind of page in interleaved rounds, weighs each page's first load, prints a
// report and writes it to bench/results/. `--compare <ref>` runs that ref's build beside this one.
// See bench/README.md.
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Cleanup } from './lib/cleanup.js';
import { buildFixture, readRouteTree } from './lib/fixture.js';
import { pinAllThreads } from './lib/pinning.js';
import { measureWindow, probe, warmUp } from './lib/load.js';
import { buildInProcessBenches } from './lib/in-process.js';
import { createPostgresDatabase } from './lib/load-db.js';
import { formatOrders, measureOrderPlacement } from './lib/orders.js';
import { formatPayments, measurePaymentRoundTrip } from './lib/payments.js';
import { backgroundCpuPercent, KB, loadAverage, machineInfo, writeResults } from './lib/report.js';
import { BUDGETS, FIXTURE_TARGETS, FLOOR, ROUTES, selectRoutes } from './lib/routes.js';
import { BenchError, build, freePort, launchServer } from './lib/server.js';
import { openSignInPage, signUpFan } from './lib/session.js';
import { summarise, formatSummary } from './lib/summary.js';
import { measureWeight } from './lib/weight.js';
import { checkOutRef } from './lib/worktree.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS_DIR = path.join(ROOT, 'bench', 'results');
const FIXTURE_NAME = 'minimal React Router app';
const floorRoute = ROUTES.find((route) => route.name === FLOOR);
/** The floor page's path: the minimal app shaped like the shop serves its page there too. */
const FLOOR_PATH = typeof floorRoute?.path === 'string' ? floorRoute.path : '/_bench/floor';

const USAGE = `usage: node bench/run.js [--duration S] [--rounds N] [--warmup S] [--connections N] [--orders N] [--payments N] [--no-build] [--compare REF] [--route NAME ...] [--rate N] [--database pglite|postgres]

  --duration S     seconds per measured window (default 2)
  --rounds N       interleaved rounds: every route (and build) once per round (default 3)
  --warmup S       warm-up seconds per route and server before the rounds (default 1)
  --connections N  concurrent connections of the load generator (default 20)
  --orders N       orders per row of the order placement figure (default 150; 0 skips it); PostgreSQL
                   is the server of DATABASE_TEST_URL (default postgres://postgres@127.0.0.1:5432/postgres)
  --payments N     payments per row of the payment round trip figure (default 100; 0 skips it), on
                   the same databases
  --no-build       serve the existing build/ instead of running \`npm run build\` first
  --compare REF    also build REF (a git ref) in a temporary worktree and run both builds
                   interleaved: A = REF, B = this checkout; the report gives B/A per route
  --route NAME     measure only this route of the table (repeatable; e.g. --route floor
                   --route /products --route 'cart, 10 items'), beside the minimal app: more
                   rounds of a few routes in the same time
  --database NAME  pglite (default: the embedded database, as \`npm start\`) or postgres: the shop's
                   pages on a new database of DATABASE_TEST_URL's server, dropped afterwards. CPU
                   per request is the shop's process alone (PostgreSQL's server is not counted,
                   as it runs apart in production)
  --rate N         drive every route at N requests per second instead of as fast as it answers,
                   so the minimal app and the shop are measured at the same load (routes that
                   cannot keep up answer fewer; lengthen --duration: /proc counts in 10 ms ticks)
`;

/** @param {string} text */
const print = (text) => process.stdout.write(`${text}\n`);
/** Progress goes to stderr, so that stdout holds only the report. */
const progress = (/** @type {string} */ text) => console.error(`› ${text}`);

/** @param {string[]} argv */
function parseOptions(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      duration: { type: 'string', default: '2' },
      rounds: { type: 'string', default: '3' },
      warmup: { type: 'string', default: '1' },
      connections: { type: 'string', default: '20' },
      orders: { type: 'string', default: '150' },
      payments: { type: 'string', default: '100' },
      compare: { type: 'string' },
      route: { type: 'string', multiple: true, default: [] },
      rate: { type: 'string' },
      database: { type: 'string', default: 'pglite' },
      'no-build': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  /** @param {string} name @param {number} min */
  const whole = (name, min) => {
    const value = Number(values[/** @type {'duration'} */ (name)]);
    if (!Number.isInteger(value) || value < min) throw new BenchError(`--${name} must be a whole number ≥ ${min}`);
    return value;
  };
  return {
    help: Boolean(values.help),
    build: !values['no-build'],
    windowSeconds: whole('duration', 1),
    rounds: whole('rounds', 1),
    warmupSeconds: whole('warmup', 0),
    connections: whole('connections', 1),
    orders: whole('orders', 0),
    payments: whole('payments', 0),
    compare: values.compare ?? null,
    routes: selectRoutes(values.route ?? []),
    rate: values.rate === undefined ? null : whole('rate', 1),
    database: pageDatabase(values.database),
  };
}

/** @param {string | undefined} name @returns {'pglite' | 'postgres'} */
function pageDatabase(name) {
  if (name === 'pglite' || name === 'postgres') return name;
  throw new BenchError(`--database must be pglite or postgres, not ${JSON.stringify(name)}`);
}

/** Server on CPU 0, the bench (its load generator, every thread) on CPU 1 — when taskset exists and there are two. */
function pinning() {
  if (os.cpus().length < 2) return null;
  try {
    pinAllThreads(process.pid, '1');
    return { server: '0', load: '1' };
  } catch {
    return null;
  }
}

/**
 * @typedef {{ label: string, root: string, commit: string | null, server: import('./lib/server.js').Server }} Target
 * @typedef {{ route: string, target: string, url: string, cookie?: string, hydrates?: boolean, pid: number | undefined }} Job
 */

/**
 * What the routes need from one running shop: a sign-in interaction, a signed-up fan.
 * @param {Target} target
 * @param {readonly import('./lib/routes.js').BenchRoute[]} measured  the routes to measure
 */
async function prepareShop(target, measured) {
  const { baseUrl } = target.server;
  const signIn = await openSignInPage(baseUrl);
  const fan = await signUpFan(baseUrl);
  /** @type {import('./lib/routes.js').Found} */
  const found = { signInPath: signIn.path };
  for (const route of ROUTES) Object.assign(found, await route.setup?.(baseUrl, fan));
  /** @type {Job[]} */
  const jobs = [];
  for (const route of measured) {
    const routePath = typeof route.path === 'function' ? route.path(found) : route.path;
    const cookie = route.as === 'fan' ? fan.header() : route.as === 'sign-in' ? signIn.jar.header() : undefined;
    jobs.push({ route: route.name, target: target.label, url: new URL(routePath, baseUrl).href, cookie, hydrates: route.hydrates, pid: target.server.pid });
  }
  return jobs;
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  if (options.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const startedAt = new Date();
  const cleanup = new Cleanup();
  process.on('exit', () => cleanup.runLastResorts());
  let interrupted = false;
  /** @type {{ stop(): void } | undefined} */
  let cannon;
  const onInstance = (/** @type {{ stop(): void } | undefined} */ instance) => (cannon = instance);
  /** @param {NodeJS.Signals} signal */
  const onSignal = (signal) => {
    if (interrupted) {
      console.error('bench: second interrupt, killing the servers');
      process.exit(130);
    }
    interrupted = true;
    console.error(`bench: ${signal}: stopping what it started and cleaning up…`);
    cannon?.stop();
    void cleanup.run().then(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) process.on(signal, onSignal);
  const stopBuild = (/** @type {import('./lib/child.js').Tracked} */ running) => cleanup.add(() => running.stop('SIGTERM', 5000));
  const buildInProcess = async () => {
    progress('building the in-process benches (bench/orders/placement.ts, payments.ts)');
    const built = await buildInProcessBenches(ROOT);
    cleanup.add(built.remove, built.remove);
    return built;
  };

  try {
    const machine = machineInfo(ROOT);
    if (options.build) {
      progress('npm run build');
      await build(ROOT, stopBuild);
    }
    progress('generating and building the minimal React Router app');
    const fixture = await buildFixture(ROOT, stopBuild);
    cleanup.add(fixture.remove, fixture.remove);
    // Not a target: what React Router itself costs for a route tree the shop's size (the floor's page).
    const routeTree = readRouteTree(ROOT);
    const shapedName = `${FIXTURE_NAME}, the shop's ${routeTree.length - 1} routes`;
    progress(`generating and building the ${shapedName}`);
    const shaped = await buildFixture(ROOT, stopBuild, { routeTree });
    cleanup.add(shaped.remove, shaped.remove);
    /** @type {{ label: string, root: string, commit: string | null }[]} */
    const builds = [{ label: options.compare ? 'B' : 'shop', root: ROOT, commit: machine.commit }];
    if (options.compare) {
      progress(`--compare ${options.compare}: checking it out in a temporary worktree and building it`);
      const ref = await checkOutRef(ROOT, options.compare, (remove) => cleanup.add(remove, remove), stopBuild);
      builds.unshift({ label: 'A', root: ref.dir, commit: ref.commit });
    }
    if (interrupted) return 130;

    const pins = pinning();
    // Before any server starts: the machine is otherwise quiet, and a failure shows at once.
    const inProcess = options.orders > 0 || options.payments > 0 ? await buildInProcess() : null;
    const inProcessRun = {
      root: ROOT,
      postgresUrl: process.env.DATABASE_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      cpu: pins?.server ?? null,
      isInterrupted: () => interrupted,
      progress,
      onStart: stopBuild,
    };
    const orders = inProcess && options.orders > 0 ? await measureOrderPlacement({ ...inProcessRun, entry: inProcess.entries.placement, orders: options.orders }) : null;
    if (interrupted) return 130;
    const payments = inProcess && options.payments > 0 ? await measurePaymentRoundTrip({ ...inProcessRun, entry: inProcess.entries.payments, payments: options.payments }) : null;
    if (interrupted) return 130;
    /** With `--database postgres`, a new database per build (each migrates and seeds its own). */
    const pageDatabaseEnv = async () => {
      if (options.database === 'pglite') return {};
      const database = await createPostgresDatabase(inProcessRun.postgresUrl);
      if ('skipped' in database) throw new BenchError(`--database postgres: ${database.skipped}`);
      cleanup.add(database.drop);
      return { DATABASE_URL: database.url };
    };
    /** @param {string} root @param {{ script?: string, healthPath?: string, env?: Record<string, string> }} [extra] */
    const start = async (root, extra) => {
      const server = launchServer(root, await freePort(), { ...extra, cpu: pins?.server ?? null });
      cleanup.add(() => server.stop(), server.stopNow);
      await server.ready();
      return server;
    };
    /** @type {Target[]} */
    const targets = [];
    for (const { label, root, commit } of builds) {
      progress(`starting ${label === 'shop' ? 'the shop' : `build ${label} (${commit})`} in production mode${options.database === 'postgres' ? ' on PostgreSQL' : ''}`);
      targets.push({ label, root, commit, server: await start(root, { env: await pageDatabaseEnv() }) });
    }
    progress('starting the minimal React Router app');
    const fixtureServer = await start(fixture.dir, { script: 'server.mjs', healthPath: '/' });
    const shapedServer = await start(shaped.dir, { script: 'server.mjs', healthPath: FLOOR_PATH });

    /** @type {Job[]} */
    const jobs = [
      { route: FIXTURE_NAME, target: 'fixture', url: `${fixtureServer.baseUrl}/`, pid: fixtureServer.pid },
      { route: shapedName, target: 'fixture', url: `${shapedServer.baseUrl}${FLOOR_PATH}`, pid: shapedServer.pid },
    ];
    for (const target of targets) {
      progress(`${target.label}: opening a sign-in page, signing a fan up`);
      jobs.push(...(await prepareShop(target, options.routes)));
    }
    const cpuBefore = await backgroundCpuPercent(undefined);
    const probes = new Map();
    for (const job of jobs) probes.set(job, await probe(job.url, job.cookie));
    for (const job of jobs) {
      if (interrupted) return 130;
      progress(`warm-up ${job.target} ${job.route}`);
      await warmUp({ url: job.url, cookie: job.cookie, connections: options.connections, seconds: options.warmupSeconds, onInstance });
    }

    // Rounds: every route once per round, the builds of a route back to back (A B, then B A next
    // round), so that a drift of the machine's load hits every route and both builds alike.
    /** @type {Map<Job, import('./lib/load.js').Window[]>} */
    const windows = new Map(jobs.map((job) => [job, []]));
    const routeNames = [FIXTURE_NAME, shapedName, ...options.routes.map((route) => route.name)];
    for (let round = 0; round < options.rounds; round += 1) {
      progress(`round ${round + 1}/${options.rounds}`);
      for (const name of routeNames) {
        const group = jobs.filter((job) => job.route === name);
        for (const job of round % 2 === 0 ? group : group.toReversed()) {
          if (interrupted) return 130;
          const window = await measureWindow({ ...job, connections: options.connections, seconds: options.windowSeconds, rate: options.rate, onInstance });
          windows.get(job)?.push(window);
        }
        for (const target of targets) target.server.assertAlive();
        fixtureServer.assertAlive();
        shapedServer.assertAlive();
      }
    }
    const cpuAfter = await backgroundCpuPercent(undefined);

    /** @type {{ target: string, route: string, hydrates: boolean, weight: import('./lib/weight.js').PageWeight }[]} */
    const weights = [];
    for (const job of jobs) {
      if (job.hydrates === undefined || interrupted) continue;
      progress(`first-load weight ${job.target} ${job.route}`);
      const weight = await measureWeight(new URL(job.url).origin, `${new URL(job.url).pathname}${new URL(job.url).search}`, { cookie: job.cookie });
      weights.push({ target: job.target, route: job.route, hydrates: job.hydrates, weight });
    }
    if (interrupted) return 130;

    const conditions = { loadAverageAtEnd: loadAverage(), backgroundCpuPercent: { before: cpuBefore, after: cpuAfter } };
    const summary = summarise({ jobs, probes, windows, weights, targets: targets.map((target) => target.label), floor: FLOOR, minimalApp: FIXTURE_NAME, shapedMinimalApp: shapedName, fixtureTargets: FIXTURE_TARGETS, budgets: BUDGETS, kilobyteBytes: KB });
    const data = {
      schemaVersion: 2,
      startedAt: startedAt.toISOString(),
      machine: { ...machine, ...conditions, pinning: pins, loadGenerator: 'autocannon (in the bench process)' },
      settings: { nodeEnv: 'production', built: options.build, ...options, help: undefined },
      builds: builds.map(({ label, commit }) => ({ label, commit })),
      fixture: { name: FIXTURE_NAME, shapedName, shapedRoutes: routeTree.length - 1, versions: fixture.versions, futureFlags: fixture.futureFlags },
      budgets: { ...BUDGETS, kilobyteBytes: KB, compression: 'gzip -9', fixtureTargets: FIXTURE_TARGETS },
      ...summary.data,
      orders,
      payments,
    };
    print('');
    print(formatSummary(summary, { options, pins, machine, conditions }));
    const pinned = pins ? `on CPU ${pins.server}` : null;
    if (orders) print(`\n${formatOrders(orders.results, { orders: orders.ordersPerPhase, pinned })}`);
    if (payments) print(`\n${formatPayments(payments.results, { payments: payments.paymentsPerPhase, pinned })}`);
    if (summary.failures.length > 0) {
      print(`\nbench FAILED: ${summary.failures.length} asset(s) could not be fetched, results not written`);
      return 1;
    }
    const written = await writeResults(RESULTS_DIR, startedAt, data);
    print(`results: ${written.map((file) => path.relative(ROOT, file)).join(', ')}`);
    return 0;
  } catch (error) {
    if (interrupted) return 130;
    console.error(`bench failed: ${error instanceof BenchError ? error.message : error instanceof Error ? error.stack : String(error)}`);
    return 1;
  } finally {
    await cleanup.run();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    // Only the command line is read outside main's own error handling.
    console.error(`bench: ${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    process.exitCode = 2;
  },
);
