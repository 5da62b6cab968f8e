import type { pspSimModifications } from '../../db/schema';
import type { PaymentRow } from './engine';
import type { WebhookEvent } from './webhooks';

/**
 * Refunds that fail, on demand (issue 31: a withdrawal's refund must be seen failing offline).
 * Support switches a payment's refunds to fail on its page: each refund is still received (201
 * `received`, as Adyen receives one it cannot carry out) and its REFUND webhook says `success:
 * "false"` with this reason. A refund that went through can fail later at the card scheme:
 * support sends its REFUND_FAILED from the same page. Wire facts from Adyen's Webhooks-v1 spec
 * (github.com/Adyen/adyen-openapi): its REFUND_FAILED example has reason "Refund Failed", success
 * "true", and the same pspReference and originalReference as its REFUND example, read here as
 * the refund's own pspReference and the payment's.
 */

export const REFUND_FAILED_REASON = 'Refund Failed';

export type RefundRow = typeof pspSimModifications.$inferSelect;

/** The switch's form (`refundsFail`: `on` or `off`); null for anything else. */
export function readRefundsFail(form: Record<string, unknown>): boolean | null {
  const value = form.refundsFail;
  return value === 'on' ? true : value === 'off' ? false : null;
}

/**
 * The REFUND_FAILED of a refund that had succeeded: the refund's pspReference and amount, the
 * payment as `originalReference`, and the `merchantReference` its REFUND carried (the refund's
 * own reference, or the payment's).
 */
export function refundFailedEvent(payment: PaymentRow, refund: RefundRow, merchantReference: string, now: Date): WebhookEvent {
  return {
    eventCode: 'REFUND_FAILED',
    pspReference: refund.pspReference,
    originalReference: payment.pspReference,
    merchantAccountCode: payment.merchantAccount,
    merchantReference,
    amount: { value: refund.amountValue ?? 0, currency: refund.currency ?? payment.currency },
    success: true,
    reason: REFUND_FAILED_REASON,
    paymentMethod: payment.brand,
    eventDate: now,
  };
}

/** Whether a modification is a refund that went through, so that it can still fail. */
export function canFailLater(refund: RefundRow): boolean {
  return refund.kind === 'refund' && refund.success;
}
