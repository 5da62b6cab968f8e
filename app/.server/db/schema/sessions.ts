import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers';

/**
 * Signed-in sessions of the shop (auth/session-store.ts). The browser's cookie holds a random
 * id; only its SHA-256 is stored here, so a copy of this table opens no session. Deleting a
 * row signs that browser out; expiry (idle and absolute) is checked on read and purged hourly.
 */
export const shopSessions = pgTable(
  'shop_sessions',
  {
    /** SHA-256 of the cookie's id, base64url. */
    idHash: text('id_hash').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** OIDC subject at sign-in; the guard compares it with the customer row. */
    subject: text('subject').notNull(),
    /** For the sign-in service's logout (id_token_hint); never sent to the browser. */
    idToken: text('id_token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Moved forward at most every few minutes (domain/session-expiry). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('shop_sessions_customer_id').on(table.customerId), index('shop_sessions_last_seen_at').on(table.lastSeenAt)],
);
