import { sql } from 'drizzle-orm';
import { Gauge, type Registry } from 'prom-client';
import { MAX_MAIL_ATTEMPTS } from '../../domain/mail-retry';
import type { Clock } from '../clock';
import type { DatabaseAvailability } from '../db/availability';
import type { Database } from '../db/client';
import type { Logger } from '../logger';

/** A scrape never waits longer on the database: what is known is reported, the rest left out. */
export const SCRAPE_QUERY_TIMEOUT_MS = 2_000;

type Backlog = {
  awaiting_payment: number;
  expiry_due: number;
  events_unprocessed: number;
  events_oldest_seconds: number | null;
  checks_due: number;
  reversals_due: number;
  refunds_due: number;
  mail_pending: number;
  mail_due: number;
  mail_given_up: number;
  mail_oldest_seconds: number | null;
};

/**
 * The backlogs, in one round trip: each count reads a partial index (orders_unpaid,
 * payment_events_unprocessed, payments_to_check, payment_reversals_due, withdrawals_due,
 * mail_outbox_due), so its cost follows the backlog, not the tables.
 */
function backlogQuery(now: Date) {
  return sql`select
    (select count(*)::int from orders where status = 'awaiting_payment') as awaiting_payment,
    (select count(*)::int from orders where status = 'awaiting_payment' and pay_by <= ${now}) as expiry_due,
    (select count(*)::int from payment_events where processed_at is null) as events_unprocessed,
    (select extract(epoch from (${now}::timestamptz - min(received_at)))::float8 from payment_events where processed_at is null) as events_oldest_seconds,
    (select count(*)::int from payments where next_check_at is not null and next_check_at <= ${now}) as checks_due,
    (select count(*)::int from payment_reversals where next_attempt_at is not null and next_attempt_at <= ${now}) as reversals_due,
    (select count(*)::int from withdrawals where next_attempt_at is not null and next_attempt_at <= ${now}) as refunds_due,
    (select count(*)::int from mail_outbox where sent_at is null and attempts < ${MAX_MAIL_ATTEMPTS}) as mail_pending,
    (select count(*)::int from mail_outbox where sent_at is null and attempts < ${MAX_MAIL_ATTEMPTS} and next_attempt_at <= ${now}) as mail_due,
    (select count(*)::int from mail_outbox where sent_at is null and attempts >= ${MAX_MAIL_ATTEMPTS}) as mail_given_up,
    (select extract(epoch from (${now}::timestamptz - min(created_at)))::float8 from mail_outbox where sent_at is null and attempts < ${MAX_MAIL_ATTEMPTS}) as mail_oldest_seconds`;
}

/**
 * Orders, payment attempts and withdrawals by state: the shop's totals as the shared database
 * holds them, the same from every instance and across restarts. Each is a scan of its table
 * (no index on the state): small for a club's shop, and bounded by the timeout.
 */
const TOTALS_QUERY = sql`select 'orders' as kind, status as state, count(*)::int as count from orders group by status
  union all select 'payments', status, count(*)::int from payments group by status
  union all select 'withdrawals', state, count(*)::int from withdrawals group by state`;

type TotalsRow = { kind: 'orders' | 'payments' | 'withdrawals'; state: string; count: number };

async function rowsOf<Row>(database: Pick<Database, 'db'>, query: ReturnType<typeof sql>): Promise<Row[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`metrics: the database did not answer within ${SCRAPE_QUERY_TIMEOUT_MS} ms`)), SCRAPE_QUERY_TIMEOUT_MS);
  });
  try {
    const result = (await Promise.race([database.db.execute(query), timeout])) as { rows: Row[] };
    return result.rows;
  } finally {
    clearTimeout(timer);
  }
}

export type ShopMetricsSource = {
  database: Pick<Database, 'db' | 'kind' | 'poolUse'>;
  availability: Pick<DatabaseAvailability, 'isAvailable' | 'report'>;
  clock: Clock;
  logger: Pick<Logger, 'warn'>;
};

/**
 * The gauges read from the shared database at scrape time (`refresh`, awaited before the
 * registry is serialised): with N instances each reports the same figures, so aggregate them
 * with max, never sum. While the database is down (or a query times out) the figures it
 * would give are left out and `shop_database_up` is 0; the process's own metrics remain.
 */
