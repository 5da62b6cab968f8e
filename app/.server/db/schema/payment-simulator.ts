import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';

/**
 * The payment simulator's own state (issue 14; app/.server/payments/simulator): what an Adyen
 * account would hold, kept in the shop's database so that a killed process loses nothing and a
 * webhook is queued in the same transaction as the payment it reports. None of the shop's tables
 * refer to these, nor these to the shop's: they meet only on Adyen's wire format.
 */

/** A Checkout session (`/sessions`), and where its hosted page stands. */
export const pspSimSessions = pgTable(
  'psp_sim_sessions',
  {
    /** Adyen-like: `CS` and 16 upper-case letters and digits. */
    id: text('id').primaryKey(),
    merchantAccount: text('merchant_account').notNull(),
    reference: text('reference').notNull(),
    amountValue: integer('amount_value').notNull(),
    currency: text('currency').notNull(),
    returnUrl: text('return_url').notNull(),
    mode: text('mode', { enum: ['hosted', 'embedded'] }).notNull(),
    shopperReference: text('shopper_reference'),
    shopperLocale: text('shopper_locale'),
    shopperEmail: text('shopper_email'),
    countryCode: text('country_code'),
    /** Payment method types the page offers (`scheme`, `paypal`); null: all the simulator has. */
    allowedPaymentMethods: jsonb('allowed_payment_methods').$type<string[]>(),
    storePaymentMethodMode: text('store_payment_method_mode', { enum: ['askForConsent', 'enabled', 'disabled'] }).notNull(),
    recurringProcessingModel: text('recurring_processing_model'),
    shopperInteraction: text('shopper_interaction'),
    captureDelayHours: integer('capture_delay_hours'),
    /** Opaque, as Adyen's: for Drop-in's sessions flow, which the simulator does not serve. */
    sessionData: text('session_data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** `active` until the shopper ends it; `expired` is read from expiresAt, never stored. */
    status: text('status', { enum: ['active', 'completed', 'paymentPending', 'refused', 'canceled'] }).notNull(),
    refusedAttempts: integer('refused_attempts').notNull().default(0),
    /** The `sessionResult` handed to the shop on the way back, and the status it stands for. */
    resultToken: text('result_token'),
    resultStatus: text('result_status'),
  },
  (table) => [check('psp_sim_sessions_amount_positive', sql`${table.amountValue} > 0`)],
);

/** One payment (an authorisation attempt), made on the hosted page or through `/payments`. */
export const pspSimPayments = pgTable(
  'psp_sim_payments',
  {
    /** Adyen's 16 upper-case letters and digits. */
    pspReference: text('psp_reference').primaryKey(),
    merchantAccount: text('merchant_account').notNull(),
    merchantReference: text('merchant_reference').notNull(),
    sessionId: text('session_id').references(() => pspSimSessions.id),
    channel: text('channel', { enum: ['hosted', 'api'] }).notNull(),
    /** `scheme` or `paypal`; brand `visa`, `mc` or `paypal`. */
    method: text('method', { enum: ['scheme', 'paypal'] }).notNull(),
    brand: text('brand').notNull(),
    lastFour: text('last_four'),
    /** Only Adyen's public test card numbers are ever accepted, so keeping the number is harmless; a stored token needs it. */
    cardNumber: text('card_number'),
    expiryMonth: integer('expiry_month'),
    expiryYear: integer('expiry_year'),
    holderName: text('holder_name'),
    amountValue: integer('amount_value').notNull(),
    currency: text('currency').notNull(),
    /** `RedirectShopper` while the challenge or PayPal approval waits; then Adyen's outcome. */
    resultCode: text('result_code', { enum: ['RedirectShopper', 'Authorised', 'Refused', 'Error', 'Received', 'Cancelled'] }).notNull(),
    refusalReason: text('refusal_reason'),
    refusalReasonCode: text('refusal_reason_code'),
    shopperReference: text('shopper_reference'),
    /** The stored card this payment used, or the one it stored. */
    storedMethodId: text('stored_method_id'),
    /** Whether to store the card once authorised (consent on the page, or storePaymentMethod). */
    storeOnAuthorisation: boolean('store_on_authorisation').notNull().default(false),
    returnUrl: text('return_url'),
    captureDelayHours: integer('capture_delay_hours'),
    /** The holder-name outcome a pending challenge or approval will give once passed. */
    pendingOutcome: jsonb('pending_outcome').$type<Record<string, string>>(),
    /** Opaque handle of a pending challenge or approval (in its page's URL and in `paymentData`). */
    actionToken: text('action_token').unique(),
    /** Handed back on the return (`redirectResult`), read by `/payments/details`. */
    redirectResult: text('redirect_result').unique(),
    /** When an authorised payment is captured (captureDelayHours after it; none: at once). */
    capturedAt: timestamp('captured_at', { withTimezone: true }),
    /** Support's switch (issue 31): its refunds are received, then fail (REFUND `success: false`). */
    refundsFail: boolean('refunds_fail').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    index('psp_sim_payments_reference').on(table.merchantReference),
    index('psp_sim_payments_created').on(table.createdAt),
  ],
);

/** A card stored for a shopper (Adyen's token, `storedPaymentMethodId`). */
export const pspSimStoredMethods = pgTable(
  'psp_sim_stored_methods',
  {
    id: text('id').primaryKey(),
    merchantAccount: text('merchant_account').notNull(),
    shopperReference: text('shopper_reference').notNull(),
    brand: text('brand').notNull(),
    lastFour: text('last_four').notNull(),
    expiryMonth: integer('expiry_month').notNull(),
    expiryYear: integer('expiry_year').notNull(),
    holderName: text('holder_name').notNull(),
    /** The test card's number, so that paying with the token behaves as the card would (3-D Secure). */
    cardNumber: text('card_number').notNull(),
    firstPspReference: text('first_psp_reference').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('psp_sim_stored_methods_shopper').on(table.merchantAccount, table.shopperReference),
    // One token per card and shopper, as Adyen does when the same card is stored again.
    unique('psp_sim_stored_methods_card').on(table.merchantAccount, table.shopperReference, table.cardNumber, table.expiryMonth, table.expiryYear),
  ],
);

/** A cancel or refund asked for (`/cancels`, `/payments/{id}/cancels`, `/payments/{id}/refunds`). */
export const pspSimModifications = pgTable('psp_sim_modifications', {
  pspReference: text('psp_reference').primaryKey(),
  kind: text('kind', { enum: ['cancel', 'technicalCancel', 'refund'] }).notNull(),
  merchantAccount: text('merchant_account').notNull(),
  /** The payment it is about, when there is one. */
  paymentPspReference: text('payment_psp_reference'),
  /** The merchant's reference of that payment (`paymentReference` of `/cancels`). */
  paymentReference: text('payment_reference'),
  reference: text('reference'),
  amountValue: integer('amount_value'),
  currency: text('currency'),
  success: boolean('success').notNull(),
  reason: text('reason'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** A webhook item to deliver (one per request), queued with what it reports; see webhooks.ts. */
export const pspSimWebhooks = pgTable(
  'psp_sim_webhooks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The NotificationRequestItem, signed. */
    item: jsonb('item').$type<Record<string, unknown>>().notNull(),
    eventCode: text('event_code').notNull(),
    pspReference: text('psp_reference').notNull(),
    /** The payment it is about (its own for AUTHORISATION, the original for a modification). */
    paymentPspReference: text('payment_psp_reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When delivery may be tried (again); also pushed forward while an attempt runs (a lease). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    gaveUpAt: timestamp('gave_up_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (table) => [
    index('psp_sim_webhooks_due').on(table.nextAttemptAt).where(sql`${table.deliveredAt} is null and ${table.gaveUpAt} is null`),
    index('psp_sim_webhooks_payment').on(table.paymentPspReference),
  ],
);

/** An `Idempotency-Key` and the answer it gave (Adyen: same key, same answer). */
export const pspSimIdempotency = pgTable('psp_sim_idempotency', {
  key: text('key').primaryKey(),
  /** SHA-256 of method, path and body: the same key with another request is refused. */
  requestHash: text('request_hash').notNull(),
  status: integer('status').notNull(),
  body: jsonb('body').$type<unknown>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
