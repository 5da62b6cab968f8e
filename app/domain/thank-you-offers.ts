/**
 * What the thank-you page advertises (issue 30): its "Buy the club card" link and its promotional
 * cards never offer what the fan has just bought or redeemed. An offer names the product it sells
 * (null: none, e.g. the coupon page, which always stays). It is dropped when the order just paid
 * (or the gift just redeemed) holds that product, by its code (product id); the club card also by
 * its kind: a fan who just bought a club card is not offered another one, whatever its code.
 */

/** A product's kind as an order line records it. */
export type OfferedKind = 'membership' | 'card' | 'other';

/** A product the fan has just bought or redeemed: its code, and its kind when known (a redeemed gift's is not looked up). */
export type JustBought = { productId: string; kind: OfferedKind | null };

/** What an offer sells: null for an offer of no product. */
export type OfferedProduct = { productId: string; kind: OfferedKind } | null;

/** The club card offer of the thank-you page (spec: "a link to /products/jcard to buy the card"). */
export const CLUB_CARD_OFFER: NonNullable<OfferedProduct> = { productId: 'jcard', kind: 'card' };

/** Whether an offer still concerns a fan who has just bought `bought`. */
export function stillOffered(offer: OfferedProduct, bought: readonly JustBought[]): boolean {
  if (offer === null) return true;
  return !bought.some((item) => item.productId === offer.productId || (offer.kind === 'card' && item.kind === 'card'));
}

/** The offers, in their order, without those selling something just bought. */
export function offersNotBought<T extends { product: OfferedProduct }>(offers: readonly T[], bought: readonly JustBought[]): T[] {
  return offers.filter((offer) => stillOffered(offer.product, bought));
}
