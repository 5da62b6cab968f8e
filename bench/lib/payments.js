// @ts-check
// Payment round trip (issue 14): bench/orders/payments.ts, built and run once per database by
// in-process.js; the per-payment times it reports become payments/s and p50/p95/p99. See
// bench/README.md, "Payment round trip".
import { formatPerDatabase, IN_PROCESS_CONCURRENCIES, IN_PROCESS_WARMUP, measurePerDatabase, num, timings } from './in-process.js';

/**
 * @typedef {{ concurrency: number, payments: number, paymentsPerSecond: number | null, p50Ms: number | null, p95Ms: number | null,
 *   p99Ms: number | null, cpuMsPerPayment: number | null }} PaymentPhaseSummary
 */

/**
 * A phase's figures: payments per second of wall time, p50/p95/p99 of the time each round trip
 * took, and the paying process's CPU per payment.
 * @param {import('./in-process.js').TimedPhase} phase
 * @returns {PaymentPhaseSummary}
 */
export function summarisePaymentPhase(phase) {
  const { count, perSecond, p50Ms, p95Ms, p99Ms, cpuMsEach } = timings(phase);
  return { concurrency: phase.concurrency, payments: count, paymentsPerSecond: perSecond, p50Ms, p95Ms, p99Ms, cpuMsPerPayment: cpuMsEach };
}

/**
 * What the run checked after its phases, in a line: the held-back webhooks delivered and every
 * order still fulfilled once.
 * @param {{ database: string, checked?: Record<string, unknown> }[]} results
 */
function webhookNote(results) {
  const checked = results.filter((result) => result.checked).map((result) => `${result.database}: ${result.checked?.webhooksDelivered} delivered, ${result.checked?.ordersFulfilledOnce} orders fulfilled once`);
  return `Webhooks: the simulator's delivery loop is off during the rows (the webhook is the same settlement, measured here by the return path); delivered afterwards and checked${checked.length > 0 ? ` (${checked.join('; ')})` : ''}.`;
}

/**
 * @param {{ database: string, skipped?: string, checked?: Record<string, unknown>, phases?: PaymentPhaseSummary[] }[]} results
 * @param {{ payments: number, pinned: string | null }} settings
 */
export function formatPayments(results, { payments, pinned }) {
  return formatPerDatabase({
    title: `Payment round trip (startHosted → hosted page → test card → 303 → readReturn 'paid', the shop and the simulator in one process on a fresh database, orders placed beforehand; ${payments} payments per row after ${IN_PROCESS_WARMUP} warm-up; ${pinned ?? 'not pinned'})`,
    header: ['at once', 'payments', 'payments/s', 'p50 ms', 'p95 ms', 'p99 ms', 'CPU ms/payment'],
    results,
    row: (phase) => [String(phase.concurrency), String(phase.payments), num(phase.paymentsPerSecond, 0), num(phase.p50Ms, 1), num(phase.p95Ms, 1), num(phase.p99Ms, 1), num(phase.cpuMsPerPayment, 2)],
    notes: [
      "CPU ms/payment is the paying process's own: the shop, the simulator, the fan's fetches and PGlite's engine; PostgreSQL's server not.",
      webhookNote(results),
    ],
  });
}

/**
 * The whole figure on each database (the built payments entry: see buildInProcessBenches), and
 * what the results file and the report show.
 * @param {import('./in-process.js').InProcessRun & { payments: number }} input
 */
export async function measurePaymentRoundTrip({ payments, ...run }) {
  const results = await measurePerDatabase({ ...run, count: payments, what: 'payment round trip', summarise: summarisePaymentPhase });
  return {
    method:
      'bench/orders/payments.ts: one process holds the shop\'s services, the Adyen-compatible simulator and the shop\'s webhook endpoint on one HTTP server; per payment services.payments.startHosted (scheme, it) through @adyen/api-library, GET of the hosted page and POST of its card form with the test card 4111 1111 1111 1111 03/2030 737 APPROVED (fetch, following the 303 to the return URL), services.payments.readReturn answering paid; 15 € Kids gift orders billed to a saved Italian address placed beforehand; each database fresh, migrated and seeded; webhook delivery off while timing, delivered and checked afterwards',
    paymentsPerPhase: payments,
    warmup: IN_PROCESS_WARMUP,
    concurrencies: IN_PROCESS_CONCURRENCIES,
    pinnedToCpu: run.cpu,
    webhooks: 'held back during the timed phases (deliveryIntervalMs: 0), delivered afterwards; every order then checked fulfilled with one membership and one confirmation mail',
    results,
  };
}
