// Double submits and two tabs, on a real database: a new-item form sent twice makes one item
// (in sequence and at once), a coupon is redeemed once, two removals of one item answer removed
// and gone, and changes to different items from two tabs both stay. On PostgreSQL, a change
// really waits for another transaction holding the fan's cart row.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../app/.server/db/client';
import { cartItems, carts } from '../app/.server/db/schema';
import { configureRequest, draftWith, newFan, type TestFan } from './support/cart';
import { addItem, giftTo, savedAddressIn } from './support/cart-page';
import { manualClock } from './support/clock';
import { signal, someoneWaitsForALock } from './support/concurrency';
import { createTestDatabase } from './support/database';
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

const KEY = '0b6a1e2c-3d4f-4a5b-8c6d-7e8f9a0b1c2d';
const giftRequest = (fan: TestFan, submissionKey: string | null, email = 'a@example.org') =>
  configureRequest(fan, 'kids', 'gift', draftWith(giftTo(email)), { submissionKey });
const itemIdsOf = async (fan: TestFan) => (await cart().listItems(fan.owner)).map((item) => item.id);

describe('a new-item form sent twice', () => {
  it('makes one item when sent again later, and the key finds it', async () => {
    const fan = await newFan(services(), 'twice-in-sequence');
    const first = await cart().configureItem(giftRequest(fan, KEY));
    if (!first.ok) throw new Error('not added');
    expect(await cart().configureItem(giftRequest(fan, KEY, 'other@example.org'))).toEqual(first);
    expect(await itemIdsOf(fan)).toEqual([first.value.itemId]);
    expect(await cart().findItemBySubmission(fan.owner, KEY)).toBe(first.value.itemId);
    // The key is the fan's own: another fan's form with the same key adds their own item.
    const other = await newFan(services(), 'twice-in-sequence-other');
    expect(await cart().findItemBySubmission(other.owner, KEY)).toBeNull();
    const theirs = await cart().configureItem(giftRequest(other, KEY));
    expect(theirs.ok && theirs.value.itemId !== first.value.itemId).toBe(true);
  });

  it('makes one item when both arrive at once', async () => {
    const fan = await newFan(services(), 'twice-at-once');
    const outcomes = await Promise.all([1, 2].map(() => cart().configureItem(giftRequest(fan, KEY))));
    expect(outcomes[0]).toEqual(outcomes[1]);
    expect(outcomes[0]?.ok).toBe(true);
    expect(await itemIdsOf(fan)).toHaveLength(1);
  });

  it('redeems a coupon once when a coupon form is sent twice at once', async () => {
    const fan = await newFan(services(), 'twice-coupon');
    const minted = await services().coupons.mint('stadium', new Date('2026-12-31T23:00:00Z'));
    if (!minted.ok) throw new Error('mint failed');
    const request = configureRequest(fan, 'stadium', 'coupon', draftWith({ couponCode: minted.value.code }), { submissionKey: KEY });
    const outcomes = await Promise.all([1, 2].map(() => cart().configureItem(request)));
    expect(outcomes.map((outcome) => outcome.ok)).toEqual([true, true]);
    expect(outcomes[0]).toEqual(outcomes[1]);
    expect(await cart().listItems(fan.owner)).toMatchObject([{ couponCode: minted.value.code }]);
  });

  it('adds again with another key, and never uses a key when editing', async () => {
    const fan = await newFan(services(), 'twice-other-key');
    const first = await cart().configureItem(giftRequest(fan, KEY));
    const second = await cart().configureItem(giftRequest(fan, '1c7b2f3d-4e5a-4b6c-9d7e-8f9a0b1c2d3e'));
    if (!first.ok || !second.ok) throw new Error('not added');
    expect(second.value.itemId).not.toBe(first.value.itemId);
    // An edit sent with the first page's key saves the edited item, not the one the key made.
    const edit = configureRequest(fan, 'kids', 'gift', draftWith(giftTo('edited@example.org')), { cartItemId: second.value.itemId, submissionKey: KEY });
    expect(await cart().configureItem(edit)).toEqual(second);
    expect(await cart().findItem(fan.owner, second.value.itemId)).toMatchObject({ gift: { contact: { email: 'edited@example.org' } } });
  });
});

describe('two tabs on one cart', () => {
  it('removes an item once when removed from two tabs at once: one answer removed, the other gone', async () => {
    const fan = await newFan(services(), 'tabs-remove');
    const itemId = await addItem(services(), fan, 'kids', 'gift', giftTo('b@example.org'));
    const outcomes = await Promise.all([1, 2].map(() => cart().removeItem(fan.owner, itemId)));
    expect(outcomes.map((outcome) => (outcome.ok ? 'removed' : outcome.reason)).sort()).toEqual(['gone', 'removed']);
    expect(await itemIdsOf(fan)).toEqual([]);
  });

  it('keeps both of two changes made at once to different items', async () => {
    const fan = await newFan(services(), 'tabs-two-items');
    const welcomePack = await addItem(services(), fan, 'j1897', 'buy', { buyFor: 'BUY_CARD' });
    const gift = await addItem(services(), fan, 'kids', 'gift', giftTo('c@example.org'));
    const address = await services().addresses.create(fan.owner.customerId, savedAddressIn('IT'));
    const [shipped, waived, removed] = await Promise.all([
      cart().chooseShippingAddress(fan.owner, welcomePack, address.id),
      cart().setWithdrawalWaiver(fan.owner, welcomePack, true),
      cart().removeItem(fan.owner, gift),
    ]);
    expect([shipped.ok, waived.ok, removed.ok]).toEqual([true, true, true]);
    const view = await cart().viewCart(fan.owner);
    expect(view.lines).toMatchObject([{ id: welcomePack, shipping: { kind: 'saved', addressId: address.id }, waivedAt: clock.now() }]);
    expect(view.blockers).toEqual([]);
  });

  it('answers not-found to a change of an item another tab removed', async () => {
    const fan = await newFan(services(), 'tabs-removed-meanwhile');
    const welcomePack = await addItem(services(), fan, 'j1897', 'buy', { buyFor: 'BUY_CARD' });
    expect((await cart().removeItem(fan.owner, welcomePack)).ok).toBe(true);
    expect(await cart().setWithdrawalWaiver(fan.owner, welcomePack, true)).toEqual({ ok: false, reason: 'not-found', fields: {} });
  });
});

describe.runIf(process.env.TEST_DATABASE_KIND === 'postgres')('the cart row lock on PostgreSQL', () => {
  it('makes a removal wait for another transaction holding the cart, then answer gone for what it removed', async () => {
    const fan = await newFan(services(), 'lock-remove');
    const itemId = await addItem(services(), fan, 'kids', 'gift', giftTo('d@example.org'));
    const [cartRow] = await database.db.select().from(carts).where(eq(carts.customerId, fan.owner.customerId));
    if (!cartRow) throw new Error('no cart');
    const [mayCommit, letCommit] = signal();
    const [locked, lockTaken] = signal();
    // Another tab's removal, frozen between locking the cart and committing.
    const other = database.db.transaction(async (tx) => {
      await tx.select().from(carts).where(eq(carts.id, cartRow.id)).for('update');
      await tx.delete(cartItems).where(eq(cartItems.id, itemId));
      lockTaken();
      await mayCommit;
    });
    await locked;
    const removing = cart().removeItem(fan.owner, itemId);
    await someoneWaitsForALock(database);
    letCommit();
    await other;
    expect(await removing).toEqual({ ok: false, reason: 'gone', fields: {} });
  });
});
