import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Gift } from '../../../domain/gift';
import type { TemporaryAddress } from '../../../domain/shipping';
import type { HolderDraft } from '../../../domain/holder-draft';
import { addresses } from './account';
import { productVariants, products } from './catalogue';
import { coupons } from './coupons';
import { customers } from './customers';
import { documents } from './documents';
import { memberships } from './orders';
import { vouchers } from './vouchers';

/** A fan's open cart: one per customer, made with its first item (issue 11). */
export const carts = pgTable('carts', {
  id: uuid('id').primaryKey().defaultRandom(),
  customerId: uuid('customer_id')
    .notNull()
    .unique()
    .references(() => customers.id, { onDelete: 'cascade' }),
  /** The voucher the fan applied (issue 12); checked again each time the cart is shown. */
  voucherCode: text('voucher_code').references(() => vouchers.code, { onDelete: 'set null' }),
  /** The saved address the fan chose at checkout to bill this cart (issue 13). */
  billingAddressId: uuid('billing_address_id').references(() => addresses.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One configured product in a cart (spec §3 "Cart item"): the process, whom it is for, the
 * typed holder (on behalf; for myself the holder is the fan's profile, read when needed), the
 * coupon it redeemed, the choices, the gift, and the price when it was last saved.
 */
export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    process: text('process', { enum: ['buy', 'gift', 'coupon', 'upgrade', 'renewal'] }).notNull(),
    /**
     * The fan's membership an upgrade replaces or a renewal continues into the next season
     * (issue 15); null for the other processes.
     */
    previousMembershipId: uuid('previous_membership_id').references(() => memberships.id, { onDelete: 'cascade' }),
    /**
     * Taken off the product's price: an upgrade's credit, what the replaced membership cost
     * (domain/membership-follow-up.ts); 0 otherwise.
     */
    creditCents: integer('credit_cents').notNull().default(0),
    /** Null for a gift (no buy-for choice). */
    buyFor: text('buy_for', { enum: ['BUY_CARD', 'BUY_ON_BEHALF'] }),
    /** The holder as typed and checked (on behalf); null for myself and for a gift. */
    holder: jsonb('holder').$type<HolderDraft>(),
    /** The coupon this item redeemed (marked used by this fan); at most one item per coupon. */
    couponCode: text('coupon_code').references(() => coupons.code),
    automaticRenewal: boolean('automatic_renewal').notNull().default(false),
    variantId: text('variant_id').references(() => productVariants.id),
    /** Normalised text to print (uppercase ASCII). */
    customization: text('customization'),
    documentType: text('document_type', { enum: ['PASSPORT', 'IDENTITY'] }),
    gift: jsonb('gift').$type<Gift>(),
    /** Price snapshot in cents: the promo price when one was active, else the list price; 0 with a coupon. */
    unitPriceCents: integer('unit_price_cents').notNull(),
    /** Where it ships (issue 12): one of the fan's saved addresses… */
    shippingAddressId: uuid('shipping_address_id').references(() => addresses.id, { onDelete: 'set null' }),
    /** …or a temporary address kept on this item only (the spec's `temp_address`). */
    temporaryAddress: jsonb('temporary_address').$type<TemporaryAddress>(),
    /**
     * When the fan expressly asked for the service to start within the withdrawal period and
     * acknowledged losing the right of withdrawal (domain/withdrawal.ts); null: not asked.
     */
    withdrawalWaivedAt: timestamp('withdrawal_waived_at', { withTimezone: true }),
    /**
     * The add form's idempotency key: the same submission (a double click, back and submit
     * again) finds the item it made instead of adding another.
     */
    submissionKey: text('submission_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('cart_items_cart').on(table.cartId),
    // One coupon serves one item (a second item with the same code cannot be written).
    uniqueIndex('cart_items_coupon_code').on(table.couponCode),
    uniqueIndex('cart_items_submission').on(table.cartId, table.submissionKey),
    check('cart_items_one_destination', sql`${table.shippingAddressId} is null or ${table.temporaryAddress} is null`),
    check('cart_items_process', sql`${table.process} in ('buy', 'gift', 'coupon', 'upgrade', 'renewal')`),
    // An upgrade or a renewal is of one membership; the other processes of none.
    check('cart_items_follow_up', sql`(${table.process} in ('upgrade', 'renewal')) = (${table.previousMembershipId} is not null)`),
    check('cart_items_credit', sql`${table.creditCents} >= 0 and (${table.creditCents} = 0 or ${table.process} = 'upgrade')`),
    // Spec §4: only one upgrade in the cart; a membership is upgraded or renewed by one item at most.
    uniqueIndex('cart_items_one_upgrade').on(table.cartId).where(sql`${table.process} = 'upgrade'`),
    uniqueIndex('cart_items_previous_membership').on(table.cartId, table.previousMembershipId),
    check('cart_items_buy_for', sql`${table.buyFor} is null or ${table.buyFor} in ('BUY_CARD', 'BUY_ON_BEHALF')`),
    check('cart_items_document_type', sql`${table.documentType} is null or ${table.documentType} in ('PASSPORT', 'IDENTITY')`),
    check('cart_items_price_not_negative', sql`${table.unitPriceCents} >= 0`),
    check('cart_items_coupon_process_has_code', sql`${table.process} <> 'coupon' or ${table.couponCode} is not null`),
    check('cart_items_coupon_is_free', sql`${table.couponCode} is null or ${table.unitPriceCents} = 0`),
  ],
);

/**
 * The identity document of a card item, one row per side. The bytes live encrypted in the
 * `documents` table under `storage_id` (DocumentStore); the row keeps what the fan may see of it.
 */
export const cartItemDocuments = pgTable(
  'cart_item_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cartItemId: uuid('cart_item_id')
      .notNull()
      .references(() => cartItems.id, { onDelete: 'cascade' }),
    side: text('side', { enum: ['FRONT', 'BACK'] }).notNull(),
    /** The DocumentStore id (random; never derived from anything the client sent). */
    storageId: text('storage_id')
      .notNull()
      .unique()
      .references(() => documents.id),
    /** Decided by magic bytes: jpeg, png, pdf or msword. */
    fileType: text('file_type').notNull(),
    /** The fan's own name for the file, sanitised: a label only. */
    fileName: text('file_name').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('cart_item_documents_side').on(table.cartItemId, table.side),
    check('cart_item_documents_side_value', sql`${table.side} in ('FRONT', 'BACK')`),
    check('cart_item_documents_size', sql`${table.sizeBytes} > 0`),
  ],
);
