import { lastDayBefore } from './display-format';
import type { DisplayPrice } from './promo';
import type { SeasonalTheme } from './seasonal-theme';
import { romeDate } from './shop-time';

/** What the hero calls the offer: the theme of the day names it, else the month it ends in. */
export type OfferOccasion = SeasonalTheme | 'offer';

export type HeroOffer = {
  productId: string;
  name: string;
  priceCents: number;
  listPriceCents: number;
  /** The offer's last day (its window ends exclusively at midnight after it). */
  lastDay: Date;
  occasion: OfferOccasion;
};

type ListedProduct = { id: string; name: string; price: DisplayPrice };

/**
 * The hero's offer: the first product on offer in page order (the fan sees the same one first
 * in the list), or null. A promo has no name of its own: one that ends in December is the
 * Christmas offer (the seed's ends on 28/12), during Black Friday it is Black Friday's.
 */
export function heroOffer(products: readonly ListedProduct[], theme: SeasonalTheme | null): HeroOffer | null {
  for (const product of products) {
    const { price } = product;
    if (price.kind !== 'promo') continue;
    const lastDay = lastDayBefore(price.until);
    const endsInDecember = romeDate(lastDay).slice(5, 7) === '12';
    return {
      productId: product.id,
      name: product.name,
      priceCents: price.priceCents,
      listPriceCents: price.listPriceCents,
      lastDay,
      occasion: theme === 'black-friday' ? 'black-friday' : endsInDecember ? 'christmas' : 'offer',
    };
  }
  return null;
}
