/**
 * Who is billed at checkout (spec "Checkout screen", §3 "Billing address", §9): the buyer's
 * read-only data from the profile, and one of their saved addresses.
 */
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
