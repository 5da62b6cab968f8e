/**
 * What the payment service provider says about a payment, in the shop's words (issue 14;
 * docs/payments.md). Adyen answers `/payments` and `/payments/details` with a `resultCode` and
 * the hosted session's result with a session `status`; each is read here into one outcome. What
 * an outcome or a webhook event does to the order is the ledger's rule (payment-ledger.ts).
 */

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
