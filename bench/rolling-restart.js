#!/usr/bin/env node
// @ts-check
// `npm run bench:restart` (issue 33): a rolling restart under load. Two production shops on one
// fresh PostgreSQL database behind nginx (deploy/nginx.conf); bench:load's virtual fans shop
// through nginx while instance A is stopped with SIGTERM, started again and waited for, then B.
// Reports failed requests and lost cart items (both must be 0), writes
// bench/results/restart-<timestamp>.json. See bench/README.md, "Rolling restart".
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Cleanup } from './lib/cleanup.js';
import { DEFAULT_POSTGRES_URL } from './lib/load-db.js';
import { MIX } from './lib/load-stats.js';
import { loadAverage, machineInfo } from './lib/report.js';
import { measureRollingRestart } from './lib/rolling-restart.js';
import { BenchError, build } from './lib/server.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS_DIR = path.join(ROOT, 'bench', 'results');

const USAGE = `usage: node bench/rolling-restart.js [--fans N] [--warmup S] [--settle S] [--seed N] [--no-drain] [--no-build]

  --fans N      concurrent virtual fans, bench:load's mix (default 50)
  --warmup S    seconds of load before the first SIGTERM (default 10)
  --settle S    seconds of load on both instances after each restart (default 10)
  --seed N      the fans' choices (default 1)
  --no-drain    SIGTERM an instance while nginx still sends it requests (by default it is first
                taken out of nginx's rotation with a reload, as deploy/README.md says)
  --no-build    serve the existing build/ instead of running \`npm run build\` first
PostgreSQL: the server of DATABASE_TEST_URL (default ${DEFAULT_POSTGRES_URL}), a fresh database, dropped afterwards.
nginx: /usr/sbin/nginx (NGINX_PATH).
`;

const progress = (/** @type {string} */ text) => console.error(`› ${text}`);

/** @param {string[]} argv */
function parseOptions(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      fans: { type: 'string', default: '50' },
      warmup: { type: 'string', default: '10' },
      settle: { type: 'string', default: '10' },
      seed: { type: 'string', default: '1' },
      'no-build': { type: 'boolean', default: false },
      'no-drain': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  /** @param {'fans' | 'warmup' | 'settle' | 'seed'} name @param {number} min */
  const whole = (name, min) => {
    const value = Number(values[name]);
    if (!Number.isInteger(value) || value < min) throw new BenchError(`--${name} must be a whole number ≥ ${min}`);
    return value;
  };
  return { help: Boolean(values.help), build: !values['no-build'], drain: !values['no-drain'], fans: whole('fans', 1), warmupSeconds: whole('warmup', 0), settleSeconds: whole('settle', 0), seed: whole('seed', 0) };
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
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
    process.on(signal, () => {
      if (interrupted) process.exit(130);
      interrupted = true;
      console.error(`bench:restart: ${signal}: the fans finish their scenario, then everything stops…`);
    });
  }
  const postgresUrl = process.env.DATABASE_TEST_URL ?? DEFAULT_POSTGRES_URL;
  try {
    const machine = machineInfo(ROOT);
    if (options.build) {
      progress('npm run build');
      await build(ROOT, (running) => cleanup.add(() => running.stop('SIGTERM', 5000)));
    }
    const result = await measureRollingRestart({ root: ROOT, postgresUrl, fans: options.fans, warmupSeconds: options.warmupSeconds, settleSeconds: options.settleSeconds, seed: options.seed, drain: options.drain, cleanup, progress, isInterrupted: () => interrupted });
    if (interrupted) return 130;
    if ('skipped' in result) {
      console.error(`bench:restart: skipped: ${result.skipped}`);
      return 2;
    }
    const data = {
      schemaVersion: 1,
      kind: 'rolling-restart',
      startedAt: startedAt.toISOString(),
      machine: { ...machine, loadAverageAtEnd: loadAverage() },
      settings: { ...options, help: undefined, mix: MIX, postgres: postgresUrl.replace(/\/\/[^@/]*@/, '//') },
      result,
    };
    const { verdict } = result;
    const print = (/** @type {string} */ text) => process.stdout.write(`${text}\n`);
    print('');
    print(`Rolling restart through nginx (${options.drain ? 'each instance taken out of nginx first' : 'SIGTERM while nginx still sends it requests'}), two instances on PostgreSQL, ${options.fans} fans · commit ${machine.commit ?? 'unknown'}`);
    print(`load average at start ${machine.loadAverageAtStart.join(' ')}, at end ${data.machine.loadAverageAtEnd.join(' ')}`);
    for (const event of result.timeline) print(`  ${event.atSeconds.toFixed(1).padStart(6)} s  ${event.action} ${event.instance}`);
    print(`requests ${verdict.requests} · failed ${verdict.failedRequests} (unexpected answers ${result.errors.unexpected}, of them or besides 5xx ${result.serverErrors}; no answer ${result.errors.network}) · retried by nginx ${result.requestsRetriedByNginx} · requests sent again by the fans as a browser would ${result.resentLikeABrowser}`);
    print(`cart items lost ${verdict.lostCartItems} · reconciliation ${result.reconciliation.ok ? 'OK' : `${result.reconciliation.problems.length} problem(s)`}`);
    for (const example of [...result.examples, ...verdict.otherProblems].slice(0, 12)) print(`  ${example}`);
    print(verdict.pass ? 'PASS: no failed request, nothing lost' : 'FAIL');
    const stamp = startedAt.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
    const file = path.join(RESULTS_DIR, `restart-${stamp}.json`);
    await mkdir(RESULTS_DIR, { recursive: true });
    await writeFile(`${file}.tmp`, `${JSON.stringify(data, null, 2)}\n`);
    await rename(`${file}.tmp`, file);
    print(`\nresults: ${path.relative(ROOT, file)}`);
    return verdict.pass ? 0 : 1;
  } catch (error) {
    console.error(`bench:restart failed: ${error instanceof BenchError ? error.message : error instanceof Error ? error.stack : String(error)}`);
    return 2;
  } finally {
    await cleanup.run();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error(`bench:restart: ${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    process.exitCode = 2;
  },
);
