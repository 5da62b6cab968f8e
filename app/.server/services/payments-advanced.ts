// Drop-in's server side (issue 14; docs/payments.md "With JavaScript: Drop-in"): `/payments` with
// the data Drop-in encrypted, and `/payments/details` after an action (3-D Secure, PayPal). The
// answer is settled like any other (payment-settlement.ts) before Drop-in hears of it.
import { eq, or } from 'drizzle-orm';
import type { Language } from '../../domain/catalogue-types';
import { dropInPaymentMethodOf } from '../../domain/drop-in-data';
import type { DropInOutcome } from '../../domain/drop-in-reply';
import { paymentProcessOf, paymentReturnPath, refusalOf } from '../../domain/payment-attempt';
import { outcomeOfResultCode } from '../../domain/payment-outcome';
import { failure, success, type Result } from '../../domain/result';
import { orders, payments } from '../db/schema';
import type { PspPaymentAnswer } from '../payments/gateway';
import type { CartOwner } from './cart-contract';
import { findOwner, isUuid } from './cart-items';
import { lastAttempt, lockPayableOrder, openAttempt } from './payment-attempts';
import { recordAuthorisation, recordUnpaid, type SettlementDeps } from './payment-settlement';

/** What the page's Drop-in is told (spec §3 "Payment response"): paid, refused with reason and code, or what to do next. */
export type DropInAnswer = DropInOutcome;

export type DropInPayRequest = {
  orderId: string;
  /** The page's key for this attempt (a UUID): sent twice, it is the same payment at the PSP. */
  attemptKey: string;
  paymentMethod: unknown;
  storePaymentMethod: boolean;
  browserInfo: Record<string, unknown> | null;
  language: Language;
};

