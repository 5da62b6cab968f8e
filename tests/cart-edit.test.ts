// Editing cart items through configureItem with a cartItemId: the edit form's prefill
// (draftOf) saves the same item again, changes are saved in place, and an item that is not the
// fan's (or not of this product) is not found and stays as it was.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../app/.server/db/client';
import { cartItems } from '../app/.server/db/schema';
import { manualClock } from './support/clock';
import { boyBornInRome, configureRequest, draftWith, newFan, type TestFan } from './support/cart';
import { createTestDatabase } from './support/database';
import { servicesFor } from './support/services';

let database: Database;
const clock = manualClock('2026-03-01T09:00:00Z');
const services = () => servicesFor(database, { clock });
const cart = () => services().cart;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

async function add(fan: TestFan, productId: string, process: 'buy' | 'gift', fields: Parameters<typeof draftWith>[0]) {
  const result = await cart().configureItem(configureRequest(fan, productId, process, draftWith(fields)));
  if (!result.ok) throw new Error(`not added: ${JSON.stringify(result)}`);
  return result.value.itemId;
}

async function itemRow(id: string) {
  const [row] = await database.db.select().from(cartItems).where(eq(cartItems.id, id));
  return row;
}

describe('the prefill round trip', () => {
  it('draftOf an on-behalf item gives the typed holder back, and saving it changes nothing', async () => {
    const fan = await newFan(services(), 'prefill-holder');
    const itemId = await add(fan, 'junior', 'buy', {
      ...boyBornInRome('2018-07-07'),
      email: ' luca@example.org ',
      phone: '+39 333 765 4321',
      automaticRenewal: 'on',
    });
    const item = await cart().findItem(fan.owner, itemId);
    if (!item) throw new Error('not found');
    const draft = cart().draftOf(item);
    expect(draft).toEqual(
      draftWith({
        ...boyBornInRome('2018-07-07'),
        email: 'luca@example.org',
        phone: '00393337654321',
        automaticRenewal: 'on',
      }),
    );
    clock.advance(60_000);
    expect(await cart().configureItem(configureRequest(fan, 'junior', 'buy', draft, { cartItemId: itemId }))).toEqual({ ok: true, value: { itemId } });
    expect(await cart().findItem(fan.owner, itemId)).toEqual(item);
    expect((await itemRow(itemId))?.updatedAt).toEqual(clock.now());
  });

  it('draftOf a gift gives the gift fields back (holder fields empty), and an edit saves the new message', async () => {
    const fan = await newFan(services(), 'prefill-gift');
    const itemId = await add(fan, 'kids', 'gift', { giftRecipient: 'someone', giftContactType: 'PHONE', giftPhone: '+39 333 111 2222', giftMessage: 'Auguri' });
    const item = await cart().findItem(fan.owner, itemId);
    if (!item) throw new Error('not found');
    const draft = cart().draftOf(item);
    expect(draft).toEqual(draftWith({ giftRecipient: 'someone', giftContactType: 'PHONE', giftPhone: '00393331112222', giftMessage: 'Auguri' }));
    expect(await cart().configureItem(configureRequest(fan, 'kids', 'gift', { ...draft, giftMessage: 'Buon compleanno' }, { cartItemId: itemId }))).toEqual({
      ok: true,
      value: { itemId },
    });
    expect(await cart().listItems(fan.owner)).toMatchObject([
      { id: itemId, gift: { recipient: 'someone', message: 'Buon compleanno', contact: { type: 'PHONE', phone: '00393331112222' } } },
    ]);
  });

  it('draftOf an item for myself leaves the holder fields empty and keeps the choice', async () => {
    const fan = await newFan(services(), 'prefill-myself');
    const itemId = await add(fan, 'j1897', 'buy', { buyFor: 'BUY_CARD', firstName: 'Forged' });
    const item = await cart().findItem(fan.owner, itemId);
    if (!item) throw new Error('not found');
    expect(cart().draftOf(item)).toEqual(draftWith({ buyFor: 'BUY_CARD' }));
  });
});

describe('saving an edit', () => {
  it('compares an edited item with the other items only: it may become a conflict, refused, changing nothing', async () => {
    const fan = await newFan(services(), 'edit-conflict');
    await add(fan, 'j1897', 'buy', { buyFor: 'BUY_CARD' });
    const onBehalf = await add(fan, 'j1897', 'buy', boyBornInRome('2011-05-05'));
    const before = await cart().findItem(fan.owner, onBehalf);
    expect(await cart().configureItem(configureRequest(fan, 'j1897', 'buy', draftWith({ buyFor: 'BUY_CARD' }), { cartItemId: onBehalf }))).toEqual({
      ok: false,
      reason: 'invalid',
      fields: { product: 'membershipOfKindInCart' },
    });
    expect(await cart().findItem(fan.owner, onBehalf)).toEqual(before);
    expect(await cart().countItems(fan.owner)).toBe(2);
  });

  it("answers not-found for another fan's item, an item of another product, or no uuid, and changes nothing", async () => {
    const [owner, intruder] = [await newFan(services(), 'edit-owner'), await newFan(services(), 'edit-intruder')];
    const itemId = await add(owner, 'junior', 'buy', boyBornInRome('2017-01-01'));
    const before = await itemRow(itemId);
    const rename = draftWith({ ...boyBornInRome('2017-01-01'), firstName: 'Hacked' });
    const notFound = { ok: false, reason: 'not-found', fields: {} };
    expect(await cart().configureItem(configureRequest(intruder, 'junior', 'buy', rename, { cartItemId: itemId }))).toEqual(notFound);
    expect(await cart().configureItem(configureRequest(owner, 'kids', 'buy', draftWith(boyBornInRome('2024-01-01')), { cartItemId: itemId }))).toEqual(notFound);
    expect(await cart().configureItem(configureRequest(owner, 'junior', 'buy', rename, { cartItemId: 'x' }))).toEqual(notFound);
    expect(await cart().configureItem(configureRequest(owner, 'junior', 'buy', rename, { cartItemId: '00000000-0000-4000-8000-000000000000' }))).toEqual(notFound);
    expect(await itemRow(itemId)).toEqual(before);
    expect(await cart().countItems(intruder.owner)).toBe(0);
    expect(await cart().countItems(owner.owner)).toBe(1);
  });
});
