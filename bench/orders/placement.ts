// `npm run bench`'s order placement figure, on one database per run: the orders use case
// (services.orders.place) called in this process, as a route action would call it, for fans
// whose zero-total carts were made beforehand. Built by bench/lib/orders.js (Vite, like the
// shop's server) and run as a child process; writes its outcome as JSON to `--out` (progress on
// stderr): the per-order times of each phase, or why the database was skipped.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { systemClock } from '../../app/.server/clock';
import { openDatabase, type Database } from '../../app/.server/db/client';
import { seedCatalogue } from '../../app/.server/db/seed';
import { readConfig } from '../../app/.server/env';
import { createLogger } from '../../app/.server/logger';
import { createServices, type Services } from '../../app/.server/services';
import type { CartOwner } from '../../app/.server/services/cart-contract';
import { createFileDocumentStore } from '../../app/.server/uploads/file-document-store';
import { fansWithFreeCarts, placeRequestFor } from './carts';

type DatabaseKind = 'pglite' | 'postgres';
export type PlacementPhase = { concurrency: number; durationsMs: number[]; wallMs: number; cpuMs: number };
export type PlacementOutcome = { database: DatabaseKind; phases: PlacementPhase[]; setupMs: number } | { database: DatabaseKind; skipped: string };

const progress = (text: string) => process.stderr.write(`› ${text}\n`);

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

/** Places one order per owner, `concurrency` at a time; throws on any order not placed and fulfilled. */
async function measurePhase(services: Services, owners: readonly CartOwner[], concurrency: number): Promise<PlacementPhase> {
  const requests = owners.map(placeRequestFor);
  const durationsMs: number[] = [];
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < requests.length; index = next++) {
      const request = requests[index];
      if (!request) break;
      const started = performance.now();
      const placed = await services.orders.place(request);
      durationsMs.push(performance.now() - started);
      if (!placed.ok || placed.value.status !== 'fulfilled') throw new Error(`bench: an order was not placed and fulfilled: ${JSON.stringify(placed)}`);
    }
  };
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(Array.from({ length: Math.min(concurrency, requests.length) }, worker));
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  return { concurrency, durationsMs, wallMs, cpuMs: (cpu.user + cpu.system) / 1000 };
}

async function run(kind: DatabaseKind, options: { adminUrl: string; orders: number; warmup: number; concurrencies: number[] }, onCleanup: (task: () => Promise<void>) => void): Promise<PlacementOutcome> {
  const temp = await mkdtemp(path.join(os.tmpdir(), 'shop-bench-orders-'));
  onCleanup(() => rm(temp, { recursive: true, force: true }));
  const created = await createBenchDatabase(kind, options.adminUrl, temp);
  if (typeof created === 'string') return { database: kind, skipped: created };
  onCleanup(created.remove);
  const { database } = created;

  const setupStarted = performance.now();
  progress(`${kind}: migrating and seeding a new database`);
  await database.migrate();
  await seedCatalogue(database.db);
  const services = createServices({
    db: database.db,
    catalogueChanges: database.catalogueChanges,
    config: readConfig({ LOG_LEVEL: 'silent', PUBLIC_URL: 'http://127.0.0.1' }),
    clock: systemClock,
    logger: createLogger('silent'),
    // Free carts hold no identity documents: nothing is ever written here.
    documents: createFileDocumentStore({ directory: path.join(temp, 'uploads'), key: randomBytes(32) }),
  });
  const total = options.warmup + options.orders * options.concurrencies.length;
  progress(`${kind}: making ${total} fans with a free cart each`);
  const owners = await fansWithFreeCarts(services, 0, total, systemClock.now());
  const setupMs = performance.now() - setupStarted;

  progress(`${kind}: ${options.warmup} warm-up orders`);
  await measurePhase(services, owners.slice(0, options.warmup), 1);
  const phases: PlacementPhase[] = [];
  let from = options.warmup;
  for (const concurrency of options.concurrencies) {
    progress(`${kind}: ${options.orders} orders, ${concurrency} at a time`);
    phases.push(await measurePhase(services, owners.slice(from, from + options.orders), concurrency));
    from += options.orders;
  }
  return { database: kind, phases, setupMs };
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      database: { type: 'string' },
      orders: { type: 'string', default: '200' },
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
    orders: whole(values.orders),
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
    const outcome = await run(kind, options, (task) => cleanups.push(task));
    await writeFile(out, `${JSON.stringify(outcome)}\n`);
    return 0;
  } finally {
    await cleanUp();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`bench orders: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);
