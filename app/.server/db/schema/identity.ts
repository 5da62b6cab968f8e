import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Accounts of the embedded sign-in service (oidc-provider at /sso). The shop itself never
 * reads this table: it knows a fan by the OIDC subject (`customers.oidc_subject`).
 */
export const accounts = pgTable('accounts', {
  /** The OIDC subject (`sub`). */
  id: uuid('id').primaryKey().defaultRandom(),
  /** Stored lower-cased and trimmed; unique. */
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  /** Self-describing scrypt string (see identity-provider/passwords.ts). */
  passwordHash: text('password_hash').notNull(),
  givenName: text('given_name').notNull(),
  familyName: text('family_name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * oidc-provider's models (sessions, interactions, grants, codes, tokens…), one row per
 * model and id. The lookup columns mirror what the adapter must find by.
 */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.model, table.id] }),
    index('oidc_payloads_grant_id').on(table.grantId).where(sql`${table.grantId} is not null`),
    index('oidc_payloads_uid').on(table.uid).where(sql`${table.uid} is not null`),
    index('oidc_payloads_user_code').on(table.userCode).where(sql`${table.userCode} is not null`),
    index('oidc_payloads_expires_at').on(table.expiresAt),
  ],
);

/**
 * Key sets the sign-in service must share across instances and restarts (the ID-token
 * signing keys). Written once (insert if absent), then only read.
 */
export const oidcKeySets = pgTable('oidc_key_sets', {
  name: text('name').primaryKey(),
  /** A JWKS with private members: `{ keys: [...] }`. */
  jwks: jsonb('jwks').$type<{ keys: Record<string, unknown>[] }>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Fixed-window counters of rate-limiter-flexible's `RateLimiterDrizzle` (its expected
 * columns: key, points, expire). Shared by every limiter; each uses its own key prefix.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull().default(0),
  expire: timestamp('expire', { withTimezone: true }),
});
