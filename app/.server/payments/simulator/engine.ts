import { and, eq, lte } from 'drizzle-orm';
import type { Clock } from '../../clock';
import { pspSimPayments, pspSimStoredMethods } from '../../db/schema';
import type { PaymentsConfig } from '../config';
import type { Amount } from './api-requests';
import { newAuthCode, newOpaqueToken, newPspReference } from './references';
import { cardResult, DECLINED, EXPIRED_CARD, isUnexpired, TEST_CVC, testCardOf, THREE_D_SECURE_FAILED, THREE_D_SECURE_PASSWORD, type CardResult } from './test-cards';
import { canTakePayment, lockSession } from './sessions';
import { queueWebhook, type Queries, type WebhookEvent } from './webhooks';

/**
 * How the simulator pays (issue 14): a card or PayPal payment is recorded, decided by Adyen's
 * test rules (test-cards.ts), and its AUTHORISATION webhook queued in the same transaction. The
 * hosted page and `/payments` both come here; they differ only in what happens around it.
 */

export type PaymentRow = typeof pspSimPayments.$inferSelect;
export type EngineDeps = { config: PaymentsConfig; clock: Clock };

/** What decides a payment: a card's result, or the shopper leaving PayPal. */
export type Outcome = CardResult | { resultCode: 'Cancelled'; refusalReason: string; refusalReasonCode: string };

/** Cancelling on PayPal's page: Adyen's "Shopper Cancelled" (its code as remembered, not checked). */
export const SHOPPER_CANCELLED: Outcome = { resultCode: 'Cancelled', refusalReason: 'Shopper Cancelled', refusalReasonCode: '16' };

/**
 * A payment left `Received` (holder name PENDING) is decided this long after it was made: the
 * shop's pending path (its return page waiting, the webhook arriving later) can then be tried
 * end to end. Adyen's test platform gives no such promise; this is the simulator's choice.
 */
export const PENDING_SETTLES_AFTER_MS = 2 * 60 * 1000;

export type PaymentBase = {
  merchantAccount: string;
  merchantReference: string;
  amount: Amount;
  channel: 'hosted' | 'api';
  sessionId?: string;
  shopperReference?: string;
  /** Store the card once authorised (the shopper's consent, or `storePaymentMethod`). */
  storeCard: boolean;
  returnUrl?: string;
  captureDelayHours?: number;
};

export type CardEntry = { digits: string; expiryMonth: number; expiryYear: number; cvc?: string; holderName: string; storedMethodId?: string };

/** Pays with a known test card: decided at once, or waiting for its 3-D Secure challenge. */
export async function payByCard(tx: Queries, deps: EngineDeps, base: PaymentBase, card: CardEntry): Promise<PaymentRow> {
  const testCard = testCardOf(card.digits);
  if (!testCard) throw new Error('payByCard: not a test card (the callers check the number first)');
  const now = deps.clock.now();
  // A ContAuth payment with a stored card may come without a security code: nothing to check then.
  const outcome = isUnexpired({ month: card.expiryMonth, year: card.expiryYear }, now)
    ? cardResult({ holderName: card.holderName, cvc: card.cvc ?? TEST_CVC })
    : EXPIRED_CARD;
  const [payment] = await tx
    .insert(pspSimPayments)
    .values({
      ...rowOf(base, now),
      method: 'scheme',
      brand: testCard.brand,
      lastFour: testCard.lastFour,
      cardNumber: card.digits,
      expiryMonth: card.expiryMonth,
      expiryYear: card.expiryYear,
      holderName: card.holderName,
      storedMethodId: card.storedMethodId ?? null,
      // The challenge comes first; its page decides with the outcome the card would have had.
      resultCode: 'RedirectShopper',
      pendingOutcome: testCard.threeDSecure ? { ...outcome } : null,
      actionToken: testCard.threeDSecure ? newOpaqueToken() : null,
    })
    .returning();
  if (!payment) throw new Error('payByCard: insert returned nothing');
  return testCard.threeDSecure ? payment : decide(tx, deps, payment, outcome);
}

/** Starts a PayPal payment: it waits for the shopper's approval on the simulated PayPal page. */
export async function startPayPal(tx: Queries, deps: EngineDeps, base: PaymentBase): Promise<PaymentRow> {
  const [payment] = await tx
    .insert(pspSimPayments)
    .values({ ...rowOf(base, deps.clock.now()), method: 'paypal', brand: 'paypal', resultCode: 'RedirectShopper', actionToken: newOpaqueToken() })
    .returning();
  if (!payment) throw new Error('startPayPal: insert returned nothing');
  return payment;
}

