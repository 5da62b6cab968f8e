/**
 * The contract between checkout's Drop-in and the shop (issue 14, the advanced flow; spec §3
 * "Payment response"): what the page's JSON calls answer, and how Drop-in is told about it.
 * docs/forms.md lists the calls; docs/payments.md draws the flow.
 */

/** Places the order from the checkout form and pays it with Drop-in's data (POST); GET lists the methods. */
export const DROP_IN_PAY_PATH = '/checkout/drop-in';
/** The rest of a payment after an action: 3-D Secure, PayPal (POST, JSON). */
export const DROP_IN_DETAILS_PATH = '/checkout/drop-in/details';
/** Deletes one of the fan's saved cards (POST `storedPaymentMethodId`): Drop-in's remove button. */
export const DROP_IN_STORED_PATH = '/checkout/drop-in/stored';

/**
 * How long the card form may take to load (Adyen's script, then its secured fields) before the
 * page says it could not and offers the hosted payment page. Adyen Web gives up on its fields
 * after 15 s once their frames load; a slow connection should not see the failure sooner.
 */
export const DROP_IN_LOAD_PATIENCE_MS = 15_000;

/** Spec §4: authorised → a short pause (Drop-in's tick) → the thank-you page. */
export const THANK_YOU_DELAY_MS = 500;

/** Adyen Web's `environment` values (its AdyenCheckout configuration). */
export type DropInEnvironment = 'test' | 'live' | 'live-us' | 'live-au' | 'live-apse' | 'live-in' | 'live-nea';

/** The shop's payment settings as the browser's Drop-in needs them (the client key is public). */
export type DropInClientConfig = { clientKey: string; environment: DropInEnvironment };

export type DropInRefusal = { reason: string; code: string | null };

/** A payment's outcome as the shop settled it (payment-settlement.ts), for one of the fan's orders. */
export type DropInOutcome = {
  orderId: string;
  outcome: 'authorised' | 'refused' | 'action' | 'pending' | 'error' | 'too-late';
  /** Adyen's action for Drop-in to mount (3-D Secure, PayPal, a redirect), passed through unchanged. */
  action: Record<string, unknown> | null;
  refusal: DropInRefusal | null;
};

export type DropInReply =
  | DropInOutcome
  /** The checkout form cannot become an order as sent: the page submits it as a form, whose answer says why. */
  | { outcome: 'resubmit' }
  /** The PSP (or the shop) did not answer: nothing was charged; the fan may press pay again. */
  | { outcome: 'unavailable' };

/**
 * The answer a press of pay gets when it finds the order no longer payable, given the order's latest
 * recorded Drop-in answer (`answeredAt`: when it was recorded): a press made no later than that
 * (a double click, two tabs, a busy server) gets the same answer if it paid the order or left it
 * pending; otherwise none, and the press is refused as not payable.
 */
export function answerForLatePress(latest: DropInOutcome, answeredAt: Date, pressedAt: Date): DropInOutcome | null {
  if (pressedAt.getTime() > answeredAt.getTime()) return null;
  return latest.outcome === 'authorised' || latest.outcome === 'pending' ? latest : null;
}

/** Adyen's `resultCode` for Drop-in's `actions.resolve`: an action is mounted, a final code ends the payment. */
export function dropInResultCode(reply: DropInOutcome): 'Authorised' | 'Refused' | 'Error' | 'Pending' | 'RedirectShopper' {
  switch (reply.outcome) {
    case 'authorised':
      return 'Authorised';
    case 'refused':
    case 'too-late':
      return 'Refused';
    case 'error':
      return 'Error';
    case 'action':
      return reply.action ? 'RedirectShopper' : 'Pending';
    case 'pending':
      return 'Pending';
  }
}

/** Reads a JSON answer from the shop; anything else (a sign-in page, a proxy's error) is `unavailable`. */
export function dropInReplyOf(value: unknown): DropInReply {
  if (value === null || typeof value !== 'object') return { outcome: 'unavailable' };
  const reply = value as Record<string, unknown>;
  if (reply.outcome === 'resubmit') return { outcome: 'resubmit' };
  const outcomes: readonly unknown[] = ['authorised', 'refused', 'action', 'pending', 'error', 'too-late'];
  if (!outcomes.includes(reply.outcome) || typeof reply.orderId !== 'string') return { outcome: 'unavailable' };
  return value as DropInOutcome;
}
