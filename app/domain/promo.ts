import type { CatalogueProduct, Promo } from './catalogue-types';

/** A promo applies from `from` (inclusive) until `to` (exclusive) — spec §5. */
export function isPromoActive(promo: Promo, now: Date): boolean {
  return now.getTime() >= promo.from.getTime() && now.getTime() < promo.to.getTime();
}

export type DisplayPrice =
  | { kind: 'coupon-only' }
  | { kind: 'list'; priceCents: number }
  | { kind: 'promo'; priceCents: number; listPriceCents: number; until: Date };

/**
 * What the fan pays now. With several active promos the cheapest wins; a promo on a
 * product without a list price is ignored (such products are had by coupon only).
 */
export function displayPrice(product: Pick<CatalogueProduct, 'priceCents' | 'promos'>, now: Date): DisplayPrice {
  if (product.priceCents === null) return { kind: 'coupon-only' };
  const best = product.promos
    .filter((promo) => isPromoActive(promo, now) && promo.priceCents < (product.priceCents as number))
    .sort((a, b) => a.priceCents - b.priceCents)[0];
  return best
    ? { kind: 'promo', priceCents: best.priceCents, listPriceCents: product.priceCents, until: best.to }
    : { kind: 'list', priceCents: product.priceCents };
}