function rowOf(base: PaymentBase, now: Date) {
  return {
    pspReference: newPspReference(),
    merchantAccount: base.merchantAccount,
    merchantReference: base.merchantReference,
    sessionId: base.sessionId ?? null,
    channel: base.channel,
    amountValue: base.amount.value,
    currency: base.amount.currency,
    shopperReference: base.shopperReference ?? null,
    storeOnAuthorisation: base.storeCard && Boolean(base.shopperReference),
    returnUrl: base.returnUrl ?? null,
    captureDelayHours: base.captureDelayHours ?? null,
    createdAt: now,
  };
}

/** The payment waiting behind a challenge or approval page, by the token in that page's URL. */
export async function pendingAction(queries: Queries, token: string): Promise<PaymentRow | null> {
  const [payment] = await queries.select().from(pspSimPayments).where(eq(pspSimPayments.actionToken, token)).limit(1);
  return payment ?? null;
}

/** The 3-D Secure challenge answered: the right password gives the card's outcome, a wrong one Adyen's failed authentication. */
export function completeChallenge(tx: Queries, deps: EngineDeps, payment: PaymentRow, password: string): Promise<PaymentRow> {
  const outcome = password === THREE_D_SECURE_PASSWORD ? ((payment.pendingOutcome as CardResult | null) ?? { resultCode: 'Authorised' }) : THREE_D_SECURE_FAILED;
  return decide(tx, deps, payment, outcome);
}

export function completePayPal(tx: Queries, deps: EngineDeps, payment: PaymentRow, approved: boolean): Promise<PaymentRow> {
  return decide(tx, deps, payment, approved ? { resultCode: 'Authorised' } : SHOPPER_CANCELLED);
}

/**
 * A hosted payment decided once its session can take none (another tab paid it, the shopper
 * cancelled it, it expired): never authorised. Adyen does not say what it answers then; the
 * simulator refuses it as cancelled, with the reason and code of a cancel (as remembered).
 */
export const SESSION_ENDED: Outcome = { resultCode: 'Cancelled', refusalReason: 'Cancelled', refusalReasonCode: '15' };

/**
 * Records the outcome, stores the card when asked and authorised, and queues the AUTHORISATION
 * webhook (none yet for `Received`: settleDuePending sends it once decided). A payment already
 * decided is returned as it is, so a page posted twice decides once. A hosted payment's session
 * is locked first (always session, then payment, so two decisions never deadlock) and checked.
 */
export async function decide(tx: Queries, deps: EngineDeps, payment: PaymentRow, wanted: Outcome): Promise<PaymentRow> {
  const now = deps.clock.now();
  const session = payment.sessionId ? await lockSession(tx, payment.sessionId) : null;
  const outcome = session && !canTakePayment(session, now) ? SESSION_ENDED : wanted;
  const [claimed] = await tx
    .update(pspSimPayments)
    .set({
      resultCode: outcome.resultCode,
      refusalReason: 'refusalReason' in outcome ? outcome.refusalReason : null,
      refusalReasonCode: 'refusalReasonCode' in outcome ? outcome.refusalReasonCode : null,
      decidedAt: now,
      // The action token stays: a page or `/payments/details` asked again finds the decided payment.
      pendingOutcome: null,
      redirectResult: payment.channel === 'api' ? newOpaqueToken() : null,
      capturedAt: outcome.resultCode === 'Authorised' ? new Date(now.getTime() + (payment.captureDelayHours ?? 0) * 3_600_000) : null,
    })
    .where(and(eq(pspSimPayments.pspReference, payment.pspReference), eq(pspSimPayments.resultCode, 'RedirectShopper')))
    .returning();
  if (!claimed) {
    const [current] = await tx.select().from(pspSimPayments).where(eq(pspSimPayments.pspReference, payment.pspReference));
    if (!current) throw new Error(`decide: payment ${payment.pspReference} is gone`);
    return current;
  }
  let decided = claimed;
  if (decided.resultCode === 'Authorised' && decided.storeOnAuthorisation && !decided.storedMethodId) {
    decided = await storeCard(tx, decided, now);
  }
  if (decided.resultCode !== 'Received') await queueAuthorisation(tx, deps, decided, now);
  return decided;
}

/** Stores the paying card for its shopper (one token per card, as Adyen keeps). */
async function storeCard(tx: Queries, payment: PaymentRow, now: Date): Promise<PaymentRow> {
  const { shopperReference, cardNumber, expiryMonth, expiryYear, lastFour } = payment;
  if (!shopperReference || !cardNumber || !expiryMonth || !expiryYear || !lastFour) return payment;
  await tx
    .insert(pspSimStoredMethods)
    .values({
      id: newPspReference(),
      merchantAccount: payment.merchantAccount,
      shopperReference,
      brand: payment.brand,
      lastFour,
      expiryMonth,
      expiryYear,
      holderName: payment.holderName ?? '',
      cardNumber,
      firstPspReference: payment.pspReference,
      createdAt: now,
    })
    .onConflictDoNothing();
  const [stored] = await tx
    .select({ id: pspSimStoredMethods.id })
    .from(pspSimStoredMethods)
    .where(
      and(
        eq(pspSimStoredMethods.merchantAccount, payment.merchantAccount),
        eq(pspSimStoredMethods.shopperReference, shopperReference),
        eq(pspSimStoredMethods.cardNumber, cardNumber),
        eq(pspSimStoredMethods.expiryMonth, expiryMonth),
        eq(pspSimStoredMethods.expiryYear, expiryYear),
      ),
    );
  if (!stored) return payment;
  const [updated] = await tx.update(pspSimPayments).set({ storedMethodId: stored.id }).where(eq(pspSimPayments.pspReference, payment.pspReference)).returning();
  return updated ?? payment;
}

