import { isGiftableKind, productKindOf } from './cart-rules';
import type { CatalogueProduct } from './catalogue-types';

type AvailabilityFields = Pick<CatalogueProduct, 'availability' | 'soldOut' | 'priceCents' | 'tags'>;

/** Spec §3: `availability: not_available` means sold out, and so does the `soldOut` flag. */
export function isSoldOut(product: Pick<CatalogueProduct, 'availability' | 'soldOut'>): boolean {
  return product.soldOut || product.availability === 'not_available';
}

/** The purchase actions a product card or detail page offers (spec §2, product list page). */
export type PurchaseActions =
  | { kind: 'sold-out' } // disabled sold-out control + notify-me
  | { kind: 'coupon' } // no price: use a coupon
  | { kind: 'buy-or-gift'; gift: boolean }; // no gift link for the club card (isGiftableKind)

export function purchaseActions(product: AvailabilityFields): PurchaseActions {
  if (isSoldOut(product)) return { kind: 'sold-out' };
  if (product.priceCents === null) return { kind: 'coupon' };
  return { kind: 'buy-or-gift', gift: isGiftableKind(productKindOf(product.tags)) };
}

export type CountryRestriction = { kind: 'only-in' | 'not-in'; countryCodes: string[] };

type RestrictionFields = Pick<CatalogueProduct, 'availableInCountries' | 'notAvailableInCountries'>;

/** The product's country rule, if any (at most one list is set; an empty list means no rule). */
export function countryRestriction(product: RestrictionFields): CountryRestriction | null {
  if (product.availableInCountries?.length) return { kind: 'only-in', countryCodes: product.availableInCountries };
  if (product.notAvailableInCountries?.length) return { kind: 'not-in', countryCodes: product.notAvailableInCountries };
  return null;
}

/** Whether the product may be had in (shipped to, held in) the given ISO country. */
export function isAvailableInCountry(product: RestrictionFields, countryCode: string): boolean {
  const rule = countryRestriction(product);
  if (!rule) return true;
  const listed = rule.countryCodes.includes(countryCode.toUpperCase());
  return rule.kind === 'only-in' ? listed : !listed;
}
