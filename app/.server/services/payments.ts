// The payments use cases (issues 14 and 29; docs/payments.md): start an attempt on the PSP's
// hosted page, read the fan's return, settle webhooks, reconcile what is still unknown, and the
// fan's saved cards. Every call that names an order checks its owner. What the PSP says goes to
// the ledger and the order is settled from it (payment-settlement.ts).
import { and, asc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { Language } from '../../domain/catalogue-types';
import { isLookupKey } from '../../domain/plain-text';
import { paymentProcessOf, paymentReturnPath, reconciliationDelayMs, refusalOf, type PaymentMethod } from '../../domain/payment-attempt';
import { outcomeOfSessionStatus } from '../../domain/payment-outcome';
import { failure, success, type Result } from '../../domain/result';
import { orders, paymentReturns, paymentReversals, payments } from '../db/schema';
import { hostedPageOrigins } from '../payments/config';
import type { PaymentGateway, StoredPaymentMethod } from '../payments/gateway';
import { isRequestInProgress } from '../payments/key-in-use';
import type { ServiceDeps } from '.';
import type { CartOwner } from './cart-contract';
import { findOwner, isUuid } from './cart-items';
import { lastAttempt, lockPayableOrder, openAttempt, type PaymentRow } from './payment-attempts';
import { createPaymentEvents } from './payment-events';
import { recordEntry } from './payment-ledger';
import { postedReturnDetails, redirectReturnValue, resolveOnce, returnKey } from './payment-returns';
import { recordAttemptEnd, settleOrder, settlementDepsOf } from './payment-settlement';
import { createDropInPayments } from './payments-advanced';
import type { ReloadDocsLinks } from './reload-docs-link';

/** A click again within this time reuses the attempt (same Idempotency-Key: the PSP answers the same session). */
const REUSE_ATTEMPT_MS = 5 * 60_000;
/** A result longer than this is no PSP's: never stored or sent on (the page answers 400). */
export const MAX_RESULT_LENGTH = 4096;
const RECONCILE_BATCH = 50;

/** `in-progress`: the PSP is still opening this attempt's session for an earlier click (its answer is to come: the next click gets it). */
export type StartPaymentResult = Result<{ url: string }, 'not-found' | 'not-payable' | 'unavailable' | 'in-progress'>;

/** What the fan's return from the PSP found (the return page words it). */
export type PaymentReturn =
  | { kind: 'unknown' }
  /** A posted return still being asked of the PSP, whose attempt is not known yet: nobody's, so far. */
  | { kind: 'checking' }
  /** A result that is no PSP's (forged, spent, too long): the page answers 400. */
  | { kind: 'invalid' }
  | {
      /** `paid-twice`: the order was paid by another payment, and this one is being given back. */
      kind: 'paid' | 'paid-twice' | 'waiting' | 'too-late' | 'not-completed' | 'refused';
      orderId: string;
      customerId: string;
      refusal: { reason: string; code: string | null } | null;
    };

export function createPaymentsService(
  { db, clock, config, logger }: Pick<ServiceDeps, 'db' | 'clock' | 'config' | 'logger'>,
  { gateway, reloadDocs }: { gateway: PaymentGateway; reloadDocs: ReloadDocsLinks },
) {
  const settlement = settlementDepsOf({ db, clock, config, logger }, { gateway, reloadDocs });
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

  /**
   * Asks the PSP for a hosted session's result and records it: each payment it authorised goes to
   * the ledger (with its PSP reference and amount), an ending without money to the attempt; then
   * the order is settled.
   */
  async function recordSessionResult(attempt: PaymentRow, sessionResult: string): Promise<string> {
    if (!attempt.sessionId) return attempt.id;
    const result = await gateway.sessionResult(attempt.sessionId, sessionResult);
    const now = clock.now();
    for (const paid of result.authorised) {
      await recordEntry(
        db,
        {
          source: 'api',
          eventCode: 'AUTHORISATION',
          success: true,
          pspReference: paid.pspReference,
          originalReference: null,
          merchantReference: attempt.reference,
          amount: paid.amount,
          merchantAccount: null,
          reason: null,
          reasonCode: null,
          item: { sessionId: attempt.sessionId, status: result.status, pspReference: paid.pspReference, amount: paid.amount },
          orderId: attempt.orderId,
        },
        now,
      );
    }
    const outcome = outcomeOfSessionStatus(result.status);
    if (outcome === 'refused' || outcome === 'cancelled' || outcome === 'expired') await recordAttemptEnd(db, attempt.id, outcome, now);
    // Completed without a payment listed, or pending: the webhook will say which payment.
    else if (outcome === 'pending' || (outcome === 'authorised' && result.authorised.length === 0)) await recordAttemptEnd(db, attempt.id, 'pending', now);
    await settleOrder(settlement, attempt.orderId);
    return attempt.id;
  }

  /** What the return page says about an attempt, from the settled order. */
  async function describeReturn(paymentId: string): Promise<PaymentReturn> {
    const [attempt] = await db.select().from(payments).where(eq(payments.id, paymentId));
    const [order] = attempt ? await db.select().from(orders).where(eq(orders.id, attempt.orderId)) : [];
    if (!attempt || !order) return { kind: 'unknown' };
    const about = { orderId: order.id, customerId: order.customerId, refusal: null };
    const givenBack = await db.select({ reason: paymentReversals.reason }).from(paymentReversals).where(eq(paymentReversals.merchantReference, attempt.reference));
    if (order.status === 'paid' || order.status === 'fulfilled') {
      const ownPaid = attempt.pspReference !== null && attempt.pspReference === order.paidByPspReference;
      return { ...about, kind: !ownPaid && givenBack.some((reversal) => reversal.reason === 'duplicate') ? 'paid-twice' : 'paid' };
    }
    if (givenBack.some((reversal) => reversal.reason === 'order-closed')) return { ...about, kind: 'too-late' };
    if (givenBack.length > 0) return { ...about, kind: 'not-completed' };
    if (attempt.status === 'refused') return { ...about, kind: 'refused', refusal: refusalOf(attempt.refusalReason, attempt.refusalReasonCode) };
    if ((attempt.status === 'open' || attempt.status === 'pending' || attempt.status === 'authorised') && order.status === 'awaiting_payment') return { ...about, kind: 'waiting' };
    return { ...about, kind: 'not-completed' };
  }

  const dropIn = createDropInPayments(settlement, { describeReturn });

  /** The shop's attempt a return URL names, if it is one (the URL is the fan's to change). */
  async function knownAttempt(attemptId: string | null): Promise<string | null> {
    if (!attemptId || !isUuid(attemptId)) return null;
    const [attempt] = await db.select({ id: payments.id }).from(payments).where(eq(payments.id, attemptId));
    return attempt?.id ?? null;
  }

  return {
    events,
    /** Drop-in's advanced flow (payments-advanced.ts). */
    dropIn,

    /** Settles one order from its ledger (what every path does after recording; for tests and support tools). */
    settle: (orderId: string) => settleOrder(settlement, orderId),

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
        if (isRequestInProgress(error)) {
          logger.info({ payment: payment.reference }, 'payments: the PSP is still opening this attempt’s session for an earlier click');
          return failure('in-progress');
        }
        logger.warn({ err: error, payment: payment.reference }, 'payments: the PSP did not open a session');
        return failure('unavailable');
      }
    },

    /**
     * The fan is back from the hosted page. Public (spec): the session id and result are the
     * PSP's word, so whoever brings them moves the order on; the page shows the order only to its
     * owner. The result is asked of the PSP once (payment-returns.ts).
     */
    async readReturn(input: { sessionId: string; sessionResult: string | null }): Promise<PaymentReturn> {
      if (input.sessionId.length > 128 || !isLookupKey(input.sessionId)) return { kind: 'unknown' };
      if (input.sessionResult !== null && (input.sessionResult.length > MAX_RESULT_LENGTH || !isLookupKey(input.sessionResult))) return { kind: 'invalid' };
      const [attempt] = await db.select().from(payments).where(eq(payments.sessionId, input.sessionId)).limit(1);
      if (!attempt) return { kind: 'unknown' };
      const { sessionResult } = input;
      if (sessionResult) {
        // Kept for reconciliation, which may ask again if this look cannot.
        if (attempt.sessionResult !== sessionResult) await db.update(payments).set({ sessionResult }).where(eq(payments.id, attempt.id));
        const resolved = await resolveOnce(settlement, { kind: 'session', value: `${input.sessionId}\u0000${sessionResult}`, paymentId: attempt.id }, () =>
          recordSessionResult(attempt, sessionResult),
        );
        if (resolved.state === 'refused') return { kind: 'invalid' };
      }
      return describeReturn(attempt.id);
    },

    /**
     * Back from a redirect of Drop-in's flow (3-D Secure, PayPal) with `redirectResult`, and the
     * attempt the shop put in the return URL: its details are asked of the PSP once, and the
     * order is settled. A result the PSP refuses is `invalid` (forged or spent).
     */
    async readRedirectReturn(input: { redirectResult: string; attemptId: string | null }): Promise<PaymentReturn> {
      if (input.redirectResult.length === 0 || input.redirectResult.length > MAX_RESULT_LENGTH) return { kind: 'invalid' };
      const resolved = await dropIn.resolveRedirect({ redirectResult: input.redirectResult }, await knownAttempt(input.attemptId));
      if (resolved.state === 'refused') return { kind: 'invalid' };
      return resolved.paymentId ? describeReturn(resolved.paymentId) : { kind: 'unknown' };
    },

    /**
     * A redirect's return the PSP posted (3-D Secure: Adyen returns it with the redirect's own
     * method, from another site, so without the fan's session). No fan acts here: its details
     * are asked of the PSP once, as a GET's are, and the PSP's word moves the order on. The
     * `handle` names the return for the page that shows its owner the outcome; it names no
     * order and no fan. `invalid`: nothing of the PSP's in the body.
     */
    async acceptPostedReturn(input: { body: Readonly<Record<string, unknown>>; attemptId: string | null }): Promise<{ kind: 'accepted'; handle: string } | { kind: 'invalid' }> {
      const details = postedReturnDetails(input.body);
      if (!details) return { kind: 'invalid' };
      await dropIn.resolveRedirect(details, await knownAttempt(input.attemptId));
      return { kind: 'accepted', handle: returnKey('redirect', redirectReturnValue(details)) };
    },

    /** What became of a posted return, by its handle (acceptPostedReturn): read, never asked of the PSP again. */
    async readPostedReturn(handle: string): Promise<PaymentReturn> {
      if (handle.length > 64 || !isLookupKey(handle)) return { kind: 'unknown' };
      const [found] = await db.select().from(paymentReturns).where(and(eq(paymentReturns.key, handle), eq(paymentReturns.kind, 'redirect')));
      if (!found) return { kind: 'unknown' };
      if (found.state === 'refused') return { kind: 'invalid' };
      if (found.paymentId) return describeReturn(found.paymentId);
      return found.state === 'resolving' ? { kind: 'checking' } : { kind: 'unknown' };
    },

    /** The last refused attempt of an order waiting for payment (the pay page says why it failed). */
    async lastRefusal(orderId: string): Promise<{ reason: string; code: string | null } | null> {
      if (!isUuid(orderId)) return null;
      const last = await lastAttempt(db, orderId);
      return last?.status === 'refused' ? (refusalOf(last.refusalReason, last.refusalReasonCode) ?? { reason: '', code: null }) : null;
    },

    /**
     * Asks the PSP again about attempts whose outcome is still unknown (a lost webhook, with the
     * session result the fan brought back, if the return could not ask), with backoff.
     */
    async reconcileDue(): Promise<number> {
      const now = clock.now();
      const due = await db
        .select()
        .from(payments)
        .where(and(lte(payments.nextCheckAt, now), inArray(payments.status, ['open', 'pending'])))
        .orderBy(asc(payments.nextCheckAt))
        .limit(RECONCILE_BATCH);
      for (const attempt of due) {
        try {
          const sessionResult = attempt.sessionResult;
          if (sessionResult && attempt.sessionId) {
            await resolveOnce(settlement, { kind: 'session', value: `${attempt.sessionId}\u0000${sessionResult}`, paymentId: attempt.id }, () => recordSessionResult(attempt, sessionResult), 30_000);
          }
        } catch (error) {
          logger.warn({ err: error, payment: attempt.reference }, 'payments: reconciliation could not reach the PSP; it tries again later');
        }
        const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, attempt.orderId));
        const delay = order?.status === 'awaiting_payment' ? reconciliationDelayMs(attempt.checks + 1) : null;
        await db
          .update(payments)
          .set({ checks: attempt.checks + 1, nextCheckAt: delay === null ? null : new Date(now.getTime() + delay) })
          .where(and(eq(payments.id, attempt.id), inArray(payments.status, ['open', 'pending']), isNotNull(payments.nextCheckAt)));
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
        logger.warn({ err: error }, 'payments: a saved card could not be deleted');
        return failure('unavailable');
      }
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
