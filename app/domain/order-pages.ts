/**
 * Where a fan sees an order (issue 13): the thank-you page after checkout (spec:
 * `/thankyou?orderId=…`, also written `/thankYou`), the list of their orders and each receipt.
 * Addresses carry the order's uuid, never its number; every page checks the owner.
 */
import type { OrderStatus } from './order-status';
import { isDocumentsThankYou } from './reload-docs';

export const THANK_YOU_PATH = '/thankyou';
export const ORDERS_PATH = '/account/orders';

/** The thank-you page after a redeemed gift's holder is chosen: it says the gift is active, not "thank you for your purchase". */
export const GIFT_ACTIVATED_PATH = '/thankyou?gift=1';

/** The same, naming the redeemed gift's product (`product=`), so the page does not offer it again (issue 30). */
export function giftActivatedPath(productId: string): string {
  return `${GIFT_ACTIVATED_PATH}&${new URLSearchParams({ product: productId }).toString()}`;
}

/** The redeemed gift's product a gift thank-you address names, or null (not a gift's, none, or not a product code). */
export function redeemedProductOf(url: URL): string | null {
  if (thankYouKindOf(url) !== 'gift') return null;
  const product = url.searchParams.get('product') ?? '';
  return /^[a-z0-9][a-z0-9-]{0,63}$/.test(product) ? product : null;
}

/** What a thank-you address thanks for: a purchase, new documents (`documents=1`), or an activated gift (`gift=1`). */
export type ThankYouKind = 'purchase' | 'documents' | 'gift';

export function thankYouKindOf(url: URL): ThankYouKind {
  if (isDocumentsThankYou(url)) return 'documents';
  return url.searchParams.get('gift') === '1' ? 'gift' : 'purchase';
}

/** The thank-you page of a placed order (checkout and the payment return go there). */
export function thankYouPath(orderId: string): string {
  return `${THANK_YOU_PATH}?${new URLSearchParams({ orderId }).toString()}`;
}

/** The receipt of one of the fan's orders. */
export function receiptPath(orderId: string): string {
  return `${ORDERS_PATH}/${encodeURIComponent(orderId)}`;
}

/** The `orderId` a thank-you address names, or null (absent or empty: the plain page). */
export function orderIdOf(url: URL): string | null {
  const orderId = url.searchParams.get('orderId')?.trim() ?? '';
  return orderId === '' ? null : orderId;
}

/**
 * What an order line shows where no membership code is (yet): codes are issued when the order
 * is fulfilled, so one awaiting payment or paid gets them soon, a closed one never.
 */
export function missingCodeReason(status: OrderStatus): 'pending' | 'none' {
  return status === 'awaiting_payment' || status === 'paid' ? 'pending' : 'none';
}

/** The pay-by time is worth showing only while the order waits for its payment. */
export function showsPayBy(status: OrderStatus): boolean {
  return status === 'awaiting_payment';
}
