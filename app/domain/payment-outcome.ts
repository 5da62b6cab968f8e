/**
 * What the payment service provider says about a payment, in the shop's words (issue 14;
 * docs/payments.md). Adyen answers `/payments` and `/payments/details` with a `resultCode`, the
 * hosted session's result with a session `status`, and webhooks with an `eventCode` and
 * `success`. Each is read here into one outcome, and an event into what the order should do —
 * so the return page, Drop-in's answer and the webhook, whichever comes first, agree.
 */
import type { OrderStatus } from './order-status';

export type PaymentOutcome =
  /** The money is reserved: the order can be paid. */
  | 'authorised'
  /** Declined (the reason and code go to the fan), cancelled, or an error: the fan may try again. */
  | 'refused'
  | 'cancelled'
  | 'error'
  /** Not known yet (a bank transfer, a PayPal pending review): the webhook will tell. */
  | 'pending'
  /** The shopper has something to do first (3-D Secure, a redirect, PayPal). */
  | 'action'
  /** The session is still open, or it ran out before anything was paid. */
  | 'open'
  | 'expired'
  /** Nothing the shop knows: treated as pending, and logged. */
  | 'unknown';

const BY_RESULT_CODE: Readonly<Record<string, PaymentOutcome>> = {
  Authorised: 'authorised',
  Refused: 'refused',
  Cancelled: 'cancelled',
  Error: 'error',
  Pending: 'pending',
  Received: 'pending',
  RedirectShopper: 'action',
  IdentifyShopper: 'action',
  ChallengeShopper: 'action',
  PresentToShopper: 'action',
};

/** A `/payments` or `/payments/details` answer's `resultCode`. */
export function outcomeOfResultCode(resultCode: string | undefined | null): PaymentOutcome {
  return (resultCode && Object.hasOwn(BY_RESULT_CODE, resultCode) ? BY_RESULT_CODE[resultCode] : undefined) ?? 'unknown';
}

const BY_SESSION_STATUS: Readonly<Record<string, PaymentOutcome>> = {
  completed: 'authorised',
  paymentPending: 'pending',
  refused: 'refused',
  canceled: 'cancelled',
  expired: 'expired',
  active: 'open',
};

/** A hosted session's result `status` (`GET /sessions/{id}?sessionResult=…`). */
export function outcomeOfSessionStatus(status: string | undefined | null): PaymentOutcome {
  return (status && Object.hasOwn(BY_SESSION_STATUS, status) ? BY_SESSION_STATUS[status] : undefined) ?? 'unknown';
}

/** The webhook events the shop acts on; any other is stored and left alone. */
export type PaymentEvent = { eventCode: string; success: boolean };

export type PaymentEventEffect =
  /** Mark the order paid (then fulfil it): the guarded transition makes a replay change nothing. */
  | 'pay-order'
  /** Money authorised for an order that can no longer be paid: cancel the authorisation, tell the fan. */
  | 'cancel-authorisation'
  /** Record the refusal on the attempt; the order keeps waiting (the fan may try again) until it expires. */
  | 'record-refusal'
  /** Record that the cancellation went through (or failed, for support staff to see). */
  | 'record-cancellation'
  | 'none';

/** The webhook events that report a payment undone: cancelled (also by our reference), refunded, or either. */
const REVERSAL_EVENTS: ReadonlySet<string> = new Set(['CANCELLATION', 'TECHNICAL_CANCEL', 'CANCEL_OR_REFUND', 'REFUND']);

export function isReversalEvent(eventCode: string): boolean {
  return REVERSAL_EVENTS.has(eventCode);
}

/** Which attempt, if any, paid the order an event is about. */
export type OrderPayer = 'this-attempt' | 'another-attempt' | 'none';

/**
 * What a webhook event means for an order in `orderStatus`. Money is never kept without an
 * order to show for it: an authorisation that comes after the order expired or was cancelled,
 * or a second one for an order another attempt already paid (two sessions paid in two tabs),
 * is cancelled. The same authorisation again (a replay) changes nothing.
 */
export function effectOfPaymentEvent(event: PaymentEvent, order: { status: OrderStatus; paidBy: OrderPayer }): PaymentEventEffect {
  switch (event.eventCode) {
    case 'AUTHORISATION':
      if (!event.success) return order.status === 'awaiting_payment' ? 'record-refusal' : 'none';
      if (order.status === 'awaiting_payment') return 'pay-order';
      return order.paidBy === 'this-attempt' ? 'none' : 'cancel-authorisation';
    default:
      return isReversalEvent(event.eventCode) ? 'record-cancellation' : 'none';
  }
}
