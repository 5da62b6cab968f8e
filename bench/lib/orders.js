// @ts-check
// Order placement throughput (issue 13): builds bench/orders/placement.ts with Vite (as the shop's
// server is built), runs it once per database in a child process and turns the per-order times it
// reports into orders/s and p50/p95. See bench/README.md, "Order placement".
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { spawnTracked, tail } from './child.js';
import { fixed, table } from './report.js';
import { BenchError } from './server.js';

export const ORDER_DATABASES = /** @type {const} */ (['pglite', 'postgres']);
/**
 * One fan checking out at a time (the cost of an order), then eight at once (a burst after a
 * sale opens): on PostgreSQL the pool's connections work in parallel, on PGlite they queue on
 * its one connection, and any lock the orders share would show as a lower rate.
 */
export const ORDER_CONCURRENCIES = [1, 8];
/** Orders placed (and not timed) before the phases: the first ones pay for JIT and caches. */
export const ORDER_WARMUP = 20;

/**
 * @typedef {{ concurrency: number, durationsMs: number[], wallMs: number, cpuMs: number }} PlacementPhase
 * @typedef {{ database: string, phases: PlacementPhase[], setupMs: number } | { database: string, skipped: string }} PlacementOutcome
 * @typedef {{ concurrency: number, orders: number, ordersPerSecond: number | null, p50Ms: number | null, p95Ms: number | null, cpuMsPerOrder: number | null }} PhaseSummary
 */

/**
 * The `p`-th percentile (0…100) of `values` by the nearest-rank method: a value that occurred.
 * @param {number[]} values @param {number} p
 * @returns {number | null} null for no values
 */
export function percentile(values, p) {
  const sorted = values.filter(Number.isFinite).toSorted((a, b) => a - b);
  if (sorted.length === 0) return null;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return /** @type {number} */ (sorted[Math.min(rank, sorted.length) - 1]);
}

/**
 * A phase's figures: orders per second of wall time, p50/p95 of the time each order took, and
 * the placing process's CPU per order (PGlite's database engine runs in that process too).
 * @param {PlacementPhase} phase
 * @returns {PhaseSummary}
 */
export function summarisePhase({ concurrency, durationsMs, wallMs, cpuMs }) {
  const orders = durationsMs.length;
  return {
    concurrency,
    orders,
    ordersPerSecond: orders > 0 && wallMs > 0 ? (orders * 1000) / wallMs : null,
    p50Ms: percentile(durationsMs, 50),
    p95Ms: percentile(durationsMs, 95),
    cpuMsPerOrder: orders > 0 ? cpuMs / orders : null,
  };
}

/**
 * Builds the placement bench into a temp directory (node_modules: a symlink to the shop's, so the
 * packages it leaves external resolve). Vite is imported here only, when the figure is wanted.
 * @param {string} root
 * @returns {Promise<{ entry: string, remove: () => void }>}
 */
