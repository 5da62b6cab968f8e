// @ts-check
// Order placement throughput (issue 13): bench/orders/placement.ts, built and run once per
// database by in-process.js; the per-order times it reports become orders/s and p50/p95. See
// bench/README.md, "Order placement".
import { formatPerDatabase, IN_PROCESS_CONCURRENCIES, IN_PROCESS_WARMUP, measurePerDatabase, num, timings } from './in-process.js';

/**
 * @typedef {{ concurrency: number, orders: number, ordersPerSecond: number | null, p50Ms: number | null, p95Ms: number | null, cpuMsPerOrder: number | null }} PhaseSummary
 */

/**
 * A phase's figures: orders per second of wall time, p50/p95 of the time each order took, and
 * the placing process's CPU per order (PGlite's database engine runs in that process too).
 * @param {import('./in-process.js').TimedPhase} phase
 * @returns {PhaseSummary}
 */
export function summarisePhase(phase) {
  const { count, perSecond, p50Ms, p95Ms, cpuMsEach } = timings(phase);
  return { concurrency: phase.concurrency, orders: count, ordersPerSecond: perSecond, p50Ms, p95Ms, cpuMsPerOrder: cpuMsEach };
}

/**
 * @param {{ database: string, skipped?: string, phases?: PhaseSummary[] }[]} results
 * @param {{ orders: number, pinned: string | null }} settings
 */
export function formatOrders(results, { orders, pinned }) {
  return formatPerDatabase({
    title: `Order placement (services.orders.place in one process on a fresh database, zero-total coupon carts made beforehand; ${orders} orders per row after ${IN_PROCESS_WARMUP} warm-up; ${pinned ?? 'not pinned'})`,
    header: ['at once', 'orders', 'orders/s', 'p50 ms', 'p95 ms', 'CPU ms/order'],
    results,
    row: (phase) => [String(phase.concurrency), String(phase.orders), num(phase.ordersPerSecond, 0), num(phase.p50Ms, 1), num(phase.p95Ms, 1), num(phase.cpuMsPerOrder, 2)],
    notes: ["CPU ms/order is the placing process's own: PGlite's engine included, PostgreSQL's server not."],
  });
}

/**
 * The whole figure on each database (the built placement entry: see buildInProcessBenches), and
 * what the results file and the report show.
 * @param {import('./in-process.js').InProcessRun & { orders: number }} input
 */
export async function measureOrderPlacement({ orders, ...run }) {
  const results = await measurePerDatabase({ ...run, count: orders, what: 'order placement', summarise: summarisePhase });
  return {
    method: 'services.orders.place called in one process (bench/orders/placement.ts), zero-total carts (a Stadium coupon, waiver given) made beforehand through the cart use cases, each database fresh, migrated and seeded',
    ordersPerPhase: orders,
    warmup: IN_PROCESS_WARMUP,
    concurrencies: IN_PROCESS_CONCURRENCIES,
    pinnedToCpu: run.cpu,
    results,
  };
}
