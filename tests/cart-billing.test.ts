// The cart's billing address (issue 13, checkout): kept only when the address is the fan's own
// and the fan has a cart; read back for the page; forgotten when the address is deleted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../app/.server/db/client';
import { newFan } from './support/cart';
import { createTestDatabase } from './support/database';
import { addressOf, giftInCart } from './support/orders';
import { servicesFor } from './support/services';

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