export async function buildOrdersBench(root) {
  const { build } = await import('vite');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-orders-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    await build({
      configFile: false,
      root,
      logLevel: 'warn',
      // As the shop's vite.config.ts: JSON modules are their default export.
      json: { namedExports: false },
      build: {
        ssr: path.join(root, 'bench', 'orders', 'placement.ts'),
        outDir: path.join(dir, 'out'),
        emptyOutDir: false,
        target: 'node20',
        rollupOptions: { output: { entryFileNames: 'placement.mjs' } },
      },
    });
  } catch (error) {
    remove();
    throw new BenchError(`building the order placement bench failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { entry: path.join(dir, 'out', 'placement.mjs'), remove };
}

/**
 * Runs the built bench on one database; its working directory is the shop's (the migrations are
 * found from there). PostgreSQL out of reach answers `skipped`; any other failure throws.
 * @param {{ root: string, entry: string, database: string, orders: number, postgresUrl: string, cpu: string | null,
 *   onStart: (running: import('./child.js').Tracked) => void }} input
 * @returns {Promise<PlacementOutcome>}
 */
export async function runOrdersBench({ root, entry, database, orders, postgresUrl, cpu, onStart }) {
  const out = path.join(path.dirname(entry), `${database}.json`);
  const args = [entry, '--database', database, '--orders', String(orders), '--warmup', String(ORDER_WARMUP), '--concurrency', ORDER_CONCURRENCIES.join(','), '--postgres-url', postgresUrl, '--out', out];
  const env = { ...process.env, NODE_ENV: 'production' };
  const running = cpu ? spawnTracked('taskset', ['-c', cpu, process.execPath, ...args], { cwd: root, env }) : spawnTracked(process.execPath, args, { cwd: root, env });
  onStart(running);
  const { code, signal } = await running.exited;
  if (code !== 0) throw new BenchError(`the order placement bench on ${database} failed (${signal ?? `exit code ${code}`}):\n${tail(running.output())}`);
  return JSON.parse(await readFile(out, 'utf8'));
}

/** @param {number | null} value @param {number} digits */
const num = (value, digits) => (value == null ? '–' : fixed(value, digits));

/**
 * @param {{ database: string, skipped?: string, phases?: PhaseSummary[] }[]} results
 * @param {{ orders: number, pinned: string | null }} settings
 */
export function formatOrders(results, { orders, pinned }) {
  const names = /** @type {Record<string, string>} */ ({ pglite: 'PGlite', postgres: 'PostgreSQL' });
  const lines = [
    `Order placement (services.orders.place in one process on a fresh database, zero-total coupon carts made beforehand; ${orders} orders per row after ${ORDER_WARMUP} warm-up; ${pinned ?? 'not pinned'})`,
  ];
  const rows = [['database', 'at once', 'orders', 'orders/s', 'p50 ms', 'p95 ms', 'CPU ms/order']];
  for (const result of results) {
    for (const phase of result.phases ?? []) {
      rows.push([names[result.database] ?? result.database, String(phase.concurrency), String(phase.orders), num(phase.ordersPerSecond, 0), num(phase.p50Ms, 1), num(phase.p95Ms, 1), num(phase.cpuMsPerOrder, 2)]);
    }
  }
  lines.push(table(rows, ['left', 'right', 'right', 'right', 'right', 'right', 'right']));
  for (const result of results) if (result.skipped) lines.push(`! ${names[result.database] ?? result.database} not measured: ${result.skipped}`);
  lines.push('  CPU ms/order is the placing process\'s own: PGlite\'s engine included, PostgreSQL\'s server not.');
  return lines.join('\n');
}

/**
 * The whole figure: builds the bench, runs it on each database one after the other (the child on
 * the servers' CPU when pinned), and answers what the results file and the report show.
 * @param {{ root: string, orders: number, postgresUrl: string, cpu: string | null, isInterrupted: () => boolean,
 *   progress: (text: string) => void, onCleanup: (task: () => void) => void, onStart: (running: import('./child.js').Tracked) => void }} input
 */
export async function measureOrderPlacement({ root, orders, postgresUrl, cpu, isInterrupted, progress, onCleanup, onStart }) {
  progress('order placement: building bench/orders/placement.ts');
  const bench = await buildOrdersBench(root);
  onCleanup(bench.remove);
  /** @type {{ database: string, skipped?: string, setupMs?: number, phases?: PhaseSummary[] }[]} */
  const results = [];
  for (const database of ORDER_DATABASES) {
    if (isInterrupted()) break;
    progress(`order placement on ${database}: ${ORDER_WARMUP} + ${orders} × ${ORDER_CONCURRENCIES.length} orders`);
    const outcome = await runOrdersBench({ root, entry: bench.entry, database, orders, postgresUrl, cpu, onStart });
    results.push('skipped' in outcome ? outcome : { database, setupMs: outcome.setupMs, phases: outcome.phases.map(summarisePhase) });
  }
  return {
    method: 'services.orders.place called in one process (bench/orders/placement.ts), zero-total carts (a Stadium coupon, waiver given) made beforehand through the cart use cases, each database fresh, migrated and seeded',
    ordersPerPhase: orders,
    warmup: ORDER_WARMUP,
    concurrencies: ORDER_CONCURRENCIES,
    pinnedToCpu: cpu,
    results,
  };
}
