// Drop-in's server side (issues 14 and 29; docs/payments.md "With JavaScript: Drop-in"):
// `/payments` with the data Drop-in encrypted, and `/payments/details` after an action (3-D
// Secure, PayPal). As strict as the forms: one PSP payment per attempt key (the same key and body
// replays the first answer, the same key with another body is refused), one payment in flight per
// order (a second press waits for the first one's answer), and every answer recorded in the
// ledger and settled before Drop-in hears of it.
import { createHash } from 'node:crypto';
import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { billingStateOf } from '../../domain/billing';
import type { Language } from '../../domain/catalogue-types';
import { dropInPaymentMethodOf, dropInRiskDataOf, type DropInPaymentMethod } from '../../domain/drop-in-data';
import { answerForLatePress } from '../../domain/drop-in-reply';
import { paymentProcessOf, paymentReturnPath } from '../../domain/payment-attempt';
import { failure, success, type Result } from '../../domain/result';
import type { ShopDb } from '../db/client';
import { orders, payments } from '../db/schema';
import { isRefusedRequest, type PspAddress, type PspPaymentAnswer } from '../payments/gateway';
import { isRequestInProgress } from '../payments/key-in-use';
import type { CartOwner } from './cart-contract';
import { findOwner, isUuid } from './cart-items';
import { lastAttempt, lockPayableOrder, openAttempt, type OrderRow, type PaymentRow } from './payment-attempts';
import { attemptOfAnswer, dropInAnswerOf, settleDropInAnswer, type DropInAnswer } from './drop-in-answers';
import { redirectReturnValue, resolveOnce, type ResolvedReturn } from './payment-returns';
import { recordAttemptEnd, type SettlementDeps } from './payment-settlement';
import type { PaymentReturn } from './payments';

export type { DropInAnswer };

export type DropInPayRequest = {
  orderId: string;
  /** The page's key for this press of pay (a UUID): sent twice, it is the same payment at the PSP. */
  attemptKey: string;
  paymentMethod: unknown;
  storePaymentMethod: boolean;
  browserInfo: Record<string, unknown> | null;
  /** Drop-in's device fingerprint (`state.data.riskData`), passed on for Adyen's risk checks. */
  riskData: unknown;
  /** The shopper's address as the shop determines it (TRUST_PROXY). */
  shopperIP: string | null;
  language: Language;
};

/** Longer than the PSP call's own timeout (30 s): an attempt unanswered for this long was cut off. */
const IN_FLIGHT_MS = 35_000;
const POLL_MS = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An attempt whose call to the PSP is under way: no answer yet, not failed, not cut off. */
function isWaiting(attempt: PaymentRow, now: Date): boolean {
  return attempt.answer === null && attempt.status !== 'error' && now.getTime() - attempt.updatedAt.getTime() <= IN_FLIGHT_MS;
}

/** Whether a new card is to be kept: only a new card (not a stored one, not PayPal) the fan asked to keep. */
function keepsCard(request: Pick<DropInPayRequest, 'storePaymentMethod'>, paymentMethod: DropInPaymentMethod): boolean {
  return request.storePaymentMethod && !paymentMethod.stored && paymentMethod.method === 'scheme';
}

/** What identifies a press's request: the same key must come with the same body. */
function requestHashOf(orderId: string, fields: Record<string, string>, storePaymentMethod: boolean): string {
  return createHash('sha256').update(JSON.stringify({ orderId, fields, storePaymentMethod })).digest('base64url');
}

/** The order's billing address as Adyen takes it (every field present; a house number may be part of the street). */
function billingAddressOf(order: OrderRow): PspAddress | null {
  const address = order.billingAddress;
  if (!address) return null;
  return {
    street: address.street,
    houseNumberOrName: address.number ?? '',
    postalCode: address.postalCode,
    city: address.city,
    stateOrProvince: billingStateOf(address) ?? '',
    country: address.countryCode,
  };
}

