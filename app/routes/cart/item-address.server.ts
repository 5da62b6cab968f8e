// The item address page's server side: the fan's saved addresses judged for this item, the
// temporary address's form, and the item the URL names (this fan's, needing shipping, else 404).
import { data, type RouterContextProvider } from 'react-router';
import { initialChoice } from '../../domain/address-chooser';
import type { AddressDraft } from '../../domain/address-check';
import { formatPhoneForDisplay, isSamePhone } from '../../domain/phone';
import { shippingRestriction, type PostalAddress } from '../../domain/shipping';
import { ADDRESS_FIELD_ORDER, DEFAULT_ADDRESS_COUNTRY } from '../../forms/address';
import { shopContext } from '../../context';
import { getLanguage } from '../../middleware/i18next';
import { signedIn } from '../../.server/auth/guards';
import type { CartLine } from '../../.server/services/cart-view-contract';
import { describeAddresses, formValuesOf } from '../account/addresses/address-view.server';

type Context = Readonly<RouterContextProvider>;

/** The signed-in fan's item named by the URL, with its product's country rules; 404 for anything else. */
export async function itemNeedingAddress(context: Context, itemId: string) {
  const { user, customer } = signedIn(context);
  const { services } = context.get(shopContext);
  const owner = { customerId: customer.id, subject: user.subject, customer };
  const view = await services.cart.viewCart(owner);
  const line: CartLine | undefined = view.lines.find((candidate: CartLine) => candidate.id === itemId);
  // A virtual item (or a gift) ships nothing: it has no address page.
  if (!line || !line.needsShipping) throw data(null, { status: 404 });
  const product = await services.catalogue.getProductDetail(line.productId);
  if (!product) throw data(null, { status: 404 });
  return { owner, customer, line, product, addressBook: view.addressBook };
}

export type ItemTarget = Awaited<ReturnType<typeof itemNeedingAddress>>;

/**
 * The fan's saved addresses, each usable for this item or disabled with the reason (a
 * restricted country, or one the product is not sold in), and the one chosen to start with:
 * `address_id` from the chooser, else the item's own, else the preferred one.
 */
export async function addressChoicesFor(context: Context, target: ItemTarget, requestedId: string | null) {
  // The item ships, so the cart's view read the address book.
  const addresses = (await describeAddresses(target.addressBook ?? [], getLanguage(context))).map((address) => {
    const restriction = shippingRestriction(target.product, address.countryCode);
    return { ...address, selectable: restriction === null, restriction };
  });
  const current = target.line.shipping?.kind === 'saved' ? target.line.shipping.addressId : null;
  const chosen = initialChoice(addresses, requestedId ?? current);
  return { addresses, chosen };
}

/**
 * The temporary address as the address form edits it; a new one starts with what the profile
 * knows (name and phone, as the address book's new address does; it keeps no postal address).
 */
export function temporaryFormValues(address: PostalAddress | null, fan: { firstName: string; lastName: string; phone: string | null }): Record<string, string> {
  if (address) return formValuesOf(address);
  return { firstName: fan.firstName, lastName: fan.lastName, phone: fan.phone ? formatPhoneForDisplay(fan.phone) : '', countryCode: DEFAULT_ADDRESS_COUNTRY };
}

/**
 * Spec §4 "Address form": Confirm sends the values only if something changed. A submitted
 * draft equal to the stored temporary address (as the form shows it) changes nothing.
 */
export function isUnchanged(draft: AddressDraft, stored: PostalAddress | null): boolean {
  if (!stored) return false;
  const shown = formValuesOf(stored);
  // A phone is the same number however it is spaced or prefixed (+39, 0039 or none).
  const same = (field: (typeof ADDRESS_FIELD_ORDER)[number]) =>
    field === 'phone' ? isSamePhone(draft.phone, stored.phone) : (draft[field] ?? '').trim() === (shown[field] ?? '').trim();
  return ADDRESS_FIELD_ORDER.every(same);
}
