/**
 * The address chooser (spec §4 "Cart rules"): a caller sends the fan to
 * `/account/addresses/choose?address_type=shipping|billing&redirect_uri=/path` and gets the
 * choice back as `address_id` on its own URL.
 */
import { isRestrictedCountry } from './countries';
import { safeRedirectPath } from './redirect-target';

/** The address book; the form pages are `/new` and `/{id}` below it, the chooser `/choose`. */
export const ADDRESS_BOOK_PATH = '/account/addresses';

export const ADDRESS_TYPES = ['shipping', 'billing'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

/** The query parameter names of the chooser protocol (the spec's, hence snake case). */
export const ADDRESS_TYPE_PARAM = 'address_type';
export const REDIRECT_URI_PARAM = 'redirect_uri';
export const ADDRESS_ID_PARAM = 'address_id';

export function parseAddressType(value: unknown): AddressType | null {
  return typeof value === 'string' && (ADDRESS_TYPES as readonly string[]).includes(value)
    ? (value as AddressType)
    : null;
}

/** A same-origin path to return to, or null when absent or unsafe (no open redirect). */
export function parseReturnPath(value: unknown): string | null {
  // A safe path always starts with '/', so '' can only be the fallback.
  const path = safeRedirectPath(value, '');
  return path === '' ? null : path;
}

/** `path` with `address_id` set (replacing any earlier one); other parameters and the hash are kept. */
export function withAddressId(path: string, addressId: string): string {
  const url = new URL(path, 'http://shop.invalid');
  url.searchParams.set(ADDRESS_ID_PARAM, addressId);
  return url.pathname + url.search + url.hash;
}

/** The shop does not ship to restricted countries; billing is not a delivery, so any country goes. */
export function canChooseFor(addressType: AddressType, countryCode: string): boolean {
  return addressType === 'billing' || !isRestrictedCountry(countryCode);
}

/**
 * The address selected when the chooser opens: the one named in the URL (e.g. just added),
 * else the preferred one, provided it may be chosen; otherwise none.
 */
export function initialChoice(
  addresses: readonly { id: string; isPreferred: boolean; selectable: boolean }[],
  requestedId: string | null,
): string | null {
  const requested = addresses.find((address) => address.id === requestedId && address.selectable);
  const preferred = addresses.find((address) => address.isPreferred && address.selectable);
  return requested?.id ?? preferred?.id ?? null;
}

/**
 * The new-address page's `cartItem` parameter (issue 30): the cart item the address is added
 * for, which then ships there once it is saved (the page's return is the cart).
 */
export const SHIP_ITEM_PARAM = 'cartItem';

/** The new-address page for a cart item: saved, the item ships there and the fan is back at `returnPath`. */
export function newAddressForItemHref(itemId: string, returnPath: string): string {
  return `${ADDRESS_BOOK_PATH}/new?${new URLSearchParams({ [REDIRECT_URI_PARAM]: returnPath, [SHIP_ITEM_PARAM]: itemId })}`;
}
