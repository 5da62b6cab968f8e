// What an attempt's outcome does to its order (issue 14; docs/payments.md "Whose truth"). The
// return page, the webhook and reconciliation all come here, in any order and any number of
// times: each step is a guarded UPDATE inside one transaction that locks the attempt and then
// its order, so only the first arrival acts and the others find it done.
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { reconciliationDelayMs, type refusalOf } from '../../domain/payment-attempt';
import { effectOfPaymentEvent, type OrderPayer } from '../../domain/payment-outcome';
import type { ShopDb } from '../db/client';
import { mailOutbox, orders, payments } from '../db/schema';
import type { Logger } from '../logger';
import { composePaymentCancelledMail } from '../mail/payment-cancelled';
import type { PaymentGateway } from '../payments/gateway';
import { payAndFulfil } from './order-fulfilment';
import type { ReloadDocsLinks } from './reload-docs-link';

export type SettlementDeps = { db: ShopDb; gateway: PaymentGateway; logger: Logger; publicUrl: string; reloadDocs: ReloadDocsLinks; now: () => Date };

type PaymentRow = typeof payments.$inferSelect;

/** Which attempt paid the order, as the attempts' rows say: the one authorised and not being cancelled. */
async function payerOf(tx: ShopDb, payment: PaymentRow): Promise<OrderPayer> {
  if (payment.status === 'authorised' && payment.cancelState === null) return 'this-attempt';
  const [other] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, payment.orderId), ne(payments.id, payment.id), eq(payments.status, 'authorised'), isNull(payments.cancelState)))
    .limit(1);
  return other ? 'another-attempt' : 'none';
}

export type AuthorisationOutcome = 'paid' | 'replay' | 'cancelling';

/**
 * The PSP authorised an attempt. Its order, if it waits, is paid and fulfilled in the same
 * transaction; an order that expired, was cancelled or was paid by another attempt keeps no
 * money: the authorisation is cancelled at the PSP and the fan told by mail.
 */
export async function recordAuthorisation(deps: SettlementDeps, paymentId: string, pspReference: string | null): Promise<AuthorisationOutcome> {
  const now = deps.now();
  const outcome = await deps.db.transaction(async (tx): Promise<AuthorisationOutcome> => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!payment) throw new Error(`payments: no attempt ${paymentId}`);
    const [order] = await tx.select().from(orders).where(eq(orders.id, payment.orderId)).for('update');
    if (!order) throw new Error(`payments: attempt ${paymentId} has no order`);
    const effect = effectOfPaymentEvent({ eventCode: 'AUTHORISATION', success: true }, { status: order.status, paidBy: await payerOf(tx, payment) });
    const known = { pspReference: payment.pspReference ?? pspReference, updatedAt: now };
    if (effect === 'pay-order') {
      await tx.update(payments).set({ ...known, status: 'authorised', nextCheckAt: null, refusalReason: null, refusalReasonCode: null }).where(eq(payments.id, paymentId));
      await payAndFulfil(tx, order.id, { now, publicUrl: deps.publicUrl, reloadDocs: deps.reloadDocs });
      return 'paid';
    }
    if (effect !== 'cancel-authorisation' || payment.cancelState !== null) {
      if (pspReference && !payment.pspReference) await tx.update(payments).set(known).where(eq(payments.id, paymentId));
      return 'replay';
    }
    // Due for the job at once: if this process dies before the reversal reaches the PSP, the job
    // sends it (with the same Idempotency-Key, so sent twice it is still one reversal).
    await tx.update(payments).set({ ...known, status: 'authorised', cancelState: 'requested', nextCheckAt: now }).where(eq(payments.id, paymentId));
    const mail = composePaymentCancelledMail({ order, publicUrl: deps.publicUrl });
    await tx
      .insert(mailOutbox)
      .values({ dedupeKey: `payment-cancelled:${paymentId}`, kind: 'payment-cancelled', toAddress: order.buyer.email, language: order.language, subject: mail.subject, textBody: mail.text })
      .onConflictDoNothing({ target: mailOutbox.dedupeKey });
    return 'cancelling';
  });
  if (outcome === 'cancelling') await requestCancel(deps, paymentId);
  return outcome;
}

/**
 * Asks the PSP to cancel an authorisation the shop does not keep. A failure is retried by
 * reconciliation (the attempt is due again in a minute); the webhook confirms the cancel.
 */
export async function requestCancel(deps: SettlementDeps, paymentId: string): Promise<boolean> {
  const [payment] = await deps.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment || payment.cancelState !== 'requested') return false;
  try {
    await deps.gateway.cancel({ pspReference: payment.pspReference, reference: payment.reference, idempotencyKey: `cancel-${payment.id}` });
    deps.logger.warn({ payment: payment.reference, pspReference: payment.pspReference }, 'payments: a late authorisation was cancelled');
    await deps.db.update(payments).set({ nextCheckAt: null, updatedAt: deps.now() }).where(eq(payments.id, paymentId));
    return true;
  } catch (error) {
    deps.logger.error({ err: error, payment: payment.reference }, 'payments: cancelling a late authorisation failed; reconciliation retries');
    await deps.db
      .update(payments)
      .set({ nextCheckAt: new Date(deps.now().getTime() + (reconciliationDelayMs(0) ?? 60_000)), updatedAt: deps.now() })
      .where(eq(payments.id, paymentId));
    return false;
  }
}

/** The attempt was refused (or ended without paying): the order keeps waiting, and the fan may try again. */
export async function recordUnpaid(
  deps: SettlementDeps,
  paymentId: string,
  status: 'refused' | 'cancelled' | 'expired' | 'error' | 'pending',
  refusal: ReturnType<typeof refusalOf> = null,
): Promise<void> {
  // An authorised attempt stays authorised; a pending one may still become refused.
  const from = status === 'pending' ? (['open'] as const) : (['open', 'pending'] as const);
  await deps.db
    .update(payments)
    .set({
      status,
      updatedAt: deps.now(),
      ...(refusal ? { refusalReason: refusal.reason, refusalReasonCode: refusal.code } : {}),
      ...(status === 'pending' ? {} : { nextCheckAt: null }),
    })
    .where(and(eq(payments.id, paymentId), inArray(payments.status, [...from])));
  // A refusal's reason may come (by webhook) after the return page already marked it refused.
  if (refusal && status === 'refused') {
    await deps.db
      .update(payments)
      .set({ refusalReason: refusal.reason, refusalReasonCode: refusal.code })
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'refused'), isNull(payments.refusalReason)));
  }
}

/** A cancel or refund the PSP confirmed (or refused: support staff must look). */
export async function recordReversal(deps: SettlementDeps, paymentId: string, succeeded: boolean): Promise<void> {
  if (!succeeded) {
    deps.logger.error({ paymentId }, 'payments: the PSP refused to cancel an authorisation; support staff must act');
    await deps.db.update(payments).set({ cancelState: 'failed', updatedAt: deps.now() }).where(eq(payments.id, paymentId));
    return;
  }
  await deps.db
    .update(payments)
    .set({ status: 'cancelled', cancelState: 'cancelled', nextCheckAt: null, updatedAt: deps.now() })
    .where(eq(payments.id, paymentId));
}