/** `MM/YYYY`, as Adyen's webhooks write a card's expiry. */
export function expiryText(payment: Pick<PaymentRow, 'expiryMonth' | 'expiryYear'>): string {
  return payment.expiryMonth && payment.expiryYear ? `${String(payment.expiryMonth).padStart(2, '0')}/${payment.expiryYear}` : '';
}

/** The card and token fields Adyen puts in additionalData (webhooks and, partly, the `/payments` answer). */
export function cardAdditionalData(payment: PaymentRow): Record<string, string> {
  const data: Record<string, string> = {};
  if (payment.method === 'scheme' && payment.lastFour) {
    data.cardSummary = payment.lastFour;
    data.expiryDate = expiryText(payment);
    if (payment.holderName) data.cardHolderName = payment.holderName;
  }
  if (payment.storedMethodId && payment.shopperReference) {
    data['recurring.recurringDetailReference'] = payment.storedMethodId;
    data['recurring.shopperReference'] = payment.shopperReference;
    data['tokenization.storedPaymentMethodId'] = payment.storedMethodId;
    data['tokenization.shopperReference'] = payment.shopperReference;
    data.recurringProcessingModel = 'CardOnFile';
  }
  return data;
}

/**
 * The AUTHORISATION item of a payment: its own outcome, or the one a tester chose on the
 * support page (success and amount). A failure carries the payment's refusal reason, or
 * Adyen's plain "Refused" for a payment that was not refused.
 */
export function authorisationEvent(payment: PaymentRow, input: { success: boolean; amountValue: number; now: Date }): WebhookEvent {
  const { success } = input;
  const authCode = newAuthCode();
  const additionalData = cardAdditionalData(payment);
  if (success && payment.method === 'scheme') additionalData.authCode = authCode;
  const refusal = payment.refusalReason ? { reason: payment.refusalReason, code: payment.refusalReasonCode } : { reason: DECLINED.refusalReason, code: DECLINED.refusalReasonCode };
  // Adyen's webhook has no field for the refusal code; the simulator adds it here for the support of the shop's messages.
  if (!success && refusal.code) additionalData.refusalReasonCode = refusal.code;
  return {
    eventCode: 'AUTHORISATION',
    pspReference: payment.pspReference,
    merchantAccountCode: payment.merchantAccount,
    merchantReference: payment.merchantReference,
    amount: { value: input.amountValue, currency: payment.currency },
    success,
    // A card's success carries `authCode:cardSummary:expiryDate`, as Adyen's does.
    reason: success ? (payment.method === 'scheme' ? `${authCode}:${payment.lastFour ?? ''}:${expiryText(payment)}` : '') : refusal.reason,
    paymentMethod: payment.brand,
    additionalData,
    eventDate: input.now,
  };
}

async function queueAuthorisation(tx: Queries, deps: EngineDeps, payment: PaymentRow, now: Date): Promise<void> {
  const event = authorisationEvent(payment, { success: payment.resultCode === 'Authorised', amountValue: payment.amountValue, now });
  await queueWebhook(tx, event, { hmacKey: deps.config.hmacKey, paymentPspReference: payment.pspReference, now });
}

/** Authorises the `Received` payments made PENDING_SETTLES_AFTER_MS ago or earlier; how many. */
export async function settleDuePending(tx: Queries, deps: EngineDeps): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - PENDING_SETTLES_AFTER_MS);
  const due = await tx
    .select()
    .from(pspSimPayments)
    .where(and(eq(pspSimPayments.resultCode, 'Received'), lte(pspSimPayments.decidedAt, cutoff)))
    .limit(50);
  for (const payment of due) {
    const [settled] = await tx
      .update(pspSimPayments)
      .set({ resultCode: 'Authorised', capturedAt: deps.clock.now() })
      .where(and(eq(pspSimPayments.pspReference, payment.pspReference), eq(pspSimPayments.resultCode, 'Received')))
      .returning();
    if (settled) await queueAuthorisation(tx, deps, settled, deps.clock.now());
  }
  return due.length;
}
