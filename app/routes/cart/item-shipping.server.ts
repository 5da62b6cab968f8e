// An item's shipping block on the cart page (issue 30), worded on the server: where it ships,
// the fan's saved addresses to switch to (those it cannot go to disabled, with why), the way to
// add a new one that comes back to the cart, and the alternative product where the product's
// country rule is what refuses.
import type { TFunction } from 'i18next';
import { newAddressForItemHref } from '../../domain/address-chooser';
import type { AddressSummary } from '../../domain/address-summary';
import type { Language } from '../../domain/catalogue-types';
import { CART_PATH } from '../../domain/cart-summary';
import { shippingRestriction } from '../../domain/shipping';
import type { CartLine } from '../../.server/services/cart-view-contract';

/** One saved address as the item's select offers it. */
export type ShippingOption = { id: string; label: string; disabled: boolean };

/** An address on one line: "Ada Rossi, Via Roma 1, 10121 Torino (TO), Italia". */
export function addressLabel(address: AddressSummary): string {
  return [address.name, address.street, address.place, address.country].join(', ');
}

/** The saved addresses for this item: each one usable, or disabled with the reason in its label. */
export function shippingOptions(line: Pick<CartLine, 'product'>, saved: readonly AddressSummary[], t: TFunction): ShippingOption[] {
  return saved.map((address) => {
    const restriction = shippingRestriction(line.product, address.countryCode);
    const label = addressLabel(address);
    if (restriction === null) return { id: address.id, label, disabled: false };
    return { id: address.id, label: t('cart:shipping.optionRefused', { address: label, reason: t(`cart:errors.address.${restriction}`) }), disabled: true };
  });
}

/**
 * The alternative product's link, worded as the product page words it, when the product's own
 * country rule (not the shop's restricted list) is what refuses this item an address: the one
 * chosen, or one of the fan's saved addresses.
 */
export function alternativeOf(line: Pick<CartLine, 'product' | 'shippingRestriction'>, saved: readonly AddressSummary[], language: Language, t: TFunction) {
  const alternative = line.product.alternativeProduct;
  if (!alternative) return null;
  const refusedByProduct =
    line.shippingRestriction === 'notAvailableForProduct' ||
    saved.some((address) => shippingRestriction(line.product, address.countryCode) === 'notAvailableForProduct');
  if (!refusedByProduct) return null;
  return { href: `/products/${encodeURIComponent(alternative.id)}`, label: t('catalogue:detail.alternative', { name: alternative.name[language] }) };
}

/** The item's shipping block: current address, choices, links. */
export function itemShippingView(line: CartLine, saved: readonly AddressSummary[], language: Language, t: TFunction) {
  const chosenId = line.shipping?.kind === 'saved' ? line.shipping.addressId : null;
  return {
    options: shippingOptions(line, saved, t),
    chosenId,
    alternative: alternativeOf(line, saved, language, t),
    newAddressHref: newAddressForItemHref(line.id, CART_PATH),
  };
}
