// The gauges /metrics reads from the database at scrape time, and the jobs' counters, after
// real actions through the shop's services: an order placed, a webhook recorded then settled,
// the confirmation mail queued, an order past its payment window, a job pass that fails.
import { eq } from 'drizzle-orm';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../app/.server/db/client';
import { payments } from '../app/.server/db/schema';
import { startOrderExpiry } from '../app/.server/jobs/order-expiry';
import { createLogger } from '../app/.server/logger';
import { jobRuns } from '../app/.server/metrics/job-metrics';
import { createShopMetrics } from '../app/.server/metrics/shop-metrics';
import type { NotificationItem } from '../app/.server/services/payment-events';
import { ORDER_PAYMENT_WINDOW_MS } from '../app/domain/order-status';
import { newFan } from './support/cart';
import { manualClock } from './support/clock';
import { createTestDatabase } from './support/database';
import { addressOf, giftInCart, placeRequest } from './support/orders';
import { startPaymentsStage, type PaymentsStage } from './support/payments';

let database: Database;
let stage: PaymentsStage;
let shopMetrics: ReturnType<typeof createShopMetrics>;
const clock = manualClock('2026-12-01T09:00:00Z');
const logger = createLogger('silent');
let databaseDown = false;
const availability = { isAvailable: () => !databaseDown, report: () => false };
const registry = new Registry();

beforeAll(async () => {
  database = await createTestDatabase();
  stage = await startPaymentsStage(database, clock);
  shopMetrics = createShopMetrics(registry, { database, availability, clock, logger });
});

afterAll(async () => {
  await stage?.close();
  await database?.close();
});

type Read = (name: string, labels?: Record<string, string>) => number | undefined;
type MetricValues = { name: string; values: { labels: Record<string, string | number>; value: number }[] };

/** Scrapes as /metrics does: refresh from the database, then read the registry. */
async function scrape(): Promise<Read> {
  await shopMetrics.refresh();
  const metrics = (await registry.getMetricsAsJSON()) as unknown as MetricValues[];
  return (name, labels = {}) =>
    metrics
      .find((each) => each.name === name)
      ?.values.find((each) => Object.entries(labels).every(([key, value]) => String(each.labels[key]) === value))?.value;
}

/** A fan with a 15 € gift ordered and awaiting payment. */
async function awaitingOrder(tag: string): Promise<string> {
  const fan = await newFan(stage.services, tag);
  await giftInCart(stage.services, fan);
  const billingAddressId = await addressOf(stage.services, fan);
  const placed = await stage.services.orders.place(placeRequest(fan, { billingAddressId }));
  if (!placed.ok || placed.value.status !== 'awaiting_payment') throw new Error(`not placed: ${JSON.stringify(placed)}`);
  await stage.services.payments.startHosted(fan.owner, { orderId: placed.value.orderId, method: 'scheme', language: 'en' });
  return placed.value.orderId;
}

async function referenceOf(orderId: string): Promise<string> {
  const [attempt] = await database.db.select({ reference: payments.reference }).from(payments).where(eq(payments.orderId, orderId));
  return attempt!.reference;
}

const authorisation = (merchantReference: string, pspReference: string) =>
  ({ eventCode: 'AUTHORISATION', success: 'true', pspReference, merchantReference, amount: { value: 1500, currency: 'EUR' }, eventDate: '2026-12-01T09:00:00+01:00', merchantAccountCode: 'FanShopSimulator', paymentMethod: 'visa', reason: '', additionalData: {} }) as unknown as NotificationItem;

