import { isSoldOut } from './availability';
import type { CatalogueProduct, Language, LocalizedText } from './catalogue-types';

type AvailabilityFields = Pick<CatalogueProduct, 'availability' | 'soldOut'>;

/**
 * Whether a fan can buy the product now: not marked sold out and, when its sizes carry
 * stock, at least one size in stock. Products without sizes (memberships) have no count.
 */
export function isPurchasable(product: AvailabilityFields, variantStock: readonly number[]): boolean {
  if (isSoldOut(product)) return false;
  return variantStock.length === 0 || variantStock.some((quantity) => quantity > 0);
}

/** How many products one fan may wait for at once (issue 9): a bound on what one account can store. */
export const MAX_PENDING_NOTIFY_REQUESTS = 50;

/** Whether a fan already waiting for `pending` other products may ask for one more. */
export function canAskToBeNotified(pending: number, max: number = MAX_PENDING_NOTIFY_REQUESTS): boolean {
  return pending < max;
}

/** A request waits until its mail is queued; then it says when. */
export type NotifyMeState = { kind: 'waiting' } | { kind: 'notified'; at: Date };

export function notifyMeState(request: { notifiedAt: Date | null }): NotifyMeState {
  return request.notifiedAt ? { kind: 'notified', at: request.notifiedAt } : { kind: 'waiting' };
}

/** What the notify-me page of a product shows a signed-in fan. */
export type NotifyMePageState = 'available' | 'waiting' | 'ask';

export function notifyMePageState(purchasable: boolean, waiting: boolean): NotifyMePageState {
  if (purchasable) return 'available';
  return waiting ? 'waiting' : 'ask';
}

/**
 * The outbox key of a request's mail. A request asked again after its mail gets a new
 * `askedAt`, hence a new key: one mail per asking, however many sweeps run.
 */
export function notifyMeDedupeKey(requestId: string, askedAt: Date): string {
  return `notify-me:${requestId}:${askedAt.toISOString()}`;
}

/** The absolute address of a product page, for mail (PUBLIC_URL may carry a path prefix). */
export function productUrl(publicUrl: string, productId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/products/${encodeURIComponent(productId)}`;
}

/** What the "back in stock" mail says, in the language the fan asked in. */
export type BackInStockMail = {
  language: Language;
  values: { firstName: string; productName: string; productUrl: string };
};

export function backInStockMail(input: {
  language: Language;
  firstName: string;
  productId: string;
  productName: LocalizedText;
  publicUrl: string;
}): BackInStockMail {
  return {
    language: input.language,
    values: {
      firstName: input.firstName.trim(),
      productName: input.productName[input.language],
      productUrl: productUrl(input.publicUrl, input.productId),
    },
  };
}
