#!/usr/bin/env node
// @ts-check
// `npm run bench`: builds the shop, serves it in production mode on a free port with a throwaway
// database, measures throughput/latency of a few routes and the first-visit weight of the
// catalogue, prints a report and writes it to bench/results/. See bench/README.md.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { loadRoute } from './lib/load.js';
import {
  backgroundCpuPercent,
  formatLoad,
  formatMachine,
  formatWeight,
  KB,
  loadAverage,
  machineInfo,
  writeResults,
} from './lib/report.js';
import { BenchError, build, freePort, launchServer } from './lib/server.js';
import { measureWeight } from './lib/weight.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS_DIR = path.join(ROOT, 'bench', 'results');
/** The framework floor first, so that the pages can be read against it. */
const LOAD_ROUTES = ['/_bench/floor', '/products', '/products/j1897'];
const WEIGHT_ROUTES = ['/products', '/products/j1897'];
const CONNECTIONS = 50;
/** First-visit budgets (DESIGN.md): gzip, 1 KB = 1000 bytes. */
const BUDGETS = { jsKB: 80, cssKB: 20 };

const USAGE = `usage: node bench/run.js [--duration SECONDS] [--warmup SECONDS] [--no-build]

  --duration N   measured seconds per route (default 10)
  --warmup N     warm-up seconds per route before measuring (default 2)
  --no-build     serve the existing build/ instead of running \`npm run build\` first
`;

/** @param {string} text */
const print = (text) => process.stdout.write(`${text}\n`);
/** Progress goes to stderr, so that stdout holds only the report. */
const progress = (/** @type {string} */ text) => console.error(`› ${text}`);

/**
 * @param {string[]} argv
 * @returns {{ help: boolean, build: boolean, durationSeconds: number, warmupSeconds: number }}
 */
function parseOptions(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '2' },
      'no-build': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const durationSeconds = Number(values.duration);
  const warmupSeconds = Number(values.warmup);
  if (!Number.isInteger(durationSeconds) || durationSeconds < 1) throw new BenchError('--duration must be a whole number of seconds ≥ 1');
  if (!Number.isInteger(warmupSeconds) || warmupSeconds < 0) throw new BenchError('--warmup must be a whole number of seconds ≥ 0');
  return { help: Boolean(values.help), build: !values['no-build'], durationSeconds, warmupSeconds };
}

/**
 * Everything that must be undone, whatever happens: the build, the server, the temp directory.
 * Runs once, in reverse order of registration.
 */
class Cleanup {
  /** @type {(() => Promise<unknown> | void)[]} */
  #tasks = [];
  /** @type {(() => void)[]} */
  #lastResorts = [];
  /** @type {Promise<void> | undefined} */
  #running;

  /** @param {() => Promise<unknown> | void} task @param {() => void} [lastResort] synchronous, for process exit */
  add(task, lastResort) {
    this.#tasks.push(task);
    if (lastResort) this.#lastResorts.push(lastResort);
  }

  run() {
    this.#running ??= (async () => {
      for (const task of this.#tasks.toReversed()) {
        try {
          await task();
        } catch (error) {
          console.error(`bench: cleanup failed: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      this.#lastResorts = [];
    })();
    return this.#running;
  }

  /** On process exit, if run() did not finish (a second Ctrl-C, an uncaught error). */
  runLastResorts() {
    for (const lastResort of this.#lastResorts) {
      try {
        lastResort();
      } catch {
        // best effort
      }
    }
  }
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
  /** @param {NodeJS.Signals} signal */
  const onSignal = (signal) => {
    if (interrupted) {
      console.error('bench: second interrupt, killing the server');
      process.exit(130);
    }
    interrupted = true;
    console.error(`bench: ${signal}: stopping what it started and cleaning up…`);
    cannon?.stop();
    void cleanup.run().then(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) process.on(signal, onSignal);

  try {
    const machine = machineInfo(ROOT);
    if (options.build) {
      progress('npm run build');
      await build(ROOT, (running) => cleanup.add(() => running.stop('SIGTERM', 5000)));
    }
    if (interrupted) return 130;
    const server = launchServer(ROOT, await freePort());
    cleanup.add(async () => {
      const wasRunning = server.running();
      const { code, signal } = await server.stop();
      if (wasRunning && code !== 0) console.error(`bench: the server exited with ${signal ?? `code ${code}`} on SIGTERM`);
    }, server.stopNow);
    progress(`starting the production server on ${server.baseUrl} (DATA_DIR ${server.dataDir})`);
    await server.ready();
    const cpuBefore = await backgroundCpuPercent(server.pid);

    /** @type {import('./lib/load.js').LoadResult[]} */
    const load = [];
    for (const route of LOAD_ROUTES) {
      if (interrupted) return 130;
      progress(`${route}: ${options.warmupSeconds} s warm-up, ${options.durationSeconds} s at ${CONNECTIONS} connections`);
      const result = await loadRoute({
        baseUrl: server.baseUrl,
        route,
        connections: CONNECTIONS,
        warmupSeconds: options.warmupSeconds,
        durationSeconds: options.durationSeconds,
        onInstance: (instance) => (cannon = instance),
      });
      server.assertAlive();
      load.push(result);
    }

    await sleep(1000); // let the server finish the requests the last run abandoned
    const cpuAfter = await backgroundCpuPercent(server.pid);

    /** @type {import('./lib/weight.js').PageWeight[]} */
    const weight = [];
    for (const route of WEIGHT_ROUTES) {
      if (interrupted) return 130;
      progress(`${route}: first-visit weight`);
      weight.push(await measureWeight(server.baseUrl, route));
      server.assertAlive();
    }
    if (interrupted) return 130;

    const conditions = { loadAverageAtEnd: loadAverage(), backgroundCpuPercent: { before: cpuBefore, after: cpuAfter } };
    const failures = weight.flatMap((page) => page.failures.map((failure) => `${page.route}: could not fetch ${failure}`));
    const data = {
      schemaVersion: 1,
      startedAt: startedAt.toISOString(),
      machine: { ...machine, ...conditions },
      settings: {
        nodeEnv: 'production',
        built: options.build,
        connections: CONNECTIONS,
        durationSeconds: options.durationSeconds,
        warmupSeconds: options.warmupSeconds,
      },
      budgets: { ...BUDGETS, kilobyteBytes: KB, compression: 'gzip -9' },
      load,
      weight,
      failures,
    };

    print('');
    print(`Throughput and latency (${CONNECTIONS} connections, ${options.durationSeconds} s per route after ${options.warmupSeconds} s warm-up; NODE_ENV=production)`);
    print(formatLoad(load));
    print('');
    print(`First-visit weight (every script and stylesheet the page loads, each gzip -9; 1 KB = ${KB} bytes)`);
    print(formatWeight(weight, BUDGETS));
    print('');
    print(formatMachine(machine, conditions));
    if (failures.length > 0) {
      print('');
      print(`bench FAILED: ${failures.length} asset(s) could not be fetched, results not written`);
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
