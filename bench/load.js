#!/usr/bin/env node
// @ts-check
// `npm run bench:load` (issue 32): the built shop under 200 concurrent virtual fans for 60 s, on
// PGlite and on PostgreSQL — 60 % browse the catalogue, 30 % configure and edit a cart, 10 % check
// out and pay on the simulator, all through the real pages without JavaScript — then the database
// read back to reconcile what every fan was told; and the 50-buyers-for-10-units race on two
// instances sharing PostgreSQL. Prints a summary, writes bench/results/load-<timestamp>.json.
// See bench/README.md, "Load".
import { execFileSync } from 'node:child_process';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Cleanup } from './lib/cleanup.js';
import { measureMix } from './lib/load-mix.js';
import { measureRace } from './lib/load-race.js';
import { formatMix, formatRace } from './lib/load-report.js';
import { MIX } from './lib/load-stats.js';
import { loadAverage, machineInfo } from './lib/report.js';
import { DEFAULT_POSTGRES_URL } from './lib/load-db.js';
import { parseLoadOptions, USAGE } from './lib/load-options.js';
import { BenchError, build } from './lib/server.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS_DIR = path.join(ROOT, 'bench', 'results');

const progress = (/** @type {string} */ text) => console.error(`› ${text}`);

/** The shop on CPU 0, this process (the fans) on CPU 1 — when taskset exists and there are two. */
function pinning() {
  if (os.cpus().length < 2) return null;
  try {
    execFileSync('taskset', ['-p', '-c', '1', String(process.pid)], { stdio: 'ignore' });
    return { server: '0', load: '1' };
  } catch {
    return null;
  }
}

async function main() {
  const options = parseLoadOptions(process.argv.slice(2));
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
      console.error(`bench:load: ${signal}: the fans finish their scenario, then everything stops…`);
    });
  }
  const postgresUrl = process.env.DATABASE_TEST_URL ?? DEFAULT_POSTGRES_URL;
  try {
    const machine = machineInfo(ROOT);
    if (options.build) {
      progress('npm run build');
      await build(ROOT, (running) => cleanup.add(() => running.stop('SIGTERM', 5000)));
    }
    const pins = options.pin ? pinning() : null;
    const pinned = pins ? `shop on CPU ${pins.server}, fans on CPU ${pins.load}` : null;
    /** @type {any[]} */
    const mixes = [];
    for (const database of options.databases) {
      if (interrupted) return 130;
      const run = new Cleanup();
      try {
        mixes.push(await measureMix({ root: ROOT, database, postgresUrl, fans: options.fans, seconds: options.seconds, warmupSeconds: options.warmupSeconds, thinkMs: options.thinkMs, seed: options.seed, cpu: pins?.server ?? null, cleanup: run, progress, isInterrupted: () => interrupted }));
      } finally {
        await run.run();
      }
    }
    let race = null;
    if (options.raceBuyers > 0 && !interrupted) {
      const run = new Cleanup();
      try {
        race = await measureRace({ root: ROOT, postgresUrl, buyers: options.raceBuyers, units: options.raceUnits, cpuProfileDir: options.cpuProfileDir, cleanup: run, progress });
      } finally {
        await run.run();
      }
    }
    if (interrupted) return 130;

    const data = {
      schemaVersion: 1,
      kind: 'load',
      startedAt: startedAt.toISOString(),
      machine: { ...machine, loadAverageAtEnd: loadAverage(), pinning: pins },
      settings: { ...options, help: undefined, mix: MIX, postgres: postgresUrl.replace(/\/\/[^@/]*@/, '//') },
      mixes,
      race,
    };
    const print = (/** @type {string} */ text) => process.stdout.write(`${text}\n`);
    print('');
    print(`Load: ${MIX.map((entry) => `${entry.weight} % ${entry.scenario}`).join(', ')} · node ${machine.node} · ${machine.cpus} × ${machine.cpuModel} · commit ${machine.commit ?? 'unknown'}`);
    print(`load average at start ${machine.loadAverageAtStart.join(' ')}, at end ${data.machine.loadAverageAtEnd.join(' ')}${Math.max(...machine.loadAverageAtStart) > 1.5 ? ' — the machine was busy with other work: compare with care' : ''}`);
    for (const mix of mixes) print(`\n${formatMix(mix, { pinned })}`);
    if (race) print(`\n${formatRace(race)}`);
    const stamp = startedAt.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
    const file = path.join(RESULTS_DIR, `load-${stamp}.json`);
    await mkdir(RESULTS_DIR, { recursive: true });
    await writeFile(`${file}.tmp`, `${JSON.stringify(data, null, 2)}\n`);
    await rename(`${file}.tmp`, file);
    print(`\nresults: ${path.relative(ROOT, file)}`);
    const failed = mixes.some((mix) => !mix.skipped && (!mix.reconciliation.ok || mix.serverErrors > 0)) || (race && !race.skipped && !race.correct);
    return failed ? 1 : 0;
  } catch (error) {
    console.error(`bench:load failed: ${error instanceof BenchError ? error.message : error instanceof Error ? error.stack : String(error)}`);
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
    console.error(`bench:load: ${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    process.exitCode = 2;
  },
);
