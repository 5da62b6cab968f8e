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

/**
 * How the product page shows a product's country rule to whoever looks (issue 30): only to the
 * fans it concerns. A fan's countries are those of their saved addresses, the countries the cart
 * judges an item by (domain/shipping.ts `shippingRestriction`).
 * - `none`: no rule, or a signed-in fan none of whose addresses it refuses: nothing shown;
 * - `neutral`: whom it concerns is not known (a visitor not signed in, a fan without a saved
 *   address): the rule as a plain line, not a warning;
 * - `concerns`: the rule refuses some of the fan's countries (`countryCodes`, in the order given,
 *   once each): the warning, naming them.
 * `fanCountries` null: nobody is signed in.
 */
export type RestrictionNotice = { kind: 'none' } | { kind: 'neutral'; rule: CountryRestriction } | { kind: 'concerns'; rule: CountryRestriction; countryCodes: string[] };

export function restrictionNoticeFor(product: RestrictionFields, fanCountries: readonly string[] | null): RestrictionNotice {
  const rule = countryRestriction(product);
  if (!rule) return { kind: 'none' };
  if (fanCountries === null || fanCountries.length === 0) return { kind: 'neutral', rule };
  const refused = [...new Set(fanCountries.map((code) => code.toUpperCase()))].filter((code) => !isAvailableInCountry(product, code));
  return refused.length > 0 ? { kind: 'concerns', rule, countryCodes: refused } : { kind: 'none' };
}
