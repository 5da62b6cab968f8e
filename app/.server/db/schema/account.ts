import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { products } from './catalogue';

/**
 * A customer's saved addresses (spec Address). `restricted` is not stored: it follows from
 * the country (domain/address-rules) and from each product's country lists.
 */
export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Stored normalised: no spaces, a leading `+` as `00` (domain/phone). */
    phone: text('phone').notNull(),
    street: text('street').notNull(),
    /** House number and extra information are optional. */
    number: text('number'),
    extraInfo: text('extra_info'),
    /** ISO 3166-1 alpha-2. */
    countryCode: text('country_code').notNull(),
    /** For IT the province acronym (`TO`), elsewhere free text or null. */
    provinceCode: text('province_code'),
    /** Province name (IT) or the free-text state/province of other countries. */
    state: text('state'),
    /** The region of an Italian province. */
    region: text('region'),
    city: text('city').notNull(),
    /** Belfiore code of an Italian municipality. */
    cityCode: text('city_code'),
    postalCode: text('postal_code').notNull(),
    isPreferred: boolean('is_preferred').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('addresses_customer').on(table.customerId)],
);

/**
 * "Tell me when it is back" requests. One row per customer and product; `notifiedAt` is set
 * in the same transaction that queues the mail, so each request is answered once.
 */
export const notifyRequests = pgTable(
  'notify_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The fan's language when asking: the mail is written in it. */
    language: text('language', { enum: ['it', 'en'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (table) => [
    unique('notify_requests_customer_product').on(table.customerId, table.productId),
    index('notify_requests_pending').on(table.productId).where(sql`${table.notifiedAt} is null`),
  ],
);

/**
 * Outgoing mail (transactional outbox): written in the transaction that decides to send it,
 * delivered afterwards by SMTP when configured; offline it stays here for /dev/outbox.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What caused the mail, unique so a retried step cannot queue it twice. */
    dedupeKey: text('dedupe_key').notNull().unique(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    language: text('language', { enum: ['it', 'en'] }).notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    /** When delivery may be tried (again): queueing time, then pushed back after each failure. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
  },
  (table) => [
    index('mail_outbox_due').on(table.nextAttemptAt).where(sql`${table.sentAt} is null`),
    check('mail_outbox_attempts_not_negative', sql`${table.attempts} >= 0`),
  ],
);