describe('/metrics: figures read from the database', () => {
  it('an order placed: one more order awaiting payment, and an open payment attempt', async () => {
    const before = await scrape();
    expect(before('shop_database_up')).toBe(1);
    await awaitingOrder('metrics-placed');
    const after = await scrape();
    expect(after('shop_orders', { status: 'awaiting_payment' })).toBe((before('shop_orders', { status: 'awaiting_payment' }) ?? 0) + 1);
    expect(after('shop_orders_awaiting_payment')).toBe((before('shop_orders_awaiting_payment') ?? 0) + 1);
    expect(after('shop_payment_attempts', { status: 'open' })).toBe((before('shop_payment_attempts', { status: 'open' }) ?? 0) + 1);
  });

  it('a webhook recorded and not yet settled: the backlog and its age; settled: the order paid, the attempt authorised, the mail queued', async () => {
    const orderId = await awaitingOrder('metrics-webhook');
    const before = await scrape();
    expect(before('shop_payment_events_unprocessed')).toBe(0);
    expect(before('shop_payment_events_oldest_unprocessed_seconds')).toBe(0);

    const stored = await stage.services.payments.events.store([authorisation(await referenceOf(orderId), 'METRICSPSP000001')]);
    clock.advance(90_000);
    const waiting = await scrape();
    expect(waiting('shop_payment_events_unprocessed')).toBe(1);
    expect(waiting('shop_job_backlog', { job: 'payment-events' })).toBe(1);
    expect(waiting('shop_payment_events_oldest_unprocessed_seconds')).toBe(90);

    await stage.services.payments.events.settle(stored);
    const settled = await scrape();
    expect(settled('shop_payment_events_unprocessed')).toBe(0);
    expect(settled('shop_payment_events_oldest_unprocessed_seconds')).toBe(0);
    expect(settled('shop_orders', { status: 'awaiting_payment' })).toBe(before('shop_orders', { status: 'awaiting_payment' })! - 1);
    expect(settled('shop_orders', { status: 'fulfilled' })).toBe((before('shop_orders', { status: 'fulfilled' }) ?? 0) + 1);
    expect(settled('shop_payment_attempts', { status: 'authorised' })).toBe((before('shop_payment_attempts', { status: 'authorised' }) ?? 0) + 1);
    // The order confirmation (and the gift's mail) wait in the outbox: no SMTP in tests.
    expect(settled('shop_mail_outbox', { state: 'pending' })).toBeGreaterThan(before('shop_mail_outbox', { state: 'pending' }) ?? 0);
    expect(settled('shop_mail_outbox_oldest_pending_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('an unpaid order past its payment window is order expiry’s backlog until the job has run; the job’s passes are counted', async () => {
    await awaitingOrder('metrics-expiry');
    clock.advance(ORDER_PAYMENT_WINDOW_MS + 60_000);
    const due = await scrape();
    expect(due('shop_job_backlog', { job: 'order-expiry' })).toBeGreaterThanOrEqual(1);

    const runs = async (outcome: string) => (await jobRuns.get()).values.find((each) => each.labels.job === 'order-expiry' && each.labels.outcome === outcome)?.value ?? 0;
    const okBefore = await runs('ok');
    await startOrderExpiry({ orders: stage.services.orders, logger, intervalMs: 0 }).tick();
    expect(await runs('ok')).toBe(okBefore + 1);
    expect((await scrape())('shop_job_backlog', { job: 'order-expiry' })).toBe(0);

    const failedBefore = await runs('failed');
    const failing = { expireDue: () => Promise.reject(new Error('the database went away')) };
    await startOrderExpiry({ orders: failing, logger, intervalMs: 0 }).tick();
    expect(await runs('failed')).toBe(failedBefore + 1);
  });

  it('the pool: PostgreSQL reports its connections; PGlite has no pool', async () => {
    const read = await scrape();
    if (database.kind === 'postgres') {
      expect(read('shop_database_pool_connections', { state: 'max' })).toBe(10);
      expect(read('shop_database_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    } else {
      expect(read('shop_database_pool_connections', { state: 'max' })).toBeUndefined();
    }
    expect(read('shop_database_info', { kind: database.kind })).toBe(1);
  });

  it('while the database is known to be down: shop_database_up 0 and its figures left out (absent, not 0); back, they return', async () => {
    databaseDown = true;
    try {
      const read = await scrape();
      expect(read('shop_database_up')).toBe(0);
      expect(read('shop_orders', { status: 'awaiting_payment' })).toBeUndefined();
      expect(read('shop_payment_events_unprocessed')).toBeUndefined();
      expect(read('shop_database_info', { kind: database.kind })).toBe(1);
    } finally {
      databaseDown = false;
    }
    const back = await scrape();
    expect(back('shop_database_up')).toBe(1);
    expect(back('shop_payment_events_unprocessed')).toBe(0);
  });
});
