/**
 * What a renewal starts with (issue 15, item 6; spec catalogue-cart §2 renewal route): the renewed
 * membership's renewal preferences, as its manager set them in My Membership (size, shipping,
 * billing), turned into a cart item's choices. The fan changes them there, or the address in the
 * cart afterwards, as for any item. Decisions: docs/decisions/memberships.md "Renewal = …".
 */
import type { BillingAddress } from './billing';
import type { PostalAddress } from './shipping';

/** The membership's renewal preferences (`memberships` columns set by the manage actions). */
export type RenewalPreferences = {
  preferredVariantSize: number | null;
  /** A saved address copied when chosen, with its id in the fan's book. */
  shippingAddress: (PostalAddress & { addressId?: string }) | null;
  billingAddress: BillingAddress | null;
};

/** Where the renewal ships: still a saved address of the fan's, or the copy kept in the preference. */
export type RenewalShipping = { kind: 'saved'; addressId: string } | { kind: 'temporary'; address: PostalAddress };

export type RenewalPrefill = {
  /** The product's variant in the preferred size; null for a product without sizes. */
  variantId: string | null;
  /** Null: nothing shipped, or no preference (the cart asks, as for any item). */
  shipping: RenewalShipping | null;
  /** The saved address to bill, when the preference still names one in the fan's book. */
  billingAddressId: string | null;
};

/**
 * Why the preferences cannot make the item: the product has sizes and no preferred size is set
 * (`sizeMissing`), or the preferred one is not sold (`sizeUnavailable`: not among its sizes, or out
 * of stock). The fan picks another in the renewal preferences.
 */
export type RenewalPrefillProblem = 'sizeMissing' | 'sizeUnavailable';

type ProductFacts = { variants: readonly { id: string; variantSize: number; stockQty: number }[]; shipsHome: boolean };

function stripAddressId({ addressId: _addressId, ...address }: PostalAddress & { addressId?: string }): PostalAddress {
  return address;
}

export function renewalPrefill(
  preferences: RenewalPreferences,
  product: ProductFacts,
  savedAddressIds: ReadonlySet<string>,
): { ok: true; value: RenewalPrefill } | { ok: false; problem: RenewalPrefillProblem } {
  let variantId: string | null = null;
  if (product.variants.length > 0) {
    if (preferences.preferredVariantSize === null) return { ok: false, problem: 'sizeMissing' };
    const variant = product.variants.find((candidate) => candidate.variantSize === preferences.preferredVariantSize);
    if (!variant || variant.stockQty <= 0) return { ok: false, problem: 'sizeUnavailable' };
    variantId = variant.id;
  }
  let shipping: RenewalShipping | null = null;
  const preferred = preferences.shippingAddress;
  if (product.shipsHome && preferred) {
    // Deleted from the book since: the copy still says where, kept on the item as a temporary address.
    shipping =
      preferred.addressId !== undefined && savedAddressIds.has(preferred.addressId)
        ? { kind: 'saved', addressId: preferred.addressId }
        : { kind: 'temporary', address: stripAddressId(preferred) };
  }
  const billingId = preferences.billingAddress?.addressId;
  const billingAddressId = billingId !== undefined && savedAddressIds.has(billingId) ? billingId : null;
  return { ok: true, value: { variantId, shipping, billingAddressId } };
}
