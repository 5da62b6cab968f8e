import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Cart vouchers (issue 12): a code that takes a percentage or a fixed amount off a cart's
 * items (never off shipping). Unlike a coupon, one code serves many fans up to `usageLimit`
 * orders (null: no limit); `timesUsed` is counted when an order is placed (checkout).
 */
export const vouchers = pgTable(
  'vouchers',
  {
    /** Normalised (domain/voucher.ts): upper case A–Z, 0–9 and hyphens, at most 30 characters. */
    code: text('code').primaryKey(),
    discountType: text('discount_type', { enum: ['percentage', 'amount'] }).notNull(),
    /** Whole percent (1…100) for `percentage`, euro cents for `amount`. */
    amount: integer('amount').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    usageLimit: integer('usage_limit'),
    timesUsed: integer('times_used').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('vouchers_code_shape', sql`${table.code} ~ '^[A-Z0-9-]{1,30}$'`),
    check('vouchers_discount_type', sql`${table.discountType} in ('percentage', 'amount')`),
    check(
      'vouchers_amount',
      sql`(${table.discountType} = 'percentage' and ${table.amount} between 1 and 100) or (${table.discountType} = 'amount' and ${table.amount} > 0)`,
    ),
    check('vouchers_window', sql`${table.validFrom} is null or ${table.validUntil} is null or ${table.validFrom} < ${table.validUntil}`),
    check('vouchers_usage', sql`${table.timesUsed} >= 0 and (${table.usageLimit} is null or ${table.usageLimit} > 0)`),
  ],
);
