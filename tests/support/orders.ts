// Fixtures of the order tests: carts made ready for checkout through the real cart use cases
// (a club card shipped home, a coupon membership, a gift), and checkout's request.
import { randomUUID } from 'node:crypto';
import type { Services } from '../../app/.server/services';
import type { PlaceOrderRequest } from '../../app/.server/services/orders-contract';
import { TERM_NAMES } from '../../app/domain/checkout-terms';
import { NO_VAT_INVOICING } from '../../app/domain/vat-invoicing';
import { configureRequest, draftWith, scan, type TestFan } from './cart';
import { addItem, giftTo, savedAddressIn } from './cart-page';

/** Saves an Italian address for the fan; its id (it bills, and ships the card). */
export async function addressOf(services: Services, fan: TestFan): Promise<string> {
  const saved = await services.addresses.create(fan.owner.customerId, savedAddressIn('IT'));
  return saved.id;
}

/** A club card of size `variantId` for the fan, with documents, shipped to `addressId`: ready to order (10 €). */
export async function cardInCart(services: Services, fan: TestFan, addressId: string, variantId = 'jcard-48'): Promise<string> {
  const draft = draftWith({ buyFor: 'BUY_CARD', variantId, documentType: 'IDENTITY', customization: 'ADA' });
  const added = await services.cart.configureItem(configureRequest(fan, 'jcard', 'buy', draft, { documents: { documentFront: scan('front.png', 'FRONT') } }));
  if (!added.ok) throw new Error(`card not added: ${JSON.stringify(added)}`);
  const shipped = await services.cart.chooseShippingAddress(fan.owner, added.value.itemId, addressId);
  if (!shipped.ok) throw new Error(`card not shipped: ${JSON.stringify(shipped)}`);
  return added.value.itemId;
}

/**
 * A Stadium membership for the fan with a freshly minted coupon and the waiver given: a cart that
 * costs nothing. Stadium is sold only in Italy, San Marino and the Vatican and ships nowhere, so
 * the billing address answers for it: an Italian one is saved (`billingAddressId`, to check out with).
 */
export async function couponMembershipInCart(services: Services, fan: TestFan): Promise<{ itemId: string; couponCode: string; billingAddressId: string }> {
  const billingAddressId = await addressOf(services, fan);
  const minted = await services.coupons.mint('stadium', new Date('2027-06-30T22:00:00Z'));
  if (!minted.ok) throw new Error('mint failed');
  const draft = draftWith({ buyFor: 'BUY_CARD', couponCode: minted.value.code });
  const added = await services.cart.configureItem(configureRequest(fan, 'stadium', 'coupon', draft));
  if (!added.ok) throw new Error(`coupon item not added: ${JSON.stringify(added)}`);
  const waived = await services.cart.setWithdrawalWaiver(fan.owner, added.value.itemId, true);
  if (!waived.ok) throw new Error('waiver refused');
  return { itemId: added.value.itemId, couponCode: minted.value.code, billingAddressId };
}

/** A Kids membership given to a friend by e-mail (no shipping, no waiver). */
export function giftInCart(services: Services, fan: TestFan, email = 'friend@example.org'): Promise<string> {
  return addItem(services, fan, 'kids', 'gift', giftTo(email));
}

/** Checkout as the page submits it, every terms box ticked, in Italian, with a fresh key. */
export function placeRequest(fan: TestFan, more: Partial<Omit<PlaceOrderRequest, 'owner'>> = {}): PlaceOrderRequest {
  return {
    owner: fan.owner,
    checkoutKey: randomUUID(),
    language: 'it',
    billingAddressId: null,
    invoicing: NO_VAT_INVOICING,
    acceptedTerms: new Set(TERM_NAMES),
    expectedTotalCents: null,
    ...more,
  };
}