export function createDropInPayments(settlement: SettlementDeps, { describeReturn }: { describeReturn: (paymentId: string) => Promise<PaymentReturn> }) {
  const { db, gateway, logger } = settlement;

  /** Waits for the answer another request is getting for an attempt; null if that request failed or was cut off. */
  async function answerFor(attemptId: string): Promise<DropInAnswer | null> {
    for (;;) {
      const [attempt] = await db.select().from(payments).where(eq(payments.id, attemptId));
      if (!attempt) return null;
      if (attempt.answer) return attempt.answer as DropInAnswer;
      if (!isWaiting(attempt, settlement.now())) return null;
      await sleep(POLL_MS);
    }
  }

  /** The order's Drop-in attempt still waiting for the PSP's answer, if any (another press is paying). */
  async function inFlight(tx: ShopDb, orderId: string, now: Date): Promise<PaymentRow | null> {
    const [latest] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.flow, 'advanced'), isNull(payments.answer)))
      .orderBy(desc(payments.attempt))
      .limit(1);
    return latest && isWaiting(latest, now) ? latest : null;
  }

  /** The answer a press made at `pressedAt` gets from the order's latest answered attempt, if any (`answerForLatePress`). */
  async function answerSince(tx: ShopDb, orderId: string, pressedAt: Date): Promise<DropInAnswer | null> {
    const [latest] = await tx
      .select({ answer: payments.answer, updatedAt: payments.updatedAt })
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.flow, 'advanced'), isNotNull(payments.answer)))
      .orderBy(desc(payments.attempt))
      .limit(1);
    return latest?.answer ? answerForLatePress(latest.answer as DropInAnswer, latest.updatedAt, pressedAt) : null;
  }

  type Chosen = { kind: 'pay'; order: OrderRow; attempt: PaymentRow } | { kind: 'wait'; attemptId: string } | { kind: 'replay'; answer: DropInAnswer };

  return {
    /** The methods Drop-in offers this fan (their stored cards included), as the PSP lists them. */
    async methods(owner: CartOwner, request: { amountCents: number; language: Language }): Promise<Result<unknown, 'not-found' | 'unavailable'>> {
      const customer = await findOwner(db, owner);
      if (!customer) return failure('not-found');
      try {
        return success(await gateway.paymentMethods({ shopperReference: customer.id, amountCents: request.amountCents, language: request.language }));
      } catch (error) {
        logger.warn({ err: error }, 'payments: the PSP did not list the payment methods');
        return failure('unavailable');
      }
    },

    /**
     * Pays one of the fan's orders with what Drop-in sent. One PSP payment per `attemptKey`: the
     * same key and body again replays the first answer (waiting for it if it is on its way); the
     * same key with another body is `conflict`. While another press's payment of the order is on
     * its way, this one waits for that answer instead of paying a second time.
     */
    async pay(owner: CartOwner, request: DropInPayRequest): Promise<Result<DropInAnswer, 'not-found' | 'not-payable' | 'invalid' | 'conflict' | 'unavailable'>> {
      const paymentMethod = dropInPaymentMethodOf(request.paymentMethod);
      if (!paymentMethod || !isUuid(request.attemptKey)) return failure('invalid');
      const customer = await findOwner(db, owner);
      if (!customer || !isUuid(request.orderId)) return failure('not-found');
      const storePaymentMethod = keepsCard(request, paymentMethod);
      const requestHash = requestHashOf(request.orderId, paymentMethod.fields, storePaymentMethod);
      const now = settlement.now();
      const chosen = await db.transaction(async (tx): Promise<Result<Chosen, 'not-found' | 'not-payable' | 'conflict'>> => {
        // The order is locked first, so two presses meet here one after the other.
        const locked = await lockPayableOrder(tx, request.orderId, customer.id, now);
        if (!locked.ok && locked.reason === 'not-found') return locked;
        const [again] = await tx.select().from(payments).where(eq(payments.id, request.attemptKey));
        if (again) {
          if (again.orderId !== request.orderId) return failure('not-found');
          if (again.requestHash !== requestHash) return failure('conflict');
          if (again.answer) return success({ kind: 'replay', answer: again.answer as DropInAnswer });
          if (isWaiting(again, now)) return success({ kind: 'wait', attemptId: again.id });
          // Cut off before its answer (a crash, the PSP away): asked again with the same key, the PSP answers as the first time.
          return locked.ok ? success({ kind: 'pay', order: locked.value, attempt: again }) : locked;
        }
        if (!locked.ok) {
          const settled = await answerSince(tx, request.orderId, now);
          return settled ? success({ kind: 'replay', answer: settled }) : locked;
        }
        const running = await inFlight(tx, locked.value.id, now);
        if (running) return success({ kind: 'wait', attemptId: running.id });
        const attempt = await openAttempt(tx, locked.value, await lastAttempt(tx, locked.value.id), { id: request.attemptKey, flow: 'advanced', method: paymentMethod.method, now });
        await tx.update(payments).set({ requestHash }).where(eq(payments.id, attempt.id));
        return success({ kind: 'pay', order: locked.value, attempt });
      });
      if (!chosen.ok) return chosen;
      if (chosen.value.kind === 'replay') return success(chosen.value.answer);
      if (chosen.value.kind === 'wait') {
        const answered = await answerFor(chosen.value.attemptId);
        return answered ? success(answered) : failure('unavailable');
      }
      const { order, attempt } = chosen.value;
      let answer: PspPaymentAnswer;
      try {
        answer = await gateway.pay({
          paymentId: attempt.id,
          reference: attempt.reference,
          amountCents: attempt.amountCents,
          paymentMethod: paymentMethod.fields,
          storePaymentMethod,
          // The attempt rides along: a redirect's return (3-D Secure, PayPal) knows what it is about even if the PSP cannot be asked.
          returnUrl: `${settlement.publicUrl}${paymentReturnPath(paymentProcessOf(paymentMethod.method))}?${new URLSearchParams({ attempt: attempt.id }).toString()}`,
          // The page's origin (3-D Secure 2 needs it): the shop's public one, whatever proxy the request came through.
          origin: new URL(settlement.publicUrl).origin,
          browserInfo: request.browserInfo,
          riskData: dropInRiskDataOf(request.riskData),
          shopperIP: request.shopperIP,
          billingAddress: billingAddressOf(order),
          shopperReference: customer.id,
          shopperEmail: order.buyer.email,
          language: request.language,
        });
      } catch (error) {
        if (isRequestInProgress(error)) {
          // The PSP still works on this key's first request (cut off here, not there): it is being
          // processed, never "the PSP is away" (the fan would pay again). Nothing is kept as the key's
          // answer, so the same key asked again gets the PSP's; meanwhile the webhook tells.
          logger.info({ payment: attempt.reference }, 'payments: the PSP is still processing this attempt’s payment; the fan is told it is being processed');
          return success({ orderId: order.id, outcome: 'pending', action: null, refusal: null });
        }
        if (isRefusedRequest(error)) {
          // Drop-in's data was not what the PSP takes: the page's mistake, nothing charged. Answered as an error, once.
          logger.warn({ payment: attempt.reference, error: (error as Error).message.slice(0, 200) }, 'payments: the PSP refused Drop-in’s payment request');
          const refused: DropInAnswer = { orderId: order.id, outcome: 'error', action: null, refusal: null };
          await recordAttemptEnd(db, attempt.id, 'error', settlement.now());
          await db.update(payments).set({ answer: refused }).where(eq(payments.id, attempt.id));
          return success(refused);
        }
        logger.warn({ err: error, payment: attempt.reference }, 'payments: Drop-in’s payment did not reach the PSP');
        // Not in flight any more: the same key again asks the PSP again (which answers as the first time, if it got it).
        await recordAttemptEnd(db, attempt.id, 'error', settlement.now());
        return failure('unavailable');
      }
      const replied = await settleDropInAnswer(settlement, attempt, answer);
      await db.update(payments).set({ answer: replied, updatedAt: settlement.now() }).where(eq(payments.id, attempt.id));
      return success(replied);
    },

    /**
     * A press for one of the fan's orders that no longer awaits payment (an earlier press, another
     * tab or the webhook paid it): its attempt key still binds the body it was first sent with.
     * The same body gets its first answer again; another body is `conflict`; a key never used
     * here (or whose answer never came) gets null, and the order's state answers instead.
     */
    async answerForUsedKey(owner: CartOwner, request: DropInPayRequest): Promise<Result<DropInAnswer | null, 'not-found' | 'conflict'>> {
      if (!isUuid(request.attemptKey) || !isUuid(request.orderId)) return success(null);
      const customer = await findOwner(db, owner);
      if (!customer) return failure('not-found');
      const [used] = await db
        .select({ orderId: payments.orderId, requestHash: payments.requestHash, answer: payments.answer, customerId: orders.customerId })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .where(eq(payments.id, request.attemptKey));
      if (!used) return success(null);
      if (used.orderId !== request.orderId || used.customerId !== customer.id) return failure('not-found');
      const paymentMethod = dropInPaymentMethodOf(request.paymentMethod);
      if (!paymentMethod || used.requestHash !== requestHashOf(request.orderId, paymentMethod.fields, keepsCard(request, paymentMethod))) return failure('conflict');
      return success((used.answer as DropInAnswer | null) ?? null);
    },

    /**
     * The rest of a payment after its action: Drop-in's `state.data` (`details`, `paymentData`).
     * Asked of the PSP once per details (a resend reads the settled order); only for the fan
     * whose order it is (else not-found), though the PSP's answer is recorded whoever brought it.
     */
    async details(input: { details: unknown; paymentData: unknown }, owner: CartOwner): Promise<Result<DropInAnswer, 'invalid' | 'refused' | 'not-found' | 'unavailable'>> {
      const details = input.details;
      if (details === null || typeof details !== 'object' || Array.isArray(details)) return failure('invalid');
      const entries = Object.entries(details as Record<string, unknown>);
      if (entries.length === 0 || entries.length > 8 || entries.some(([, value]) => typeof value !== 'string' || value.length === 0 || value.length > 8192)) return failure('invalid');
      const paymentData = typeof input.paymentData === 'string' && input.paymentData.length <= 16384 ? input.paymentData : undefined;
      const asked = Object.fromEntries(entries) as Record<string, string>;
      const reply: { now: DropInAnswer | null } = { now: null };
      const resolved = await resolveOnce(
        settlement,
        { kind: 'redirect', value: redirectReturnValue(asked, paymentData ?? null), paymentId: null },
        async () => {
          const answer = await gateway.details({ details: asked, paymentData });
          const attempt = await attemptOfAnswer(db, answer);
          if (attempt) reply.now = await settleDropInAnswer(settlement, attempt, answer);
          return attempt?.id ?? null;
        },
        30_000,
      );
      if (resolved.state === 'refused') return failure('refused');
      if (!resolved.paymentId) return resolved.state === 'waiting' ? failure('unavailable') : failure('not-found');
      const [attempt] = await db.select({ orderId: payments.orderId, customerId: orders.customerId }).from(payments).innerJoin(orders, eq(orders.id, payments.orderId)).where(eq(payments.id, resolved.paymentId));
      if (!attempt || (await findOwner(db, owner))?.id !== attempt.customerId) return failure('not-found');
      if (reply.now) return success(reply.now);
      return success(dropInAnswerOf(await describeReturn(resolved.paymentId), attempt.orderId));
    },

    /**
     * A redirect's return (payments.readRedirectReturn, acceptPostedReturn): its details asked
     * once, then settled. `attemptId` is an attempt of the shop's (the caller checks it).
     */
    resolveRedirect(details: Record<string, string>, attemptId: string | null): Promise<ResolvedReturn> {
      return resolveOnce(settlement, { kind: 'redirect', value: redirectReturnValue(details), paymentId: attemptId }, async () => {
        const answer = await gateway.details({ details });
        const attempt = await attemptOfAnswer(db, answer);
        if (attempt) await settleDropInAnswer(settlement, attempt, answer);
        return attempt?.id ?? null;
      });
    },
  };
}

export type DropInPayments = ReturnType<typeof createDropInPayments>;
