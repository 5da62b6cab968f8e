import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders';

/** A payment attempt's state as the shop knows it (domain/payment-outcome.ts reads the PSP's answers into these). */
export const PAYMENT_STATUSES = ['open', 'pending', 'authorised', 'refused', 'cancelled', 'error', 'expired'] as const;

/**
 * One attempt to pay an order (issue 14; docs/payments.md): a hosted session or a Drop-in
 * `/payments` call. An order may have several (a refused card, then another try), at most one
 * of them authorised and kept. The row is written before the PSP is called, so its id is the
 * call's `Idempotency-Key`: a retried or doubled call reaches the same PSP payment.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** 1, 2, … per order. */
    attempt: integer('attempt').notNull(),
    /** The merchant reference the PSP gets and sends back (`{order number}-{attempt}`). */
    reference: text('reference').notNull().unique(),
    flow: text('flow', { enum: ['hosted', 'advanced'] }).notNull(),
    /** What the fan chose at checkout (the spec's payment types). */
    method: text('method', { enum: ['scheme', 'paypal'] }).notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The hosted session (hosted flow), and where the fan is sent to pay. */
    sessionId: text('session_id'),
    sessionUrl: text('session_url'),
    /** What the fan brought back from the hosted page: with it the session's result can be asked again (reconciliation). */
    sessionResult: text('session_result'),
    /** The PSP's reference of the payment, once one is known. */
    pspReference: text('psp_reference'),
    refusalReason: text('refusal_reason'),
    refusalReasonCode: text('refusal_reason_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /** When the reconciliation job next asks the PSP about an attempt still open or pending, and how often it has. */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    checks: integer('checks').notNull().default(0),
    /**
     * Drop-in's attempt (its id is the page's `attemptKey`): a digest of what was asked, so the
     * same key with another body is refused, and the answer given, so the same request replays it.
     */
    requestHash: text('request_hash'),
    answer: jsonb('answer').$type<Record<string, unknown>>(),
  },
  (table) => [
    unique('payments_attempt').on(table.orderId, table.attempt),
    index('payments_to_check').on(table.nextCheckAt).where(sql`${table.nextCheckAt} is not null`),
    check('payments_amount_positive', sql`${table.amountCents} > 0`),
  ],
);

/**
 * The ledger of an order's payments (issue 29; domain/payment-ledger.ts): every fact the shop
 * learnt from the PSP, stored once — a webhook item (HMAC checked) before it is answered
 * `[accepted]`, or an answer of the Checkout API (`/payments`, `/payments/details`, a session's
 * result). The order's money is recomputed from all of them, so their arrival order does not
 * matter. A webhook and an API answer saying the same thing are two rows (`source`); the unique
 * key makes a resent item, or one delivered to two instances, one row.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    source: text('source', { enum: ['webhook', 'api'] }).notNull().default('webhook'),
    pspReference: text('psp_reference').notNull(),
    eventCode: text('event_code').notNull(),
    success: boolean('success').notNull(),
    /** May be empty (Adyen's REPORT_AVAILABLE). */
    merchantReference: text('merchant_reference').notNull(),
    /** For a modification or dispute: the payment it is about. */
    originalReference: text('original_reference'),
    /** The PSP payment the event is about (domain paymentOfEvent). */
    paymentPspReference: text('payment_psp_reference').notNull(),
    /** The order it belongs to, once known (an event may arrive before anything names its payment). */
    orderId: uuid('order_id').references(() => orders.id),
    amountValue: integer('amount_value'),
    currency: text('currency'),
    merchantAccount: text('merchant_account'),
    /** A refusal's or a failed modification's reason and code, as the PSP gave them. */
    reason: text('reason'),
    reasonCode: text('reason_code'),
    /** The item or answer as received. */
    item: jsonb('item').$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    /** When the order was settled with it; the payments job settles what a crash left. */
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (table) => [
    unique('payment_events_once').on(table.pspReference, table.eventCode, table.success, table.source),
    index('payment_events_unprocessed').on(table.receivedAt).where(sql`${table.processedAt} is null`),
    index('payment_events_order').on(table.orderId),
    index('payment_events_payment').on(table.paymentPspReference),
    check('payment_events_source', sql`${table.source} in ('webhook', 'api')`),
  ],
);

/**
 * A payment the shop gives back (domain ReversalReason: a duplicate, one for a closed order, one
 * of the wrong amount): decided once per PSP payment, in the transaction that decided it, then
 * sent to the PSP (`/payments/{pspReference}/reversals`, Idempotency-Key `reverse-{pspReference}`)
 * by that request or, if it failed or the process died, by the payments job. Its outcome comes
 * back as an event of the ledger (CANCEL_OR_REFUND).
 */
export const paymentReversals = pgTable(
  'payment_reversals',
  {
    pspReference: text('psp_reference').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** The merchant reference of the payment (the attempt's), sent as the reversal's reference. */
    merchantReference: text('merchant_reference').notNull(),
    reason: text('reason', { enum: ['duplicate', 'order-closed', 'mismatch'] }).notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    /** When the PSP took the request (201 received). */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** When the job next tries to send it; null once sent. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (table) => [
    index('payment_reversals_due').on(table.nextAttemptAt).where(sql`${table.nextAttemptAt} is not null`),
    check('payment_reversals_reason', sql`${table.reason} in ('duplicate', 'order-closed', 'mismatch')`),
  ],
);

/**
 * A fan's return from the PSP (`redirectResult`, or a session's `sessionResult`), resolved with
 * the PSP once (Adyen refuses a `redirectResult` used twice): the first request claims it, asks,
 * and records the answer in the ledger; a refresh, a second tab or another instance reads what
 * was recorded, or waits while the claim runs. Keyed by a digest: the value itself is not kept.
 */
export const paymentReturns = pgTable('payment_returns', {
  key: text('key').primaryKey(),
  kind: text('kind', { enum: ['session', 'redirect'] }).notNull(),
  state: text('state', { enum: ['resolving', 'resolved', 'refused'] }).notNull(),
  /** The attempt it is about, once known (a redirect names it only in the PSP's answer). */
  paymentId: uuid('payment_id').references(() => payments.id),
  /** A claim older than this was lost with its process: another request may take it over. */
  claimedUntil: timestamp('claimed_until', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  resolvedAt: timestamp('resolved_at', { withTimezone: true }),
});

/**
 * The order's payment history (issue 29): one line per kind and PSP payment (domain NoticeKind),
 * shown on the receipt page; the lines support must act on are also mailed to SUPPORT_EMAIL.
 */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** `{kind}:{pspReference}`: written once. */
    key: text('key').notNull(),
    kind: text('kind').notNull(),
    pspReference: text('psp_reference').notNull(),
    /** What the line shows besides its kind (amounts, the reason of a reversal). */
    details: jsonb('details').$type<Record<string, string | number>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [unique('order_notes_once').on(table.orderId, table.key), index('order_notes_order').on(table.orderId, table.createdAt)],
);
