/**
 * The rules of a payment attempt (issue 14; docs/payments.md): how the PSP knows it, which
 * return page it comes back to, how long the shop waits before asking the PSP again, and how a
 * refusal is told to the fan.
 */

import type { OrderStatus } from './order-status';

/** Whether an order can still be paid: it awaits its payment, its window has not passed, and it costs something. */
export function canPayOrder(order: { status: OrderStatus; payBy: Date; totalCents: number }, now: Date): boolean {
  return order.status === 'awaiting_payment' && order.payBy > now && order.totalCents > 0;
}

/** What the fan pays with (the spec's payment types). */
export const PAYMENT_METHODS = ['scheme', 'paypal'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return typeof value === 'string' && (PAYMENT_METHODS as readonly string[]).includes(value);
}

/** The return page's `{process}` (spec: its loading message differs for PayPal, card and default). */
export const PAYMENT_PROCESSES = ['card', 'paypal', 'default'] as const;
export type PaymentProcess = (typeof PAYMENT_PROCESSES)[number];

export function paymentProcessOf(method: PaymentMethod): PaymentProcess {
  return method === 'paypal' ? 'paypal' : 'card';
}

/** A `{process}` from the address; anything else is the default one (the page still works). */
export function paymentProcessFrom(value: string | undefined): PaymentProcess {
  return value === 'card' || value === 'paypal' ? value : 'default';
}

export const PAYMENT_RETURN_PATH = '/paymentgateway';

export function paymentReturnPath(process: PaymentProcess): string {
  return `${PAYMENT_RETURN_PATH}/${process}`;
}

/**
 * The return page of a return the PSP posted (3-D Secure), by the handle the shop gave it: the
 * address carries neither the PSP's result nor the order.
 */
export function postedReturnPath(process: PaymentProcess, handle: string): string {
  return `${paymentReturnPath(process)}?${new URLSearchParams({ return: handle }).toString()}`;
}

/** The page to pay (again) for an order awaiting payment. */
export const PAY_ORDER_PATH = '/payment';

export function payOrderPath(orderId: string): string {
  return `${PAY_ORDER_PATH}?${new URLSearchParams({ orderId }).toString()}`;
}

/**
 * The merchant reference of an order's attempt: the order number the fan sees, and the attempt,
 * so that support staff find it in Adyen's Customer Area and every attempt is told apart.
 */
export function paymentReference(orderNumber: number, attempt: number): string {
  return `${orderNumber}-${attempt}`;
}

/**
 * When reconciliation next asks the PSP about an attempt whose outcome is unknown, after
 * `checks` earlier asks: soon at first (most answers are minutes late), then rarer. Null once
 * it has asked enough: by then the order has expired and only the webhook, which Adyen retries
 * for days, can still bring news — and a late authorisation is cancelled.
 */
const RECONCILIATION_DELAYS_MS = [60_000, 2 * 60_000, 5 * 60_000, 10 * 60_000, 30 * 60_000, 60 * 60_000] as const;

export function reconciliationDelayMs(checks: number): number | null {
  return checks >= 0 && checks < RECONCILIATION_DELAYS_MS.length ? RECONCILIATION_DELAYS_MS[checks]! : null;
}

/** How long the return page waits for an unknown outcome before it says there seems to be a problem (spec: 10 s). */
export const PAYMENT_RETURN_PATIENCE_MS = 10_000;
/** How often the return page looks again without JavaScript (its meta refresh). */
export const PAYMENT_RETURN_REFRESH_SECONDS = 2;

/**
 * Adyen's refusal reasons and their codes (docs.adyen.com "Refusal reasons"), for a refusal
 * whose code did not come with it: the webhook sends the reason, not always the code.
 */
const REFUSAL_CODES: Readonly<Record<string, string>> = {
  Refused: '2',
  Referral: '3',
  'Acquirer Error': '4',
  'Blocked Card': '5',
  'Expired Card': '6',
  'Invalid Amount': '7',
  'Invalid Card Number': '8',
  'Issuer Unavailable': '9',
  'Not enough balance': '12',
  'CVC Declined': '24',
};

/** A refusal as the fan is told it (spec §8: reason and code); the code is null when neither the PSP nor the list knows it. */
export function refusalOf(reason: string | null | undefined, code?: string | null): { reason: string; code: string | null } | null {
  const text = reason?.trim();
  if (!text) return null;
  const given = code?.trim();
  return { reason: text.slice(0, 200), code: given && /^\d{1,4}$/.test(given) ? given : (Object.hasOwn(REFUSAL_CODES, text) ? REFUSAL_CODES[text]! : null) };
}

/**
 * Adyen's refusal codes the fan is told in the page's language (`payment:refusals.<code>`, with
 * the code beside it): what the fan can act on (another card, the CVC, their bank). Any other
 * code, and the fraud ones (14, 20, 22, 31: Adyen asks not to tell shoppers those), gets the
 * generic text. Adyen's own wire text (English) is never shown.
 */
const WORDED_REFUSAL_CODES: ReadonlySet<string> = new Set([
  '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', '15', '16', '23', '24', '25', '26', '27', '28', '29', '32', '38', '42', '46',
]);

/** The key under `payment:refusals` that words a refusal's code: its own, or `generic`. */
export function refusalWordingKey(code: string | null): string {
  return code !== null && WORDED_REFUSAL_CODES.has(code) ? code : 'generic';
}

/** Every key `refusalWordingKey` may answer (both locales must have each). */
export const REFUSAL_WORDING_KEYS: readonly string[] = [...WORDED_REFUSAL_CODES, 'generic'];