export function createDropInPayments(settlement: SettlementDeps) {
  const { db, gateway, logger } = settlement;

  /** Settles what the PSP answered for an attempt and words it for Drop-in. */
  async function settle(paymentId: string, orderId: string, answer: PspPaymentAnswer): Promise<DropInAnswer> {
    const none = { orderId, action: null, refusal: null };
    if (answer.pspReference) await db.update(payments).set({ pspReference: answer.pspReference }).where(eq(payments.id, paymentId));
    switch (outcomeOfResultCode(answer.resultCode)) {
      case 'authorised':
        return { ...none, outcome: (await recordAuthorisation(settlement, paymentId, answer.pspReference)) === 'cancelling' ? 'too-late' : 'authorised' };
      case 'refused':
      case 'cancelled': {
        const refusal = refusalOf(answer.refusalReason, answer.refusalReasonCode);
        await recordUnpaid(settlement, paymentId, 'refused', refusal);
        return { ...none, outcome: 'refused', refusal };
      }
      case 'action':
        await recordUnpaid(settlement, paymentId, 'pending');
        return { ...none, outcome: answer.action ? 'action' : 'pending', action: answer.action };
      case 'error':
        await recordUnpaid(settlement, paymentId, 'error');
        return { ...none, outcome: 'error' };
      default:
        // Pending or unknown: the webhook will tell; the page shows the return page's wait.
        await recordUnpaid(settlement, paymentId, 'pending');
        return { ...none, outcome: answer.action ? 'action' : 'pending', action: answer.action };
    }
  }

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

    /** Pays one of the fan's orders with what Drop-in sent; one PSP payment per `attemptKey`, however often it comes. */
    async pay(owner: CartOwner, request: DropInPayRequest): Promise<Result<DropInAnswer, 'not-found' | 'not-payable' | 'invalid' | 'unavailable'>> {
      const paymentMethod = dropInPaymentMethodOf(request.paymentMethod);
      if (!paymentMethod || !isUuid(request.attemptKey)) return failure('invalid');
      const customer = await findOwner(db, owner);
      if (!customer || !isUuid(request.orderId)) return failure('not-found');
      const now = settlement.now();
      const chosen = await db.transaction(async (tx) => {
        // The order is locked first, so two sends of one attempt meet here one after the other.
        const locked = await lockPayableOrder(tx, request.orderId, customer.id, now);
        if (!locked.ok && locked.reason === 'not-found') return locked;
        const [again] = await tx.select().from(payments).where(eq(payments.id, request.attemptKey));
        if (again) {
          // The same attempt sent again: answered again by the PSP (same key), never a second payment.
          if (again.orderId !== request.orderId) return failure('not-found');
          const [order] = await tx.select().from(orders).where(eq(orders.id, again.orderId));
          return success({ order: order!, payment: again });
        }
        if (!locked.ok) return locked;
        const payment = await openAttempt(tx, locked.value, await lastAttempt(tx, locked.value.id), { id: request.attemptKey, flow: 'advanced', method: paymentMethod.method, now });
        return success({ order: locked.value, payment });
      });
      if (!chosen.ok) return chosen;
      const { order, payment } = chosen.value;
      try {
        const answer = await gateway.pay({
          paymentId: payment.id,
          reference: payment.reference,
          amountCents: payment.amountCents,
          paymentMethod: paymentMethod.fields,
          storePaymentMethod: request.storePaymentMethod && !paymentMethod.stored && paymentMethod.method === 'scheme',
          returnUrl: `${settlement.publicUrl}${paymentReturnPath(paymentProcessOf(paymentMethod.method))}`,
          // The page's origin (3-D Secure 2 needs it): the shop's public one, whatever proxy the request came through.
          origin: new URL(settlement.publicUrl).origin,
          browserInfo: request.browserInfo,
          shopperReference: customer.id,
          shopperEmail: order.buyer.email,
          language: request.language,
        });
        return success(await settle(payment.id, order.id, answer));
      } catch (error) {
        logger.error({ err: error, payment: payment.reference }, 'payments: Drop-in’s payment did not reach the PSP');
        return failure('unavailable');
      }
    },

    /** The rest of a payment after its action: Drop-in's `state.data` (`details`, `paymentData`), or a redirect's `redirectResult`. */
    /**
     * With `owner` (the page's Drop-in, signed in) the answer is only for the fan whose order it
     * is; without it (the public return page) the PSP's answer alone says whose it is.
     */
    async details(input: { details: unknown; paymentData: unknown }, owner?: CartOwner): Promise<Result<DropInAnswer, 'invalid' | 'not-found' | 'unavailable'>> {
      const details = input.details;
      if (details === null || typeof details !== 'object' || Array.isArray(details)) return failure('invalid');
      const entries = Object.entries(details as Record<string, unknown>);
      if (entries.length === 0 || entries.length > 8 || entries.some(([, value]) => typeof value !== 'string' || value.length > 8192)) return failure('invalid');
      const paymentData = typeof input.paymentData === 'string' && input.paymentData.length <= 16384 ? input.paymentData : undefined;
      let answer: PspPaymentAnswer;
      try {
        answer = await gateway.details({ details: Object.fromEntries(entries) as Record<string, string>, paymentData });
      } catch (error) {
        logger.warn({ err: error }, 'payments: the PSP refused or missed a payment’s details');
        return failure('unavailable');
      }
      if (!answer.merchantReference && !answer.pspReference) return failure('not-found');
      const [payment] = await db
        .select({ id: payments.id, orderId: payments.orderId, customerId: orders.customerId })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .where(
          or(
            answer.merchantReference ? eq(payments.reference, answer.merchantReference) : undefined,
            answer.pspReference ? eq(payments.pspReference, answer.pspReference) : undefined,
          ),
        )
        .limit(1);
      if (!payment) return failure('not-found');
      // The PSP's answer is the truth whoever brought it (the webhook would bring the same), so it
      // is settled; only the fan whose order it is hears about it.
      const settled = await settle(payment.id, payment.orderId, answer);
      if (owner && (await findOwner(db, owner))?.id !== payment.customerId) return failure('not-found');
      return success(settled);
    },
  };
}

export type DropInPayments = ReturnType<typeof createDropInPayments>;
