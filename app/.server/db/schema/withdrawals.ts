import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { orderItems, orders } from './orders';

/**
 * A fan's withdrawal from some items of an order (issue 31; domain/withdrawal-rights.ts),
 * recorded at once and in one transaction with what follows it (memberships cancelled, a card's
 * size back in stock, coupons given back); its refund is then asked of the PSP
 * (`/payments/{pspReference}/refunds`, Idempotency-Key `withdrawal-{id}`) by that request or, if
 * it failed or the process died, by the payments job, and its outcome comes back as a REFUND
 * (or REFUND_FAILED) event of the ledger.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    /** The confirmation page's key: the same request sent twice finds this withdrawal. */
    requestKey: text('request_key').notNull(),
    /** 1, 2, … per order. */
    number: integer('number').notNull(),
    /** The refund's merchant reference (`{order number}-W{number}`): the PSP names it back. */
    reference: text('reference').notNull().unique(),
    language: text('language', { enum: ['it', 'en'] }).notNull(),
    /** What goes back to the fan's payment method: the items' shares and any shipping. */
    refundCents: integer('refund_cents').notNull(),
    shippingRefundCents: integer('shipping_refund_cents').notNull(),
    /** The PSP payment that paid the order (the refund's original); null when nothing is refunded. */
    paymentPspReference: text('payment_psp_reference'),
    /** The refund's own PSP reference, from the PSP's answer. */
    refundPspReference: text('refund_psp_reference').unique(),
    state: text('state', { enum: ['requested', 'refunded', 'failed', 'completed'] }).notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    /** When the refund was confirmed or failed. */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** When the PSP took the refund request (201 received). */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** When the job next tries to send it; null once sent, or with nothing to send. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (table) => [
    unique('withdrawals_request_key').on(table.customerId, table.requestKey),
    unique('withdrawals_number').on(table.orderId, table.number),
    index('withdrawals_order').on(table.orderId),
    index('withdrawals_due').on(table.nextAttemptAt).where(sql`${table.nextAttemptAt} is not null`),
    check('withdrawals_state', sql`${table.state} in ('requested', 'refunded', 'failed', 'completed')`),
    check('withdrawals_amounts', sql`${table.refundCents} >= 0 and ${table.shippingRefundCents} between 0 and ${table.refundCents}`),
  ],
);

/** The items a withdrawal took back: an order item at most once (the unique key is what makes a second withdrawal of it fail). */
export const withdrawalItems = pgTable(
  'withdrawal_items',
  {
    withdrawalId: uuid('withdrawal_id')
      .notNull()
      .references(() => withdrawals.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .primaryKey()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    /** The item's price less its share of the voucher. */
    refundCents: integer('refund_cents').notNull(),
    /** The coupon given back instead of money. */
    couponCode: text('coupon_code'),
  },
  (table) => [index('withdrawal_items_withdrawal').on(table.withdrawalId), check('withdrawal_items_refund', sql`${table.refundCents} >= 0`)],
);
