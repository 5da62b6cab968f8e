// What Drop-in hears (issues 14 and 29): a PSP answer of `/payments` or `/payments/details`
// recorded in the ledger and settled, then worded for the page; and a settled return worded the
// same way for a details call sent again.
import { eq } from 'drizzle-orm';
import type { DropInOutcome } from '../../domain/drop-in-reply';
import { refusalOf } from '../../domain/payment-attempt';
import { outcomeOfResultCode } from '../../domain/payment-outcome';
import type { ShopDb } from '../db/client';
import { payments } from '../db/schema';
import type { PspPaymentAnswer } from '../payments/gateway';
import type { PaymentRow } from './payment-attempts';
import { recordEntry } from './payment-ledger';
import { recordAttemptEnd, settleOrder, type SettlementDeps } from './payment-settlement';
import type { PaymentReturn } from './payments';

/** What the page's Drop-in is told (spec §3 "Payment response"): paid, refused with reason and code, or what to do next. */
export type DropInAnswer = DropInOutcome;

/** Records what `/payments` or `/payments/details` answered for an attempt, settles, and words it for Drop-in. */
export async function settleDropInAnswer(settlement: SettlementDeps, attempt: PaymentRow, answer: PspPaymentAnswer): Promise<DropInAnswer> {
  const { db } = settlement;
  const none = { orderId: attempt.orderId, action: null, refusal: null };
  const outcome = outcomeOfResultCode(answer.resultCode);
  const now = settlement.now();
  const refusal = refusalOf(answer.refusalReason, answer.refusalReasonCode);
  if ((outcome === 'authorised' || outcome === 'refused' || outcome === 'cancelled') && answer.pspReference) {
    const authorised = outcome === 'authorised';
    await recordEntry(
      db,
      {
        source: 'api',
        eventCode: 'AUTHORISATION',
        success: authorised,
        pspReference: answer.pspReference,
        originalReference: null,
        merchantReference: attempt.reference,
        amount: answer.amount,
        merchantAccount: null,
        reason: authorised ? null : (refusal?.reason ?? outcome),
        reasonCode: authorised ? null : (refusal?.code ?? null),
        item: { resultCode: answer.resultCode, pspReference: answer.pspReference, merchantReference: answer.merchantReference, amount: answer.amount },
        orderId: attempt.orderId,
      },
      now,
    );
  } else if (outcome === 'error') {
    await recordAttemptEnd(db, attempt.id, 'error', now);
  } else if (outcome !== 'authorised') {
    await recordAttemptEnd(db, attempt.id, 'pending', now);
  }
  const settled = await settleOrder(settlement, attempt.orderId);
  switch (outcome) {
    case 'authorised': {
      const reason = answer.pspReference ? settled?.reversals.get(answer.pspReference) : undefined;
      // Given back as a duplicate, the order is still paid (by the other payment): to the fan it is paid.
      if (reason === 'order-closed') return { ...none, outcome: 'too-late' };
      if (reason === 'mismatch') return { ...none, outcome: 'error' };
      return { ...none, outcome: answer.pspReference ? 'authorised' : 'pending' };
    }
    case 'refused':
    case 'cancelled':
      return { ...none, outcome: 'refused', refusal };
    case 'error':
      return { ...none, outcome: 'error' };
    default:
      // An action to mount (3-D Secure, PayPal), or pending: the webhook will tell.
      return { ...none, outcome: answer.action ? 'action' : 'pending', action: answer.action };
  }
}

/** The attempt a PSP answer is about: by our reference, else by its PSP reference. */
export async function attemptOfAnswer(db: ShopDb, answer: PspPaymentAnswer): Promise<PaymentRow | null> {
  if (answer.merchantReference) {
    const [byReference] = await db.select().from(payments).where(eq(payments.reference, answer.merchantReference)).limit(1);
    if (byReference) return byReference;
  }
  if (!answer.pspReference) return null;
  const [byPsp] = await db.select().from(payments).where(eq(payments.pspReference, answer.pspReference)).limit(1);
  return byPsp ?? null;
}

/** A settled return, worded for Drop-in (a resent details call). */
export function dropInAnswerOf(found: PaymentReturn, orderId: string): DropInAnswer {
  const none = { orderId, action: null, refusal: null };
  switch (found.kind) {
    case 'paid':
    case 'paid-twice':
      return { ...none, outcome: 'authorised' };
    case 'refused':
      return { ...none, outcome: 'refused', refusal: found.refusal };
    case 'too-late':
      return { ...none, outcome: 'too-late' };
    case 'not-completed':
      return { ...none, outcome: 'error' };
    default:
      return { ...none, outcome: 'pending' };
  }
}
