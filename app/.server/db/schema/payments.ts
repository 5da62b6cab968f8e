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
    /** An authorisation the shop cannot keep (its order expired): the cancel asked of the PSP, and its outcome. */
    cancelState: text('cancel_state', { enum: ['requested', 'cancelled', 'failed'] }),
  },
  (table) => [
    unique('payments_attempt').on(table.orderId, table.attempt),
    index('payments_to_check').on(table.nextCheckAt).where(sql`${table.nextCheckAt} is not null`),
    check('payments_amount_positive', sql`${table.amountCents} > 0`),
  ],
);

/**
 * A webhook item as the PSP sent it (HMAC checked), stored before it is answered `[accepted]`.
 * Adyen may send an item more than once: the unique key keeps one, and only the request that
 * stored it processes it (`processedAt` says it was; the retry job takes those a crash left).
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pspReference: text('psp_reference').notNull(),
    eventCode: text('event_code').notNull(),
    success: boolean('success').notNull(),
    merchantReference: text('merchant_reference').notNull(),
    /** For a cancellation or refund: the payment it is about. */
    originalReference: text('original_reference'),
    /** The NotificationRequestItem as received. */
    item: jsonb('item').$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (table) => [
    unique('payment_events_once').on(table.pspReference, table.eventCode, table.success),
    index('payment_events_unprocessed').on(table.receivedAt).where(sql`${table.processedAt} is null`),
  ],
);
