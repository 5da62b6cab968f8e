import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalogue';
import { customers } from './customers';

/**
 * Single-use coupons (issue 11): each unlocks one product at price 0 until it expires. A
 * redemption is one conditional UPDATE (`redeemed_at is null and expires_at > now`), so of two
 * concurrent redemptions exactly one changes the row.
 */
export const coupons = pgTable(
  'coupons',
  {
    /** Normalised: ten characters A–Z and 0–9 (domain/coupon-code.ts), shown 5-5. */
    code: text('code').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    /** Null while unused, and for a used coupon whose fan was deleted (or a seeded used one). */
    redeemedBy: uuid('redeemed_by').references(() => customers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('coupons_created_at').on(table.createdAt),
    index('coupons_redeemed_by').on(table.redeemedBy),
    check('coupons_code_shape', sql`${table.code} ~ '^[A-Z0-9]{10}$'`),
    check('coupons_redeemer_only_when_redeemed', sql`${table.redeemedBy} is null or ${table.redeemedAt} is not null`),
  ],
);
