// The payments use cases (issue 14; docs/payments.md): start an attempt on the PSP's hosted
// page, read the fan's return, settle webhooks, reconcile what is still unknown, and the fan's
// saved cards. Every call that names an order checks its owner.
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { Language } from '../../domain/catalogue-types';
import {
  paymentProcessOf,
  paymentReturnPath,
  reconciliationDelayMs,
  refusalOf,
  type PaymentMethod,
} from '../../domain/payment-attempt';
import { outcomeOfSessionStatus } from '../../domain/payment-outcome';
import { failure, success, type Result } from '../../domain/result';
import { orders, payments } from '../db/schema';
import { hostedPageOrigins } from '../payments/config';
import type { PaymentGateway, StoredPaymentMethod } from '../payments/gateway';
import type { ServiceDeps } from '.';
import type { CartOwner } from './cart-contract';
import { findOwner, isUuid } from './cart-items';
import { createPaymentEvents } from './payment-events';
import { lastAttempt, lockPayableOrder, openAttempt } from './payment-attempts';
import { createDropInPayments } from './payments-advanced';
import { recordAuthorisation, recordUnpaid, requestCancel, type SettlementDeps } from './payment-settlement';
import type { ReloadDocsLinks } from './reload-docs-link';

/** A click again within this time reuses the attempt (same Idempotency-Key: the PSP answers the same session). */
const REUSE_ATTEMPT_MS = 5 * 60_000;
/** A session result longer than this is no session result: never stored or sent on. */
const MAX_SESSION_RESULT_LENGTH = 4096;
const RECONCILE_BATCH = 50;

export type StartPaymentResult = Result<{ url: string }, 'not-found' | 'not-payable' | 'unavailable'>;

/** What the fan's return from the PSP found (the return page words it). */
export type PaymentReturn =
  | { kind: 'unknown' }
  | { kind: 'paid' | 'waiting' | 'too-late' | 'not-completed' | 'refused'; orderId: string; customerId: string; refusal: { reason: string; code: string | null } | null };

