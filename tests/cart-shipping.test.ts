// Issue 30: a new item that ships starts at the fan's preferred address when its product may go
// there, so a fan with an address book never has to choose one for each item. On a real database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../app/.server/db/client';
import { configureRequest, draftWith, newFan, type TestFan } from './support/cart';
import { addItem, giftTo, savedAddressIn } from './support/cart-page';
import { manualClock } from './support/clock';
import { createTestDatabase } from './support/database';
import { blackAndWhiteForMyself } from './support/memberships';
import { servicesFor } from './support/services';

let database: Database;
const clock = manualClock('2026-12-01T09:00:00Z');
const services = () => servicesFor(database, { clock });
const cart = () => services().cart;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

function add(fan: TestFan, productId: string, process: 'buy' | 'gift', fields: Parameters<typeof addItem>[4] = {}) {
  clock.advance(1000);
  return addItem(services(), fan, productId, process, fields);
}

/** The fan's first address becomes the preferred one (addresses.create). */
const saveAddress = (fan: TestFan, countryCode: string) => services().addresses.create(fan.owner.customerId, savedAddressIn(countryCode));
const shippingOf = async (fan: TestFan, itemId: string) => (await cart().viewCart(fan.owner)).lines.find((line) => line.id === itemId)?.shipping;

describe('a new item’s starting address', () => {
  it('is the preferred address for an item that ships, and none for a gift or a virtual product', async () => {
    const fan = await newFan(services(), 'start-preferred');
    const home = await saveAddress(fan, 'IT');
    await saveAddress(fan, 'FR');
    const welcomePack = await add(fan, 'j1897', 'buy', { buyFor: 'BUY_CARD' });
    const gift = await add(fan, 'j1897', 'gift', giftTo('a@example.org'));
    const virtual = await add(fan, 'black-and-white', 'gift', giftTo('b@example.org'));
    expect(await shippingOf(fan, welcomePack)).toMatchObject({ kind: 'saved', addressId: home.id });
    expect(await shippingOf(fan, gift)).toBeNull();
    expect(await shippingOf(fan, virtual)).toBeNull();
    // Nothing left to choose for it: nothing blocks checkout (the withdrawal waiver is a choice).
    expect((await cart().viewCart(fan.owner)).blockers).toEqual([]);
  });

  it('is none when the product may not go to the preferred address’s country, nor without an address book', async () => {
    const abroad = await newFan(services(), 'start-not-allowed');
    await saveAddress(abroad, 'US');
    await saveAddress(abroad, 'IT');
    const welcomePack = await add(abroad, 'j1897', 'buy', { buyFor: 'BUY_CARD' });
    expect(await shippingOf(abroad, welcomePack)).toBeNull();
    expect((await cart().viewCart(abroad.owner)).blockers).toContain('addressesMissing');

    const bookless = await newFan(services(), 'start-no-book');
    expect(await shippingOf(bookless, await add(bookless, 'j1897', 'buy', { buyFor: 'BUY_CARD' }))).toBeNull();
  });

  it('is not imposed on an edited item: its own address stays', async () => {
    const fan = await newFan(services(), 'start-edit');
    const home = await saveAddress(fan, 'IT');
    const welcomePack = await add(fan, 'j1897', 'buy', { buyFor: 'BUY_CARD' });
    const other = await saveAddress(fan, 'FR');
    expect((await cart().chooseShippingAddress(fan.owner, welcomePack, other.id)).ok).toBe(true);
    const edited = await cart().configureItem({ ...configureRequest(fan, 'j1897', 'buy', draftWith({ buyFor: 'BUY_CARD' })), cartItemId: welcomePack });
    expect(edited.ok).toBe(true);
    expect(await shippingOf(fan, welcomePack)).toMatchObject({ kind: 'saved', addressId: other.id });
    expect(home.id).not.toBe(other.id);
  });

  it('is the preferred address for an upgrade to a product that ships', async () => {
    const fan = await newFan(services(), 'start-upgrade');
    const home = await saveAddress(fan, 'IT');
    const code = await blackAndWhiteForMyself({ services: services(), database, now: () => clock.now() }, fan);
    const added = await cart().saveFollowUpItem({ owner: fan.owner, process: 'upgrade', productId: 'j1897', membershipCode: code, cartItemId: null, automaticRenewal: true, submissionKey: null });
    if (!added.ok) throw new Error(`not added: ${JSON.stringify(added)}`);
    expect(await shippingOf(fan, added.value.itemId)).toMatchObject({ kind: 'saved', addressId: home.id });
  });
});

describe('the cart’s view of the address book', () => {
  it('carries the fan’s addresses, preferred first, once an item ships, and does not read them while nothing does', async () => {
    const fan = await newFan(services(), 'view-address-book');
    const home = await saveAddress(fan, 'IT');
    const away = await saveAddress(fan, 'FR');
    await add(fan, 'black-and-white', 'gift', giftTo('c@example.org'));
    expect((await cart().viewCart(fan.owner)).addressBook).toBeNull();
    const welcomePack = await add(fan, 'j1897', 'buy', { buyFor: 'BUY_CARD' });
    const view = await cart().viewCart(fan.owner);
    expect(view.addressBook?.map((address) => address.id)).toEqual([home.id, away.id]);
    // The same rows say where the item goes: the address chosen for it, not only the preferred one.
    expect((await cart().chooseShippingAddress(fan.owner, welcomePack, away.id)).ok).toBe(true);
    expect(await shippingOf(fan, welcomePack)).toMatchObject({ kind: 'saved', addressId: away.id, address: { countryCode: 'FR' } });
  });

  it('never holds another fan’s address', async () => {
    const fan = await newFan(services(), 'view-address-book-own');
    const stranger = await newFan(services(), 'view-address-book-stranger');
    await saveAddress(stranger, 'IT');
    const mine = await saveAddress(fan, 'IT');
    await add(fan, 'j1897', 'buy', { buyFor: 'BUY_CARD' });
    expect((await cart().viewCart(fan.owner)).addressBook?.map((address) => address.id)).toEqual([mine.id]);
  });
});
