import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, boolean, check, index, integer, jsonb, pgSequence, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { BillingAddress, BuyerSnapshot } from '../../../domain/billing';
import type { LocalizedText } from '../../../domain/catalogue-types';
import type { AcceptedTerm } from '../../../domain/checkout-terms';
import type { Gift } from '../../../domain/gift';
import type { HolderDraft } from '../../../domain/holder-draft';
import type { PostalAddress } from '../../../domain/shipping';
import type { VatInvoicing } from '../../../domain/vat-invoicing';
import { customers } from './customers';
import { documents } from './documents';

/** The human order number (the spec's incrementId): nine digits, never reused, never a guess at the uuid. */
export const orderNumbers = pgSequence('order_numbers', { startWith: 100000001 });

/**
 * A placed order (issue 13): an immutable record of what was bought, by whom, for how much and
 * on which terms, written in the one transaction that also reserves the stock and consumes the
 * cart. Only `status` and its times change afterwards (domain/order-status.ts).
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: bigint('number', { mode: 'number' })
      .notNull()
      .unique()
      .default(sql`nextval('order_numbers')`),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    /** The checkout page's idempotency key: the same attempt sent twice finds this order. */
    checkoutKey: text('checkout_key').notNull(),
    status: text('status', { enum: ['awaiting_payment', 'paid', 'fulfilled', 'cancelled', 'expired'] }).notNull(),
    /** The fan's language at checkout: the confirmation mail and receipt are written in it. */
    language: text('language', { enum: ['it', 'en'] }).notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    voucherCode: text('voucher_code'),
    voucherDiscountCents: integer('voucher_discount_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    buyer: jsonb('buyer').$type<BuyerSnapshot>().notNull(),
    /** Null only for an order that cost nothing (no invoice is made). */
    billingAddress: jsonb('billing_address').$type<BillingAddress>(),
    invoicing: jsonb('invoicing').$type<VatInvoicing>(),
    acceptedTerms: jsonb('accepted_terms').$type<AcceptedTerm[]>().notNull(),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull(),
    /** Until when an unpaid order holds its stock. */
    payBy: timestamp('pay_by', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The PSP payment that paid it (domain/payment-ledger.ts): every other one is given back. */
    paidByPspReference: text('paid_by_psp_reference'),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    /** When it was cancelled or expired. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    unique('orders_checkout_key').on(table.customerId, table.checkoutKey),
    index('orders_customer').on(table.customerId, table.placedAt),
    index('orders_unpaid').on(table.payBy).where(sql`${table.status} = 'awaiting_payment'`),
    check('orders_status', sql`${table.status} in ('awaiting_payment', 'paid', 'fulfilled', 'cancelled', 'expired')`),
    check(
      'orders_totals',
      sql`${table.subtotalCents} >= 0 and ${table.voucherDiscountCents} between 0 and ${table.subtotalCents} and ${table.shippingCents} >= 0 and ${table.totalCents} = ${table.subtotalCents} - ${table.voucherDiscountCents} + ${table.shippingCents}`,
    ),
    check('orders_billed_when_paying', sql`${table.totalCents} = 0 or ${table.billingAddress} is not null`),
  ],
);

/** One bought product, as it was in the cart at checkout: nothing here follows later catalogue edits. */
export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** The catalogue's id and sku at the time (no foreign key: the record outlives the product). */
    productId: text('product_id').notNull(),
    sku: text('sku').notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    tags: text('tags').array().notNull(),
    kind: text('kind', { enum: ['membership', 'card', 'other'] }).notNull(),
    /** The membership code and season of a membership (null for the card and others). */
    membershipCode: text('membership_code'),
    season: text('season'),
    process: text('process', { enum: ['buy', 'gift', 'coupon', 'upgrade', 'renewal'] }).notNull(),
    /** The membership an upgrade replaces or a renewal continues (issue 15). */
    previousMembershipId: uuid('previous_membership_id'),
    /**
     * An upgrade's credit, already taken off `unitPriceCents`: what the item was worth is the
     * two together (the credit of a further upgrade).
     */
    creditCents: integer('credit_cents').notNull().default(0),
    buyFor: text('buy_for', { enum: ['BUY_CARD', 'BUY_ON_BEHALF'] }),
    /** Who holds it: the buyer's profile (for myself) or the typed holder; null for a gift. */
    holder: jsonb('holder').$type<HolderDraft>(),
    couponCode: text('coupon_code'),
    automaticRenewal: boolean('automatic_renewal').notNull(),
    /** The size bought; its stock was reserved when the order was placed. */
    variantId: text('variant_id'),
    variantSize: integer('variant_size'),
    customization: text('customization'),
    documentType: text('document_type', { enum: ['PASSPORT', 'IDENTITY'] }),
    gift: jsonb('gift').$type<Gift>(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    shippingAddress: jsonb('shipping_address').$type<PostalAddress>(),
    /**
     * When the fan asked for the membership to start as soon as it is paid, waiving the right of
     * withdrawal (copied from the cart); null: the right was kept, or nothing was asked
     * (domain/withdrawal.ts `needsWithdrawalWaiver`). The order's record of the choice.
     */
    withdrawalWaivedAt: timestamp('withdrawal_waived_at', { withTimezone: true }),
  },
  (table) => [
    unique('order_items_position').on(table.orderId, table.position),
    // Placement looks for an open order that already upgrades or renews the same membership.
    index('order_items_previous_membership').on(table.previousMembershipId).where(sql`${table.previousMembershipId} is not null`),
    check('order_items_price_not_negative', sql`${table.unitPriceCents} >= 0`),
    check('order_items_credit_not_negative', sql`${table.creditCents} >= 0`),
  ],
);

/** A card item's identity document, moved from the cart with the order (same stored document). */
export const orderItemDocuments = pgTable(
  'order_item_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    side: text('side', { enum: ['FRONT', 'BACK'] }).notNull(),
    storageId: text('storage_id')
      .notNull()
      .unique()
      .references(() => documents.id),
    fileType: text('file_type').notNull(),
    fileName: text('file_name').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
  },
  (table) => [unique('order_item_documents_side').on(table.orderItemId, table.side)],
);

