/**
 * Who is billed at checkout (spec "Checkout screen", §3 "Billing address", §9): the buyer's
 * read-only data from the profile, and one of their saved addresses.
 */
import { countryRestriction, isAvailableInCountry } from './availability';
import type { CatalogueProduct } from './catalogue-types';
import { isItaly } from './countries';
import type { PostalAddress } from './shipping';

/** The spec's default state (province) of a billing address outside Italy: `EE`, "estero". */
export const FOREIGN_BILLING_STATE = 'EE';

/** The buyer as the order keeps them: read from the profile at checkout, never typed there. */
export type BuyerSnapshot = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  taxCode: string | null;
  birthCountryCode: string | null;
  birthCountryName: string | null;
  birthProvince: string | null;
  /** Absent in the snapshots of orders placed before 2026-11-25. */
  birthProvinceCode?: string | null;
  birthCity: string | null;
};

/** The billing address an order keeps: the saved address as it was, with its id. */
export type BillingAddress = PostalAddress & { addressId: string };

/**
 * The state to bill with: the address's own for Italy (the province), else what the fan wrote,
 * or `EE` when they wrote nothing — the Italian invoicing systems want a province for everyone.
 */
export function billingStateOf(address: Pick<PostalAddress, 'countryCode' | 'state'>): string | null {
  if (isItaly(address.countryCode)) return address.state;
  const written = address.state?.trim() ?? '';
  return written === '' ? FOREIGN_BILLING_STATE : written;
}

/**
 * The state of an address as the fan gave it, for showing: `EE` abroad is what `billingStateOf`
 * fills in for the invoicing systems, no part of the address, so it is none.
 */
export function writtenStateOf(address: Pick<PostalAddress, 'countryCode' | 'state'>): string | null {
  const state = address.state?.trim() ?? '';
  if (state === '' || (!isItaly(address.countryCode) && state === FOREIGN_BILLING_STATE)) return null;
  return state;
}

/** The tax code is shown (and printed on the receipt) only when billing in Italy (spec). */
export function showsTaxCode(billingCountryCode: string | null): boolean {
  return billingCountryCode !== null && isItaly(billingCountryCode);
}

/** The billing address from a saved one, with the state filled in as above. */
export function billingAddressOf(addressId: string, address: PostalAddress): BillingAddress {
  return { ...address, addressId, state: billingStateOf(address) };
}

/**
 * Which saved address bills the cart when the page opens (spec §4 "Checkout"): the one the
 * address chooser sent back (`address_id`), else the one the fan chose for this cart before,
 * else the preferred one, else none. Each must be among the fan's addresses.
 */
export function chooseBillingAddressId(
  candidates: { fromQuery: string | null; onCart: string | null; preferred: string | null },
  ownedIds: ReadonlySet<string>,
): string | null {
  for (const id of [candidates.fromQuery, candidates.onCart, candidates.preferred]) {
    if (id !== null && ownedIds.has(id)) return id;
  }
  return null;
}

/** A billing choice is kept on the cart this long after it is made (spec §9 "address update debounce"). */
export const BILLING_SAVE_DEBOUNCE_MS = 1000;

/** What the billing rules read of a cart item: whether it ships, and its product's country rule. */
export type BilledItem = {
  needsShipping: boolean;
  product: Pick<CatalogueProduct, 'availableInCountries' | 'notAvailableInCountries'>;
};

/**
 * The items whose product's country rule (spec §5 "Availability") the billing address answers:
 * those with a rule that ship nowhere (virtual, or a gift), whatever way they came in (bought, a
 * coupon, a gift). An item that ships answers its rule where it goes (domain/shipping.ts); one
 * that does not has no other place than where its buyer is billed.
 */
export function itemsJudgedByBillingCountry<Item extends BilledItem>(items: readonly Item[]): Item[] {
  return items.filter((item) => !item.needsShipping && countryRestriction(item.product) !== null);
}

/** The items a billing address in `countryCode` cannot be billed for (none: it bills the cart). */
export function itemsRefusedByBillingCountry<Item extends BilledItem>(items: readonly Item[], countryCode: string): Item[] {
  return itemsJudgedByBillingCountry(items).filter((item) => !isAvailableInCountry(item.product, countryCode));
}

/**
 * Whether checkout needs a billing address: to pay anything, and — even when nothing is paid —
 * for an item whose country rule only the billing address can answer.
 */
export function isBillingAddressRequired(totalCents: number, items: readonly BilledItem[]): boolean {
  return totalCents > 0 || itemsJudgedByBillingCountry(items).length > 0;
}