export function createShopMetrics(registry: Registry, source: ShopMetricsSource): { refresh(): Promise<void> } {
  const gauge = <Label extends string = never>(name: string, help: string, labelNames: readonly Label[] = []) =>
    new Gauge<Label>({ name, help, labelNames, registers: [registry] });

  const databaseUp = gauge('shop_database_up', 'Whether the database answered this scrape (1) or not (0).');
  const databaseInfo = gauge('shop_database_info', 'The database this instance uses (kind: pglite or postgres); always 1.', ['kind']);
  databaseInfo.set({ kind: source.database.kind }, 1);
  const pool = gauge('shop_database_pool_connections', 'PostgreSQL pool: connections open (total), idle, and queries waiting for one (waiting); max is the limit.', ['state']);

  const ordersByStatus = gauge('shop_orders', 'Orders in the database by status (placed = all; paid or fulfilled = paid).', ['status']);
  const paymentsByStatus = gauge('shop_payment_attempts', 'Payment attempts in the database by outcome (authorised, refused, cancelled, error, expired; open and pending are undecided).', ['status']);
  const withdrawalsByState = gauge('shop_withdrawals', 'Withdrawals in the database by refund state (requested, refunded, failed, completed).', ['state']);
  const awaitingPayment = gauge('shop_orders_awaiting_payment', 'Orders placed and not yet paid (holding stock until their payment window closes).');
  const jobBacklog = gauge('shop_job_backlog', 'Work due for a background job and not done yet, by job.', ['job']);
  const eventsUnprocessed = gauge('shop_payment_events_unprocessed', 'PSP webhook items (and API answers) recorded but not yet settled onto their order.');
  const eventsOldest = gauge('shop_payment_events_oldest_unprocessed_seconds', 'Age of the oldest unsettled payment event (0 when none): the webhook processing lag.');
  const mailOutbox = gauge('shop_mail_outbox', 'Unsent mail in the outbox: pending (will be tried) and given_up (out of attempts).', ['state']);
  const mailOldest = gauge('shop_mail_outbox_oldest_pending_seconds', 'Age of the oldest pending mail (0 when none).');

  const databaseGauges = [ordersByStatus, paymentsByStatus, withdrawalsByState, awaitingPayment, jobBacklog, eventsUnprocessed, eventsOldest, mailOutbox, mailOldest];

  function readPool(): void {
    const use = source.database.poolUse?.();
    if (!use) return;
    pool.set({ state: 'total' }, use.total);
    pool.set({ state: 'idle' }, use.idle);
    pool.set({ state: 'waiting' }, use.waiting);
    pool.set({ state: 'max' }, use.max);
  }

  function setBacklog(row: Backlog): void {
    awaitingPayment.set(row.awaiting_payment);
    jobBacklog.set({ job: 'order-expiry' }, row.expiry_due);
    jobBacklog.set({ job: 'payment-events' }, row.events_unprocessed);
    jobBacklog.set({ job: 'payment-checks' }, row.checks_due);
    jobBacklog.set({ job: 'payment-reversals' }, row.reversals_due);
    jobBacklog.set({ job: 'withdrawal-refunds' }, row.refunds_due);
    jobBacklog.set({ job: 'mail-delivery' }, row.mail_due);
    eventsUnprocessed.set(row.events_unprocessed);
    eventsOldest.set(Math.max(0, row.events_oldest_seconds ?? 0));
    mailOutbox.set({ state: 'pending' }, row.mail_pending);
    mailOutbox.set({ state: 'given_up' }, row.mail_given_up);
    mailOldest.set(Math.max(0, row.mail_oldest_seconds ?? 0));
  }

  function setTotals(rows: readonly TotalsRow[]): void {
    const byKind = { orders: ordersByStatus, payments: paymentsByStatus, withdrawals: withdrawalsByState };
    for (const row of rows) {
      if (row.kind === 'withdrawals') byKind.withdrawals.set({ state: row.state }, row.count);
      else byKind[row.kind].set({ status: row.state }, row.count);
    }
  }

  async function readDatabase(): Promise<boolean> {
    // Known to be down: no scrape waits on a dead connection (the probe says when it is back).
    if (!source.availability.isAvailable()) return false;
    try {
      const [backlog] = await rowsOf<Backlog>(source.database, backlogQuery(source.clock.now()));
      const totals = await rowsOf<TotalsRow>(source.database, TOTALS_QUERY);
      if (backlog) setBacklog(backlog);
      setTotals(totals);
      return true;
    } catch (error) {
      if (!source.availability.report(error)) source.logger.warn({ err: error }, 'metrics: reading the database failed');
      return false;
    }
  }

  let reading: Promise<void> | null = null;
  return {
    /** Concurrent scrapes share one read. */
    refresh() {
      reading ??= (async () => {
        // A state no row has any more must not keep its old figure, nor an unread gauge show 0
        // (prom-client's reset leaves 0 in a gauge without labels; removing it leaves nothing).
        for (const each of databaseGauges) {
          each.reset();
          each.remove({});
        }
        readPool();
        databaseUp.set((await readDatabase()) ? 1 : 0);
      })().finally(() => {
        reading = null;
      });
      return reading;
    },
  };
}
