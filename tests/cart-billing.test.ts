// The cart's billing address (issue 13, checkout): kept only when the address is the fan's own
// and the fan has a cart; read back for the page; forgotten when the address is deleted. And the
// country it is in: placing the order, it answers the country rule of every item that ships nowhere.
import { randomUUID } from 'node:crypto';
import type { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../app/.server/db/client';
import * as checkout from '../app/routes/checkout/checkout';
import { configureRequest, draftWith, MARIO_PROFILE, newFan } from './support/cart';
import { addItem, giftTo, savedAddressIn } from './support/cart-page';
import { createTestDatabase } from './support/database';
import { addressOf, couponMembershipInCart, giftInCart, placeRequest } from './support/orders';
import { runSecured } from './support/reload-docs';
import { servicesFor } from './support/services';
import { createShopContext, signedInCookie } from './support/signed-in';

let database: Database;
const services = () => servicesFor(database);

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

describe('the billing address on the cart', () => {
  it("keeps one of the fan's own addresses, and reads it back", async () => {
    const fan = await newFan(services(), 'billing-own');
    await giftInCart(services(), fan);
    const addressId = await addressOf(services(), fan);
    expect(await services().cart.billingAddressId(fan.owner)).toBeNull();
    expect(await services().cart.setBillingAddress(fan.owner, addressId)).toEqual({ ok: true, value: { addressId } });
    expect(await services().cart.billingAddressId(fan.owner)).toBe(addressId);
  });

  it("refuses someone else's address, a malformed id, and a fan without a cart", async () => {
    const fan = await newFan(services(), 'billing-fan');
    const other = await newFan(services(), 'billing-other');
    await giftInCart(services(), fan);
    const othersAddress = await addressOf(services(), other);
    expect(await services().cart.setBillingAddress(fan.owner, othersAddress)).toMatchObject({ ok: false, reason: 'not-found' });
    expect(await services().cart.setBillingAddress(fan.owner, 'not-a-uuid')).toMatchObject({ ok: false, reason: 'not-found' });
    expect(await services().cart.billingAddressId(fan.owner)).toBeNull();
    // The other fan has an address but no cart: nothing to keep it on.
    expect(await services().cart.setBillingAddress(other.owner, othersAddress)).toMatchObject({ ok: false, reason: 'not-found' });
    // Another fan's session cannot read this cart's choice.
    expect(await services().cart.billingAddressId({ ...other.owner, customerId: fan.owner.customerId })).toBeNull();
  });

  it('is forgotten when the address is deleted', async () => {
    const fan = await newFan(services(), 'billing-deleted');
    await giftInCart(services(), fan);
    const addressId = await addressOf(services(), fan);
    await services().cart.setBillingAddress(fan.owner, addressId);
    expect(await services().addresses.delete(fan.owner.customerId, addressId)).toMatchObject({ ok: true });
    expect(await services().cart.billingAddressId(fan.owner)).toBeNull();
  });
});

describe('the country the cart is billed in', () => {
  const addressIn = async (fan: Awaited<ReturnType<typeof newFan>>, countryCode: string) =>
    (await services().addresses.create(fan.owner.customerId, savedAddressIn(countryCode))).id;

  it('answers the rule of a product that ships nowhere: Stadium with a coupon is billed in Italy, San Marino or the Vatican only', async () => {
    const fan = await newFan(services(), 'billing-country-stadium');
    const paris = await addressIn(fan, 'FR');
    await couponMembershipInCart(services(), fan);
    // Nothing to pay, but the billing address is what answers Stadium's rule: it is asked for.
    expect(await services().orders.place(placeRequest(fan))).toEqual({ ok: false, reason: 'invalid', fields: { billingAddressId: 'required' } });
    expect(await services().orders.place(placeRequest(fan, { billingAddressId: paris }))).toEqual({
      ok: false,
      reason: 'invalid',
      fields: { billingAddressId: 'notAvailableForProduct' },
    });
    expect(await services().orders.list(fan.owner)).toEqual([]);
    const sanMarino = await addressIn(fan, 'SM');
    const placed = await services().orders.place(placeRequest(fan, { billingAddressId: sanMarino }));
    if (!placed.ok) throw new Error(JSON.stringify(placed));
    expect((await services().orders.find(fan.owner, placed.value.orderId))?.billingAddress).toMatchObject({ addressId: sanMarino, countryCode: 'SM' });
  });

  it('judges a gift by where it is billed, and an item that ships by where it goes', async () => {
    // J1897 is not sold in the United States.
    const gifter = await newFan(services(), 'billing-country-gift');
    const gifterInUs = await addressIn(gifter, 'US');
    await addItem(services(), gifter, 'j1897', 'gift', giftTo('friend@example.org'));
    expect(await services().orders.place(placeRequest(gifter, { billingAddressId: gifterInUs }))).toEqual({
      ok: false,
      reason: 'invalid',
      fields: { billingAddressId: 'notAvailableForProduct' },
    });

    const fan = await newFan(services(), 'billing-country-shipped');
    const inUs = await addressIn(fan, 'US');
    const turin = await addressOf(services(), fan);
    const item = await addItem(services(), fan, 'j1897', 'buy', { buyFor: 'BUY_CARD' });
    expect((await services().cart.chooseShippingAddress(fan.owner, item, turin)).ok).toBe(true);
    expect(await services().orders.place(placeRequest(fan, { billingAddressId: inUs }))).toMatchObject({ ok: true, value: { status: 'awaiting_payment' } });
  });
});

describe('the checkout page of a fan whose only address is in France, with Stadium from a coupon', () => {
  let context: RouterContextProvider;
  let stopAuth: () => void;
  beforeAll(async () => {
    ({ context, stop: stopAuth } = await createShopContext(database));
  });
  afterAll(() => stopAuth?.());

  it('shows the address unable to bill Stadium and why, where Stadium is sold and the way on; a pay is refused naming it (400)', async () => {
    const { customer, cookie } = await signedInCookie(context, 'checkout-page-paris', { firstName: 'Mario', lastName: 'Rossi' });
    await services().customers.updateProfile(customer.id, 'checkout-page-paris', MARIO_PROFILE);
    const fan = { owner: { customerId: customer.id, subject: 'checkout-page-paris' }, ip: '2001:db8::48' };
    const paris = (await services().addresses.create(customer.id, savedAddressIn('FR', 'Paris'))).id;
    const minted = await services().coupons.mint('stadium', new Date('2027-06-30T22:00:00Z'));
    if (!minted.ok) throw new Error('mint failed');
    const added = await services().cart.configureItem(configureRequest(fan, 'stadium', 'coupon', draftWith({ buyFor: 'BUY_CARD', couponCode: minted.value.code })));
    expect(added.ok).toBe(true);

    const page = await runSecured(context, checkout.loader as never, '/checkout', { cookie });
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({
      rules: { totalCents: 0, billingRequired: true },
      billing: {
        addresses: [{ id: paris, selectable: false, unavailableText: 'Cannot bill this cart: Stadium is not sold in this country.' }],
        chosen: null,
        countryRules: {
          rules: ['Stadium is sold only in Italy, San Marino and Vatican City: bill it to an address there.'],
          stuck: { text: expect.stringMatching(/^None of your addresses can bill this cart: add one .*, or remove the product from your cart\.$/), cartHref: '/cart' },
        },
      },
    });

    const pay = (fields: Record<string, string>) => {
      const body = new FormData();
      for (const [name, value] of Object.entries({ intent: 'pay', checkoutKey: randomUUID(), membershipTerms: 'on', guardianDeclaration: 'on', ...fields })) body.set(name, value);
      return runSecured(context, checkout.action as never, '/checkout', { cookie, body });
    };
    const errorsOf = (answer: Awaited<ReturnType<typeof pay>>) => (answer.data as { result: { error: Record<string, string[]> } }).result.error;
    const unbilled = await pay({});
    expect(unbilled.status).toBe(400);
    expect(errorsOf(unbilled)).toEqual({ billingAddressId: ['checkout:errors.billingRequired'] });
    // The disabled address sent anyway (a forged or stale form): refused, naming the product.
    const billedInParis = await pay({ billingAddressId: paris });
    expect(billedInParis.status).toBe(400);
    expect(errorsOf(billedInParis)).toEqual({
      billingAddressId: ['This address cannot bill your cart: Stadium is not sold in that country. Choose another address, or remove it from your cart.'],
    });
    expect(await services().orders.list(fan.owner)).toEqual([]);
  });
});