export function createPaymentsService(
  { db, clock, config, logger }: Pick<ServiceDeps, 'db' | 'clock' | 'config' | 'logger'>,
  { gateway, reloadDocs }: { gateway: PaymentGateway; reloadDocs: ReloadDocsLinks },
) {
  const settlement: SettlementDeps = { db, gateway, logger, publicUrl: config.publicUrl, reloadDocs, now: () => clock.now() };
  const events = createPaymentEvents(settlement);

  /** The attempt to use for a click: the last one when it is still fresh and for the same method, else a new one. */
  async function attemptFor(orderId: string, method: PaymentMethod, customerId: string) {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const locked = await lockPayableOrder(tx, orderId, customerId, now);
      if (!locked.ok) return locked;
      const order = locked.value;
      const last = await lastAttempt(tx, orderId);
      if (last && last.status === 'open' && last.method === method && now.getTime() - last.createdAt.getTime() < REUSE_ATTEMPT_MS) {
        return success({ order, payment: last });
      }
      return success({ order, payment: await openAttempt(tx, order, last, { flow: 'hosted', method, now }) });
    });
  }

  /** Asks the PSP about an attempt's session; the outcome settles it like a webhook would. */
  async function settleFromSession(payment: typeof payments.$inferSelect, sessionResult: string): Promise<'authorised' | 'refused' | 'cancelled' | 'expired' | 'unknown'> {
    if (!payment.sessionId) return 'unknown';
    const outcome = outcomeOfSessionStatus(await gateway.sessionStatus(payment.sessionId, sessionResult));
    if (outcome === 'authorised') {
      await recordAuthorisation(settlement, payment.id, null);
      return 'authorised';
    }
    if (outcome === 'refused' || outcome === 'cancelled' || outcome === 'expired') {
      await recordUnpaid(settlement, payment.id, outcome);
      return outcome;
    }
    if (outcome === 'pending') await recordUnpaid(settlement, payment.id, 'pending');
    return 'unknown';
  }

  const dropIn = createDropInPayments(settlement);

  return {
    events,
    /** Drop-in's advanced flow (payments-advanced.ts). */
    dropIn,

    /**
     * Sends the fan to pay one of their orders on the PSP's hosted page (no JavaScript needed):
     * a new attempt, or the fresh one a double click already made.
     */
    async startHosted(owner: CartOwner, input: { orderId: string; method: PaymentMethod; language: Language }): Promise<StartPaymentResult> {
      const customer = await findOwner(db, owner);
      if (!customer || !isUuid(input.orderId)) return failure('not-found');
      const chosen = await attemptFor(input.orderId, input.method, customer.id);
      if (!chosen.ok) return chosen;
      const { order, payment } = chosen.value;
      try {
        const session = await gateway.createHostedSession({
          paymentId: payment.id,
          reference: payment.reference,
          amountCents: payment.amountCents,
          method: input.method,
          returnUrl: `${config.publicUrl}${paymentReturnPath(paymentProcessOf(input.method))}`,
          shopperReference: customer.id,
          shopperEmail: order.buyer.email,
          language: input.language,
          expiresAt: order.payBy,
        });
        // The fan is sent only to the PSP's own page, whatever an answer says.
        if (!hostedPageOrigins(config.payments).includes(new URL(session.url).origin)) throw new Error(`payments: a session URL outside the PSP: ${session.url}`);
        await db.update(payments).set({ sessionId: session.id, sessionUrl: session.url, updatedAt: clock.now() }).where(eq(payments.id, payment.id));
        return success({ url: session.url });
      } catch (error) {
        logger.error({ err: error, payment: payment.reference }, 'payments: the PSP did not open a session');
        return failure('unavailable');
      }
    },

    /**
     * The fan is back from the hosted page. Public (spec): the session id and result are the
     * PSP's word, so whoever brings them moves the order on; the page shows the order only to its owner.
     */
    async readReturn(input: { sessionId: string; sessionResult: string | null }): Promise<PaymentReturn> {
      if (input.sessionId.length > 128) return { kind: 'unknown' };
      const [found] = await db.select().from(payments).where(eq(payments.sessionId, input.sessionId)).limit(1);
      if (!found) return { kind: 'unknown' };
      const sessionResult = input.sessionResult && input.sessionResult.length <= MAX_SESSION_RESULT_LENGTH ? input.sessionResult : null;
      if (sessionResult && found.sessionResult !== sessionResult) {
        await db.update(payments).set({ sessionResult }).where(eq(payments.id, found.id));
      }
      // A refused attempt may still be paid: the hosted page lets the fan try again in the same session.
      if ((found.status === 'open' || found.status === 'pending' || found.status === 'refused') && sessionResult) {
        try {
          await settleFromSession(found, sessionResult);
        } catch (error) {
          // The PSP is away: the page waits, and the webhook or reconciliation settles it.
          logger.warn({ err: error, payment: found.reference }, 'payments: the session result could not be read');
        }
      }
      const [payment] = await db.select().from(payments).where(eq(payments.id, found.id));
      const [order] = await db.select({ id: orders.id, customerId: orders.customerId, status: orders.status }).from(orders).where(eq(orders.id, found.orderId));
      if (!payment || !order) return { kind: 'unknown' };
      const about = { orderId: order.id, customerId: order.customerId };
      const refusal = refusalOf(payment.refusalReason, payment.refusalReasonCode);
      if (payment.status === 'authorised') {
        return { ...about, kind: payment.cancelState === null && (order.status === 'paid' || order.status === 'fulfilled') ? 'paid' : 'too-late', refusal: null };
      }
      if (payment.status === 'refused') return { ...about, kind: 'refused', refusal };
      if (payment.status === 'open' || payment.status === 'pending') return { ...about, kind: 'waiting', refusal: null };
      return { ...about, kind: 'not-completed', refusal: null };
    },

    /**
     * Back from a redirect of Drop-in's flow (3-D Secure, PayPal) with `redirectResult`: its
     * details settle the payment, read like a hosted return.
     */
    async readRedirectReturn(redirectResult: string): Promise<PaymentReturn> {
      if (redirectResult.length > MAX_SESSION_RESULT_LENGTH) return { kind: 'unknown' };
      const answered = await dropIn.details({ details: { redirectResult }, paymentData: undefined });
      if (!answered.ok) return { kind: 'unknown' };
      const [order] = await db.select({ customerId: orders.customerId, status: orders.status }).from(orders).where(eq(orders.id, answered.value.orderId));
      if (!order) return { kind: 'unknown' };
      const about = { orderId: answered.value.orderId, customerId: order.customerId };
      switch (answered.value.outcome) {
        case 'authorised':
          return { ...about, kind: 'paid', refusal: null };
        case 'refused':
          return { ...about, kind: 'refused', refusal: answered.value.refusal };
        case 'too-late':
          return { ...about, kind: 'too-late', refusal: null };
        case 'error':
          return { ...about, kind: 'not-completed', refusal: null };
        default:
          return { ...about, kind: 'waiting', refusal: null };
      }
    },

    /** The last refused attempt of an order waiting for payment (the pay page says why it failed). */
    async lastRefusal(orderId: string): Promise<{ reason: string; code: string | null } | null> {
      if (!isUuid(orderId)) return null;
      const last = await lastAttempt(db, orderId);
      return last?.status === 'refused' ? (refusalOf(last.refusalReason, last.refusalReasonCode) ?? { reason: '', code: null }) : null;
    },

    /**
     * Asks the PSP again about attempts whose outcome is still unknown (a lost webhook, with the
     * session result the fan brought back), and retries cancels that failed; with backoff.
     */
    async reconcileDue(): Promise<number> {
      const now = clock.now();
      const due = await db.select().from(payments).where(lte(payments.nextCheckAt, now)).orderBy(asc(payments.nextCheckAt)).limit(RECONCILE_BATCH);
      for (const payment of due) {
        try {
          if (payment.cancelState === 'requested') {
            await requestCancel(settlement, payment.id);
            continue;
          }
          const settled = payment.sessionResult && (payment.status === 'open' || payment.status === 'pending') ? await settleFromSession(payment, payment.sessionResult) : 'unknown';
          if (settled !== 'unknown') continue;
          const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, payment.orderId));
          const delay = order?.status === 'awaiting_payment' ? reconciliationDelayMs(payment.checks + 1) : null;
          await db
            .update(payments)
            .set({ checks: payment.checks + 1, nextCheckAt: delay === null ? null : new Date(now.getTime() + delay), updatedAt: now })
            .where(and(eq(payments.id, payment.id), inArray(payments.status, ['open', 'pending'])));
        } catch (error) {
          logger.warn({ err: error, payment: payment.reference }, 'payments: reconciliation could not reach the PSP; it tries again later');
          const delay = reconciliationDelayMs(payment.checks + 1);
          await db
            .update(payments)
            .set({ checks: payment.checks + 1, nextCheckAt: delay === null ? null : new Date(now.getTime() + delay) })
            .where(eq(payments.id, payment.id));
        }
      }
      return due.length;
    },

    /** The fan's saved cards, as the PSP keeps them. */
    async storedMethods(owner: CartOwner): Promise<StoredPaymentMethod[] | null> {
      const customer = await findOwner(db, owner);
      if (!customer) return null;
      return gateway.storedMethods(customer.id);
    },

    /** Deletes one of the fan's saved cards; not-found for an id that is not in their list. */
    async deleteStoredMethod(owner: CartOwner, id: string): Promise<Result<null, 'not-found' | 'unavailable'>> {
      const customer = await findOwner(db, owner);
      if (!customer || id.length > 64) return failure('not-found');
      try {
        const theirs = await gateway.storedMethods(customer.id);
        if (!theirs.some((method) => method.id === id)) return failure('not-found');
        await gateway.deleteStoredMethod(id, customer.id);
        return success(null);
      } catch (error) {
        logger.error({ err: error }, 'payments: a saved card could not be deleted');
        return failure('unavailable');
      }
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
