import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { LocalizedText, ProductCms } from '../../../domain/catalogue-types';

/** One membership code per kind of membership; drives sections and sort order of the catalogue. */
export const membershipCodes = pgTable(
  'membership_codes',
  {
    id: integer('id').primaryKey(),
    code: text('code').notNull().unique(),
    priority: integer('priority').notNull(),
    section: text('section', { enum: ['premium', 'default', 'junior'] }).notNull(),
    season: text('season').notNull(),
  },
  (table) => [check('membership_codes_section', sql`${table.section} in ('premium', 'default', 'junior')`)],
);

/** Size catalogue: `unique_size` has one entry, `upper_body` 36…64 (XXS…XXXL). */
export const sizes = pgTable(
  'sizes',
  {
    sizeType: text('size_type', { enum: ['unique_size', 'upper_body'] }).notNull(),
    value: integer('value').notNull(),
    label: text('label').notNull(),
    itLabel: text('it_label').notNull(),
    ukLabel: text('uk_label').notNull(),
  },
  (table) => [primaryKey({ columns: [table.sizeType, table.value] })],
);

export const products = pgTable(
  'products',
  {
    /** URL id, e.g. `jcard` (the spec links to /products/jcard). */
    id: text('id').primaryKey(),
    sku: text('sku').notNull().unique(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    /** Integer euro cents; null means the product can only be had with a coupon. */
    priceCents: integer('price_cents'),
    tags: text('tags').array().notNull(),
    virtual: boolean('virtual').notNull(),
    availability: text('availability', { enum: ['available', 'not_available'] }).notNull(),
    soldOut: boolean('sold_out').notNull().default(false),
    membershipCodeId: integer('membership_code_id')
      .notNull()
      .references(() => membershipCodes.id),
    minHolderAge: integer('min_holder_age'),
    maxHolderAge: integer('max_holder_age'),
    upgradeTo: text('upgrade_to'),
    specialOf: text('special_of'),
    sizeType: text('size_type', { enum: ['unique_size', 'upper_body'] }),
    /** ISO 3166-1 alpha-2 lists; at most one of the two is set. */
    availableInCountries: text('available_in_countries').array(),
    notAvailableInCountries: text('not_available_in_countries').array(),
    alternativeProductId: text('alternative_product_id'),
    imageUrl: text('image_url').notNull(),
    cms: jsonb('cms').$type<ProductCms>().notNull(),
  },
  (table) => [
    check('products_price_not_negative', sql`${table.priceCents} is null or ${table.priceCents} >= 0`),
    check(
      'products_holder_ages',
      sql`${table.minHolderAge} is null or ${table.maxHolderAge} is null or ${table.minHolderAge} <= ${table.maxHolderAge}`,
    ),
    check(
      'products_one_country_rule',
      sql`${table.availableInCountries} is null or ${table.notAvailableInCountries} is null`,
    ),
  ],
);

/** A promotional price valid from `startsAt` (inclusive) until `endsAt` (exclusive). */
export const promos = pgTable(
  'promos',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    priceCents: integer('price_cents').notNull(),
  },
  (table) => [
    index('promos_product').on(table.productId),
    check('promos_window', sql`${table.startsAt} < ${table.endsAt}`),
    check('promos_price_not_negative', sql`${table.priceCents} >= 0`),
  ],
);

export const productVariants = pgTable(
  'product_variants',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull().unique(),
    variantSize: integer('variant_size').notNull(),
    stockQty: integer('stock_qty').notNull(),
  },
  (table) => [
    index('product_variants_product').on(table.productId),
    check('product_variants_stock_not_negative', sql`${table.stockQty} >= 0`),
  ],
);

export const customizations = pgTable(
  'customizations',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    ruleLabel: jsonb('rule_label').$type<LocalizedText>().notNull(),
    type: text('type', { enum: ['text'] }).notNull(),
    minLength: integer('min_length').notNull().default(0),
    maxLength: integer('max_length').notNull().default(5),
  },
  (table) => [
    index('customizations_product').on(table.productId),
    check('customizations_lengths', sql`0 <= ${table.minLength} and ${table.minLength} <= ${table.maxLength}`),
  ],
);

/** Countries to which nothing is shipped (spec §3); names come from ICU at display time. */
export const restrictedCountries = pgTable('restricted_countries', {
  countryCode: text('country_code').primaryKey(),
});

/**
 * One row: a number that every write to the catalogue tables bumps in its own transaction
 * (statement triggers, migration 0005; an UPDATE of sizes that changes no row does not, 0023), so each instance's in-memory catalogue snapshot can
 * tell with one primary-key read whether it is still current — also after writes made by
 * another instance or straight in SQL.
 */
export const catalogueVersion = pgTable(
  'catalogue_version',
  {
    id: integer('id').primaryKey(),
    version: bigint('version', { mode: 'number' }).notNull(),
  },
  (table) => [check('catalogue_version_one_row', sql`${table.id} = 1`)],
);
