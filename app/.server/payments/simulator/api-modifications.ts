import { and, desc, eq, sum } from 'drizzle-orm';
import { Router } from 'express';
import { pspSimModifications, pspSimPayments } from '../../db/schema';
import { invalid } from './api-errors';
import { DISPUTED_REFUND_REASON, isChargedBack } from './disputes';
import { optionalString, readAmount, readModificationReference, readReference } from './api-requests';
import type { SimulatorContext } from './context';
import type { PaymentRow } from './engine';
import { newPspReference } from './references';
import { REFUND_FAILED_REASON } from './refund-failures';
import { post } from './router';
import { queueWebhook, type EventCode, type Queries } from './webhooks';

/**
 * Cancels, refunds and reversals (CheckoutService-v72 `/payments/{paymentPspReference}/cancels`,
 * `/cancels`, `/payments/{paymentPspReference}/refunds`, `/payments/{paymentPspReference}/reversals`
 * — a cancel while uncaptured, else a full refund, reported as CANCEL_OR_REFUND): answered at once with 201 and status `received`,
 * their outcome sent later as a CANCELLATION, TECHNICAL_CANCEL or REFUND webhook carrying the
 * payment's pspReference as `originalReference`. What decides success is the simulator's
 * reading of Adyen's rules: only an authorised payment can be cancelled or refunded; a cancel
 * fails once the payment is captured (at authorisation, or `captureDelayHours` later: Adyen's
 * immediate auto-capture is a merchant setting, assumed here); refunds may not exceed the amount,
 * and fail on a charged-back payment (disputes.ts) or when support switched the payment's refunds
 * to fail (refund-failures.ts).
 */

type Decision = { success: true } | { success: false; reason: string };

async function paymentByPspReference(tx: Queries, context: SimulatorContext, pspReference: string): Promise<PaymentRow> {
  const [payment] = await tx.select().from(pspSimPayments).where(eq(pspSimPayments.pspReference, pspReference)).limit(1);
  // Adyen's answer for a reference it does not know (code and message as remembered, not checked).
  if (!payment || payment.merchantAccount !== context.config.merchantAccount) throw invalid('167', 'Original pspReference required for this operation');
  return payment;
}

async function earlierModifications(tx: Queries, paymentPspReference: string) {
  return tx
    .select({ kind: pspSimModifications.kind, success: pspSimModifications.success })
    .from(pspSimModifications)
    .where(eq(pspSimModifications.paymentPspReference, paymentPspReference));
}

async function cancelDecision(tx: Queries, payment: PaymentRow, now: Date): Promise<Decision> {
  if (payment.resultCode === 'RedirectShopper' || payment.resultCode === 'Received') return { success: true };
  if (payment.resultCode !== 'Authorised') return { success: false, reason: 'Payment is not authorised' };
  const earlier = await earlierModifications(tx, payment.pspReference);
  if (earlier.some((modification) => modification.success && modification.kind !== 'refund')) return { success: false, reason: 'Payment is already cancelled' };
  if (earlier.some((modification) => modification.success && modification.kind === 'refund')) return { success: false, reason: 'Payment is already refunded' };
  if (payment.capturedAt && payment.capturedAt.getTime() <= now.getTime()) return { success: false, reason: 'Payment is already captured' };
  return { success: true };
}

/** Records the modification, moves a payment that had not finished to Cancelled, and queues the webhook. */
async function recordModification(
  tx: Queries,
  context: SimulatorContext,
  input: {
    kind: 'cancel' | 'technicalCancel' | 'refund';
    reversal?: boolean;
    payment: PaymentRow | null;
    paymentReference: string;
    reference?: string;
    /** The webhook's `merchantReference` when it is not the payment's (a refund's own reference). */
    webhookMerchantReference?: string;
    amount: { value: number; currency: string };
    decision: Decision;
  },
) {
  const now = context.clock.now();
  const pspReference = newPspReference();
  const { payment, decision } = input;
  await tx.insert(pspSimModifications).values({
    pspReference,
    kind: input.kind,
    merchantAccount: context.config.merchantAccount,
    paymentPspReference: payment?.pspReference ?? null,
    paymentReference: input.paymentReference,
    reference: input.reference ?? null,
    amountValue: input.amount.value,
    currency: input.amount.currency,
    success: decision.success,
    reason: decision.success ? null : decision.reason,
    createdAt: now,
  });
  // A challenge or approval still open can no longer be passed: the payment ends here.
  if (payment && decision.success && input.kind !== 'refund' && (payment.resultCode === 'RedirectShopper' || payment.resultCode === 'Received')) {
    await tx.update(pspSimPayments).set({ resultCode: 'Cancelled', refusalReason: 'Cancelled', refusalReasonCode: '15', decidedAt: now }).where(eq(pspSimPayments.pspReference, payment.pspReference));
  }
  const eventCode: EventCode = input.reversal ? 'CANCEL_OR_REFUND' : input.kind === 'refund' ? 'REFUND' : input.kind === 'cancel' ? 'CANCELLATION' : 'TECHNICAL_CANCEL';
  await queueWebhook(
    tx,
    {
      eventCode,
      pspReference,
      originalReference: payment?.pspReference,
      merchantAccountCode: context.config.merchantAccount,
      merchantReference: input.webhookMerchantReference ?? input.paymentReference,
      amount: input.amount,
      success: decision.success,
      reason: decision.success ? '' : decision.reason,
      paymentMethod: payment?.brand,
      eventDate: now,
    },
    { hmacKey: context.config.hmacKey, paymentPspReference: payment?.pspReference ?? null, now },
  );
  return pspReference;
}