/**
 * What a paid order issued, one per order item (the unique item is what makes fulfilment
 * happen once even if it ran twice). Roles (spec §6): the holder owns the card, the manager
 * bought or redeemed it, the gifter gave it. A gift has no manager or holder until redeemed.
 */
export const memberships = pgTable(
  'memberships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Shown to the fan and on the card: `JM` and ten characters. */
    code: text('code').notNull().unique(),
    orderItemId: uuid('order_item_id')
      .notNull()
      .unique()
      .references(() => orderItems.id),
    productId: text('product_id').notNull(),
    type: text('type', { enum: ['membership', 'card', 'other'] }).notNull(),
    season: text('season'),
    status: text('status', { enum: ['ready', 'active', 'expired', 'cancelled'] }).notNull(),
    /**
     * The end of the withdrawal period its buyer kept (issue 30, domain/withdrawal.ts): it stays
     * `ready` until then. Null when the buyer waived the right or none was asked (a gift, the
     * card), and for every membership issued before, when checkout required the waiver.
     */
    withdrawalEndsAt: timestamp('withdrawal_ends_at', { withTimezone: true }),
    /** When its buyer withdrew from it (issue 31): it is then `cancelled` for good. */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    holder: jsonb('holder').$type<HolderDraft>(),
    holderCustomerId: uuid('holder_customer_id').references(() => customers.id, { onDelete: 'set null' }),
    managerCustomerId: uuid('manager_customer_id').references(() => customers.id, { onDelete: 'set null' }),
    gifterCustomerId: uuid('gifter_customer_id').references(() => customers.id, { onDelete: 'set null' }),
    automaticRenewal: boolean('automatic_renewal').notNull(),
    preferredVariantSize: integer('preferred_variant_size'),
    shippingAddress: jsonb('shipping_address').$type<PostalAddress>(),
    billingAddress: jsonb('billing_address').$type<BillingAddress>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The membership this one replaced by an upgrade (issue 15): at most one upgrade each. */
    upgradeOf: uuid('upgrade_of').unique().references((): AnyPgColumn => memberships.id),
    /** The previous season's membership this one renews: at most one renewal each. */
    renewalOf: uuid('renewal_of').unique().references((): AnyPgColumn => memberships.id),
    /**
     * When its automatic renewal was offered to its manager (services/renewal-offers.ts): the
     * renewal put in their cart and the mail queued, once; null while not offered.
     */
    renewalOfferedAt: timestamp('renewal_offered_at', { withTimezone: true }),
  },
  (table) => [
    index('memberships_manager').on(table.managerCustomerId),
    index('memberships_holder').on(table.holderCustomerId),
    index('memberships_gifter').on(table.gifterCustomerId),
    // The activation job's look every minute (jobs/membership-activation.ts): only what still waits.
    index('memberships_ready').on(table.season).where(sql`${table.status} = 'ready'`),
    // The renewal offers' look (jobs/renewal-offers.ts): only automatic renewals not offered yet.
    index('memberships_renewal_due')
      .on(table.season)
      .where(sql`${table.automaticRenewal} and ${table.renewalOfferedAt} is null`),
    check('memberships_status', sql`${table.status} in ('ready', 'active', 'expired', 'cancelled')`),
  ],
);

/** A gifted membership's link: only the SHA-256 of its code is kept (the code goes out by mail once). */
export const gifts = pgTable('gifts', {
  id: uuid('id').primaryKey().defaultRandom(),
  membershipId: uuid('membership_id')
    .notNull()
    .unique()
    .references(() => memberships.id),
  codeHash: text('code_hash').notNull().unique(),
  recipient: jsonb('recipient').$type<Gift>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  /** When a fan took the gift on as its manager (issue 15); null while nobody has. */
  redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
  /**
   * The terms its manager accepted when taking it on (issue 30: the redeem step's two boxes),
   * each with its text version and when; written with `redeemedAt`. Null while nobody has, and
   * for gifts redeemed before migration 0019 (their acceptance was asked, not kept).
   */
  acceptedTerms: jsonb('accepted_terms').$type<AcceptedTerm[]>(),
  /** When its manager chose the holder: the gift is then used up, its link shows "already redeemed". */
  activatedAt: timestamp('activated_at', { withTimezone: true }),
});
