// What `npm run bench`'s in-process figures (order placement, payment round trip) share: each is
// built by bench/lib/in-process.js (Vite, like the shop's server) and run as a child process on
// one database per run. This reads the common arguments, makes a fresh database (migrated and
// seeded), lets the figure make its work beforehand (not timed), times a warm-up and one phase
// per concurrency, and writes the outcome as JSON to `--out` (progress on stderr): the time of
// each unit of work per phase, or why the database was skipped.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase, type Database } from '../../app/.server/db/client';
import { seedCatalogue } from '../../app/.server/db/seed';

export type DatabaseKind = 'pglite' | 'postgres';
export type TimedPhase = { concurrency: number; durationsMs: number[]; wallMs: number; cpuMs: number };
export type InProcessOutcome =
  | { database: DatabaseKind; phases: TimedPhase[]; setupMs: number; checked?: Record<string, unknown> }
  | { database: DatabaseKind; skipped: string };

/** What a figure gets to make its work with: the fresh database and a temp directory of the run's own. */
export type BenchContext = { kind: DatabaseKind; database: Database; temp: string; onCleanup(task: () => Promise<void>): void };

export type Workload<Item> = {
  /** One per unit of work: the warm-up's first, then each phase's in turn. */
  items: readonly Item[];
  /** One timed unit of work; throws when it did not do what the figure measures. */
  act(item: Item): Promise<void>;
  /** After the phases, not timed: what the figure checks then, written with the outcome. */
  afterwards?(): Promise<Record<string, unknown>>;
};

export type InProcessFigure<Item> = {
  /** What a unit of work is called in progress lines ("orders", "payments"). */
  noun: string;
  /** Makes `count` items, not timed. */
  prepare(context: BenchContext, count: number): Promise<Workload<Item>>;
};

export const progress = (text: string) => process.stderr.write(`› ${text}\n`);

/** `count` things made by `make(index)`, `parallel` at a time, in index order. */
export async function inParallel<T>(count: number, parallel: number, make: (index: number) => Promise<T>): Promise<T[]> {
  const made = new Array<T>(count);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < count; index = next++) made[index] = await make(index);
  };
  await Promise.all(Array.from({ length: Math.min(parallel, count) }, worker));
  return made;
}

/**
 * Does `act` once per item, `concurrency` at a time, timing each call from its start to its
 * answer, and the phase's wall and CPU time (`process.cpuUsage`: PGlite's engine and whatever
 * else the figure runs in this process included).
 */
export async function timePhase<Item>(items: readonly Item[], concurrency: number, act: (item: Item) => Promise<void>): Promise<TimedPhase> {
  const durationsMs: number[] = [];
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++) {
      const item = items[index] as Item;
      const started = performance.now();
      await act(item);
      durationsMs.push(performance.now() - started);
    }
  };
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  return { concurrency, durationsMs, wallMs, cpuMs: (cpu.user + cpu.system) / 1000 };
}

/** The database's URL without credentials, for messages. */
function describeUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
}

type BenchDatabase = { database: Database; remove(): Promise<void> };

/** A new, empty database of its own: a PGlite directory, or a PostgreSQL database made on the server of `adminUrl`. */
async function createBenchDatabase(kind: DatabaseKind, adminUrl: string, temp: string): Promise<BenchDatabase | string> {
  if (kind === 'pglite') {
    const database = openDatabase({ kind: 'pglite', dataDir: path.join(temp, 'db') });
    return { database, remove: () => database.close() };
  }
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 });
  try {
    await admin.connect();
  } catch (error) {
    await admin.end().catch(() => undefined);
    return `PostgreSQL unreachable at ${describeUrl(adminUrl)} (${error instanceof Error ? error.message : String(error)})`;
  }
  const name = `shop_bench_${randomBytes(6).toString('hex')}`;
  await admin.query(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openDatabase({ kind: 'postgres', url: url.toString() });
  return {
    database,
    async remove() {
      await database.close().catch(() => undefined);
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

type RunOptions = { adminUrl: string; count: number; warmup: number; concurrencies: number[] };

async function run<Item>(figure: InProcessFigure<Item>, kind: DatabaseKind, options: RunOptions, onCleanup: (task: () => Promise<void>) => void): Promise<InProcessOutcome> {
  const temp = await mkdtemp(path.join(os.tmpdir(), 'shop-bench-in-process-'));
  onCleanup(() => rm(temp, { recursive: true, force: true }));
  const created = await createBenchDatabase(kind, options.adminUrl, temp);
  if (typeof created === 'string') return { database: kind, skipped: created };
  onCleanup(created.remove);
  const { database } = created;

  const setupStarted = performance.now();
  progress(`${kind}: migrating and seeding a new database`);
  await database.migrate();
  await seedCatalogue(database.db);
  const total = options.warmup + options.count * options.concurrencies.length;
  progress(`${kind}: making the work of ${total} ${figure.noun}`);
  const workload = await figure.prepare({ kind, database, temp, onCleanup }, total);
  const setupMs = performance.now() - setupStarted;

  progress(`${kind}: ${options.warmup} warm-up ${figure.noun}`);
  await timePhase(workload.items.slice(0, options.warmup), 1, workload.act);
  const phases: TimedPhase[] = [];
  let from = options.warmup;
  for (const concurrency of options.concurrencies) {
    progress(`${kind}: ${options.count} ${figure.noun}, ${concurrency} at a time`);
    phases.push(await timePhase(workload.items.slice(from, from + options.count), concurrency, workload.act));
    from += options.count;
  }
  const checked = await workload.afterwards?.();
  return { database: kind, phases, setupMs, ...(checked ? { checked } : {}) };
}

/**
 * The child process's main: `--database pglite|postgres --count N --warmup N --concurrency 1,8
 * --postgres-url URL --out FILE`. Sets the exit code (1 with the error on stderr).
 */
export function runInProcessBench<Item>(figure: InProcessFigure<Item>): void {
  main(figure).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`bench ${figure.noun}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}

async function main<Item>(figure: InProcessFigure<Item>): Promise<number> {
  const { values } = parseArgs({
    options: {
      database: { type: 'string' },
      count: { type: 'string', default: '100' },
      warmup: { type: 'string', default: '20' },
      concurrency: { type: 'string', default: '1,8' },
      'postgres-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
      out: { type: 'string' },
    },
  });
  const kind = values.database;
  if (kind !== 'pglite' && kind !== 'postgres') throw new Error('--database must be pglite or postgres');
  const out = values.out;
  if (!out) throw new Error('--out names the file the outcome is written to');
  const whole = (text: string) => {
    const value = Number(text);
    if (!Number.isInteger(value) || value < 1) throw new Error(`not a whole number ≥ 1: ${text}`);
    return value;
  };
  const options = {
    adminUrl: values['postgres-url'],
    count: whole(values.count),
    warmup: whole(values.warmup),
    concurrencies: values.concurrency.split(',').map(whole),
  };
  const cleanups: (() => Promise<void>)[] = [];
  let cleaning: Promise<void> | undefined;
  const cleanUp = () =>
    (cleaning ??= (async () => {
      for (const task of cleanups.toReversed()) await task().catch((error: unknown) => progress(`cleanup failed: ${String(error)}`));
    })());
  // The bench stops this process with SIGTERM on Ctrl-C: drop the database and files first.
  process.once('SIGTERM', () => void cleanUp().finally(() => process.exit(143)));
  try {
    const outcome = await run(figure, kind, options, (task) => cleanups.push(task));
    await writeFile(out, `${JSON.stringify(outcome)}\n`);
    return 0;
  } finally {
    await cleanUp();
  }
}