export function modificationRoutes(context: SimulatorContext): Router {
  const router = Router();

  router.post(
    '/payments/:paymentPspReference/cancels',
    post(context, async (tx, body, req) => {
      const payment = await paymentByPspReference(tx, context, String(req.params.paymentPspReference));
      const reference = readModificationReference(body);
      const decision = await cancelDecision(tx, payment, context.clock.now());
      const amount = { value: payment.amountValue, currency: payment.currency };
      const pspReference = await recordModification(tx, context, { kind: 'cancel', payment, paymentReference: payment.merchantReference, reference, amount, decision });
      return { status: 201, body: { merchantAccount: context.config.merchantAccount, paymentPspReference: payment.pspReference, pspReference, ...(reference ? { reference } : {}), status: 'received' } };
    }),
  );

  // For when the shop never learnt the payment's pspReference (a timeout): by its own reference.
  router.post(
    '/cancels',
    post(context, async (tx, body) => {
      const paymentReference = readReference(body, 'paymentReference');
      const reference = readModificationReference(body);
      const [payment] = await tx
        .select()
        .from(pspSimPayments)
        .where(and(eq(pspSimPayments.merchantReference, paymentReference), eq(pspSimPayments.merchantAccount, context.config.merchantAccount)))
        .orderBy(desc(pspSimPayments.createdAt))
        .limit(1);
      const decision: Decision = payment ? await cancelDecision(tx, payment, context.clock.now()) : { success: false, reason: 'Payment not found' };
      const amount = payment ? { value: payment.amountValue, currency: payment.currency } : { value: 0, currency: 'EUR' };
      const pspReference = await recordModification(tx, context, { kind: 'technicalCancel', payment: payment ?? null, paymentReference, reference, amount, decision });
      return { status: 201, body: { merchantAccount: context.config.merchantAccount, paymentReference, pspReference, ...(reference ? { reference } : {}), status: 'received' } };
    }),
  );

  // A reversal undoes the whole payment, whatever its capture: the shop need not know it.
  router.post(
    '/payments/:paymentPspReference/reversals',
    post(context, async (tx, body, req) => {
      const payment = await paymentByPspReference(tx, context, String(req.params.paymentPspReference));
      const reference = readModificationReference(body);
      const now = context.clock.now();
      const captured = payment.capturedAt !== null && payment.capturedAt.getTime() <= now.getTime();
      const earlier = await earlierModifications(tx, payment.pspReference);
      let decision: Decision = { success: true };
      if (payment.resultCode !== 'Authorised') decision = { success: false, reason: 'Payment is not authorised' };
      else if (earlier.some((modification) => modification.success)) decision = { success: false, reason: 'Payment is already cancelled or refunded' };
      else if (captured && (await isChargedBack(tx, payment.pspReference))) decision = { success: false, reason: DISPUTED_REFUND_REASON };
      const amount = { value: payment.amountValue, currency: payment.currency };
      const kind = captured ? 'refund' : 'cancel';
      const pspReference = await recordModification(tx, context, { kind, reversal: true, payment, paymentReference: payment.merchantReference, reference, amount, decision });
      return { status: 201, body: { merchantAccount: context.config.merchantAccount, paymentPspReference: payment.pspReference, pspReference, ...(reference ? { reference } : {}), status: 'received' } };
    }),
  );

  router.post(
    '/payments/:paymentPspReference/refunds',
    post(context, async (tx, body, req) => {
      const payment = await paymentByPspReference(tx, context, String(req.params.paymentPspReference));
      const amount = readAmount(body);
      const reference = readModificationReference(body);
      optionalString(body, 'merchantRefundReason', { max: 20 });
      const [refunded] = await tx
        .select({ total: sum(pspSimModifications.amountValue) })
        .from(pspSimModifications)
        .where(and(eq(pspSimModifications.paymentPspReference, payment.pspReference), eq(pspSimModifications.kind, 'refund'), eq(pspSimModifications.success, true)));
      const earlier = await earlierModifications(tx, payment.pspReference);
      let decision: Decision = { success: true };
      if (payment.resultCode !== 'Authorised') decision = { success: false, reason: 'Payment is not authorised' };
      else if (earlier.some((modification) => modification.success && modification.kind !== 'refund')) decision = { success: false, reason: 'Payment is cancelled' };
      else if (Number(refunded?.total ?? 0) + amount.value > payment.amountValue) decision = { success: false, reason: 'Refund exceeds the payment amount' };
      else if (await isChargedBack(tx, payment.pspReference)) decision = { success: false, reason: DISPUTED_REFUND_REASON };
      // Received all the same, as Adyen receives it: the failure comes with the webhook.
      else if (payment.refundsFail) decision = { success: false, reason: REFUND_FAILED_REASON };
      // A refund's own `reference` comes back as its webhooks' merchantReference (docs/payments.md says where from).
      const pspReference = await recordModification(tx, context, { kind: 'refund', payment, paymentReference: payment.merchantReference, reference, webhookMerchantReference: reference || undefined, amount, decision });
      return {
        status: 201,
        body: { amount, merchantAccount: context.config.merchantAccount, paymentPspReference: payment.pspReference, pspReference, ...(reference ? { reference } : {}), status: 'received' },
      };
    }),
  );

  return router;
}
