/**
 * Shipping in the cart (spec §2 "Cart page", §4 "Cart rules", §5 "Restricted addresses",
 * "Availability"; issue 12). What needs an address, where an item may go, and what shipping costs.
 */
import type { CartProcess } from './membership-follow-up';
import { countryRestriction, isAvailableInCountry } from './availability';
import type { CatalogueProduct } from './catalogue-types';
import { isRestrictedCountry } from './countries';

/**
 * A postal address as stored: a saved one's fields, or a temporary address kept on one cart
 * item (the spec's `temp_address`), resolved against the lookups like a saved one.
 */
export type PostalAddress = {
  firstName: string;
  lastName: string;
  /** Normalised for storage (domain/phone). */
  phone: string;
  street: string;
  number: string | null;
  extraInfo: string | null;
  countryCode: string;
  provinceCode: string | null;
  state: string | null;
  region: string | null;
  city: string;
  cityCode: string | null;
  postalCode: string;
};

/** The spec's `temp_address`: an address for one item only, never added to the address book. */
export type TemporaryAddress = PostalAddress;

/** The `addressId` of a temporary address in the spec's cart item. */
export const TEMPORARY_ADDRESS_ID = 'temp_address';

/**
 * Spec §1: "Shipping is needed for any non-virtual product". A gift needs none in the cart: its
 * holder, and so where its card goes, is known only when the gift is redeemed.
 */
export function needsShipping(item: { virtual: boolean; process: CartProcess }): boolean {
  return !item.virtual && item.process !== 'gift';
}

export type ShippingRestriction = 'restrictedCountry' | 'notAvailableForProduct';

type RestrictionFields = Pick<CatalogueProduct, 'availableInCountries' | 'notAvailableInCountries'>;

/**
 * Why `product` cannot be shipped to `countryCode`, or null when it can: the shop never ships to
 * the restricted countries, and a product may be sold only in (or not in) listed countries.
 */
export function shippingRestriction(product: RestrictionFields, countryCode: string): ShippingRestriction | null {
  if (isRestrictedCountry(countryCode)) return 'restrictedCountry';
  if (!isAvailableInCountry(product, countryCode)) return 'notAvailableForProduct';
  return null;
}

/**
 * Where a new item ships to start with (issue 30): the fan's preferred address, when the item
 * ships at all and its product may go to that address's country; else nowhere yet, and the fan
 * chooses in the cart. Never a refused address: the cart would only have to undo it.
 */
export function initialShippingAddressId(
  item: { virtual: boolean; process: CartProcess },
  product: RestrictionFields,
  preferred: { id: string; countryCode: string } | null,
): string | null {
  if (!preferred || !needsShipping(item)) return null;
  return shippingRestriction(product, preferred.countryCode) === null ? preferred.id : null;
}

/** Whether a product has a country rule at all (the cart then names the alternative product). */
export function hasCountryRule(product: RestrictionFields): boolean {
  return countryRestriction(product) !== null;
}

/**
 * Shipping rates (decided, docs/decisions/cart.md): one parcel per destination, priced by the
 * destination's zone. Italy with San Marino and the Vatican, the rest of the European Union, and
 * the rest of the world.
 */
export type ShippingZone = 'italy' | 'eu' | 'world';

export const SHIPPING_RATE_CENTS: Readonly<Record<ShippingZone, number>> = { italy: 500, eu: 900, world: 1500 };

const ITALY_ZONE: ReadonlySet<string> = new Set(['IT', 'SM', 'VA']);
const EU_ZONE: ReadonlySet<string> = new Set([
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU',
  'IE', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
]);

export function shippingZoneOf(countryCode: string): ShippingZone {
  const code = countryCode.trim().toUpperCase();
  if (ITALY_ZONE.has(code)) return 'italy';
  if (EU_ZONE.has(code)) return 'eu';
  return 'world';
}

/**
 * A parcel's destination: `key` tells destinations apart (a saved address's id; every
 * temporary address is a parcel of its own, keyed by its item).
 */
export type Destination = { key: string; countryCode: string };

/** What shipping costs: each distinct destination once, at its zone's rate; nothing to ship, nothing to pay. */
export function shippingCostCents(destinations: readonly Destination[]): number {
  const parcels = new Map<string, string>();
  for (const destination of destinations) parcels.set(destination.key, destination.countryCode);
  let total = 0;
  for (const countryCode of parcels.values()) total += SHIPPING_RATE_CENTS[shippingZoneOf(countryCode)];
  return total;
}
