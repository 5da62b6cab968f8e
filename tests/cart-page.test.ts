// The cart page's use cases on a real database: the cart priced now (promo ends, sold out),
// shipping per item (saved and temporary addresses, restrictions, parcels), the withdrawal
// waiver, removing items, the card-without-documents rule, and every record checked as the fan's.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../app/.server/db/client';
import { cartItemDocuments, cartItems, coupons, customers, productVariants, products } from '../app/.server/db/schema';
import { configureRequest, draftWith, newFan, scan, testDocumentStore, type TestFan } from './support/cart';
import { addItem, draftAbroad, giftTo, savedAddressIn, TURIN_DRAFT } from './support/cart-page';
import { manualClock } from './support/clock';
import { createTestDatabase } from './support/database';
import { servicesFor } from './support/services';

let database: Database;
let documents: ReturnType<typeof testDocumentStore>;
// The black-and-white promo (49.90 € instead of 59.90 €) runs until 2026-12-28 23:00 UTC.
const clock = manualClock('2026-12-01T09:00:00Z');
const services = () => servicesFor(database, { clock, documents: documents.store });
const cart = () => services().cart;

beforeAll(async () => {
  database = await createTestDatabase();
  documents = testDocumentStore(database);
});

afterAll(async () => {
  await database?.close();
});

/** Adds an item a second after the one before: the cart lists items in the order they were added. */
function add(fan: TestFan, productId: string, process: 'buy' | 'gift', fields: Parameters<typeof addItem>[4] = {}) {
  clock.advance(1000);
  return addItem(services(), fan, productId, process, fields);
}

const j1897ForMe = (fan: TestFan) => add(fan, 'j1897', 'buy', { buyFor: 'BUY_CARD' });

async function clubCard(fan: TestFan) {
  clock.advance(1000);
  const draft = draftWith({ buyFor: 'BUY_CARD', variantId: 'jcard-48', documentType: 'IDENTITY', customization: 'ADA' });
  const sides = { documentFront: scan('front.png', 'FRONT'), documentBack: scan('back.png', 'BACK') };
  const result = await cart().configureItem(configureRequest(fan, 'jcard', 'buy', draft, { documents: sides }));
  if (!result.ok) throw new Error(`not added: ${JSON.stringify(result)}`);
  return result.value.itemId;
}

const saveAddress = (fan: TestFan, countryCode: string) => services().addresses.create(fan.owner.customerId, savedAddressIn(countryCode));
const lineOf = async (fan: TestFan, itemId: string) => (await cart().viewCart(fan.owner)).lines.find((line) => line.id === itemId);

describe('the cart priced now', () => {
  it('is empty, with nothing to pay and checkout blocked, for a fan without a cart and for an owner that does not check out', async () => {
    const fan = await newFan(services(), 'view-empty');
    const empty = { lines: [], voucher: null, totals: { subtotalCents: 0, voucherDiscountCents: 0, shippingCents: 0, totalCents: 0 }, blockers: ['empty'], addressBook: null };
    expect(await cart().viewCart(fan.owner)).toEqual(empty);
    await add(fan, 'kids', 'gift', giftTo('a@example.org'));
    expect(await cart().viewCart({ ...fan.owner, subject: 'someone-else' })).toEqual(empty);
  });

  it('adds up the items at the prices of the moment and says what blocks checkout', async () => {
    const fan = await newFan(services(), 'view-sums');
    const kids = await add(fan, 'kids', 'gift', giftTo('a@example.org'));
    const promo = await add(fan, 'black-and-white', 'gift', giftTo('b@example.org'));
    const welcomePack = await j1897ForMe(fan);
    const view = await cart().viewCart(fan.owner);
    expect(view.lines.map((line) => [line.id, line.priceNowCents, line.needsShipping, line.needsWaiver])).toEqual([
      [kids, 1500, false, false],
      [promo, 4990, false, false],
      [welcomePack, 14900, true, true],
    ]);
    expect(view.lines[2]).toMatchObject({ product: { id: 'j1897', kind: 'membership', tag: 'membership', virtual: false }, shipping: null, soldOut: false });
    expect(view.totals).toEqual({ subtotalCents: 21390, voucherDiscountCents: 0, shippingCents: 0, totalCents: 21390 });
    // The withdrawal waiver J1897 asks is the fan's choice, not a blocker (issue 30): only its address is.
    expect(view.lines[2]).toMatchObject({ needsWaiver: true, waivedAt: null });
    expect(view.blockers).toEqual(['addressesMissing']);
  });

  it('lists each item’s documents as the fan sent them: the card’s two sides, none for the others', async () => {
    const fan = await newFan(services(), 'view-documents');
    const kids = await add(fan, 'kids', 'gift', giftTo('d@example.org'));
    const card = await clubCard(fan);
    const welcomePack = await j1897ForMe(fan);
    const documentsOf = async (itemId: string) => (await lineOf(fan, itemId))?.documents.map((document) => [document.side, document.fileName]);
    expect(await documentsOf(kids)).toEqual([]);
    expect(await documentsOf(card)).toEqual([
      ['FRONT', 'front.png'],
      ['BACK', 'back.png'],
    ]);
    expect(await documentsOf(welcomePack)).toEqual([]);
  });

  it('takes the customer row the sign-in read with the owner, and refuses one that is not the owner’s', async () => {
    const fan = await newFan(services(), 'view-known-customer');
    const other = await newFan(services(), 'view-known-other');
    const itemId = await add(fan, 'kids', 'gift', giftTo('e@example.org'));
    const rowOf = async (customerId: string) => (await database.db.select().from(customers).where(eq(customers.id, customerId)))[0];
    const customer = await rowOf(fan.owner.customerId);
    if (!customer) throw new Error('no customer row');
    expect((await cart().viewCart({ ...fan.owner, customer })).lines.map((line) => line.id)).toEqual([itemId]);
    // Another fan's row, or the fan's row under another subject, is not the owner: nothing is shown.
    expect((await cart().viewCart({ ...fan.owner, customer: await rowOf(other.owner.customerId) })).lines).toEqual([]);
    expect((await cart().viewCart({ ...fan.owner, customer: { ...customer, oidcSubject: 'someone-else' } })).lines).toEqual([]);
  });

  it('prices an item anew once its promo has ended, keeps the old snapshot to explain it, and takes the new one with the next change', async () => {
    const fan = await newFan(services(), 'view-promo-end');
    const itemId = await add(fan, 'black-and-white', 'gift', giftTo('c@example.org'));
    const before = clock.now();
    clock.set('2026-12-29T09:00:00Z');
    try {
      expect(await lineOf(fan, itemId)).toMatchObject({ unitPriceCents: 4990, priceNowCents: 5990 });
      expect((await cart().removeVoucher(fan.owner)).ok).toBe(true);
      expect(await lineOf(fan, itemId)).toMatchObject({ unitPriceCents: 5990, priceNowCents: 5990 });
    } finally {
      clock.set(before);
    }
  });

  it('marks an item whose size ran out, or whose product sold out, and blocks checkout', async () => {
    const fan = await newFan(services(), 'view-sold-out');
    const card = await clubCard(fan);
    await database.db.update(productVariants).set({ stockQty: 0 }).where(eq(productVariants.id, 'jcard-48'));
    try {
      expect(await lineOf(fan, card)).toMatchObject({ soldOut: true, size: { label: expect.any(String) } });
      expect((await cart().viewCart(fan.owner)).blockers).toContain('soldOut');
    } finally {
      await database.db.update(productVariants).set({ stockQty: 250 }).where(eq(productVariants.id, 'jcard-48'));
    }
    expect(await lineOf(fan, card)).toMatchObject({ soldOut: false });
    await services().catalogue.markSoldOut('jcard');
    try {
      expect(await lineOf(fan, card)).toMatchObject({ soldOut: true });
    } finally {
      await database.db.update(products).set({ soldOut: false }).where(eq(products.id, 'jcard'));
    }
  });
});

describe('shipping per item', () => {
  it('ships to a saved address or a temporary one, one parcel per destination priced by zone', async () => {
    const fan = await newFan(services(), 'ship-parcels');
    const welcomePack = await j1897ForMe(fan);
    const card = await clubCard(fan);
    const turin = await saveAddress(fan, 'IT');
    expect(await cart().chooseShippingAddress(fan.owner, welcomePack, turin.id)).toEqual({ ok: true, value: { name: { it: 'J1897', en: 'J1897' }, removedWithoutDocuments: [] } });
    expect((await cart().chooseShippingAddress(fan.owner, card, turin.id)).ok).toBe(true);
    let view = await cart().viewCart(fan.owner);
    expect(view.lines.map((line) => line.shipping)).toEqual([
      { kind: 'saved', addressId: turin.id, address: expect.objectContaining({ countryCode: 'IT', city: 'Torino' }) },
      { kind: 'saved', addressId: turin.id, address: expect.objectContaining({ countryCode: 'IT' }) },
    ]);
    expect(view.totals.shippingCents).toBe(500);

    expect(await cart().setTemporaryAddress(fan.owner, card, draftAbroad('FR', 'Paris'))).toEqual({ ok: true, value: { removedWithoutDocuments: [] } });
    view = await cart().viewCart(fan.owner);
    expect(view.lines[1]?.shipping).toEqual({ kind: 'temporary', address: expect.objectContaining({ countryCode: 'FR', city: 'Paris', phone: '00393331234567' }) });
    expect(view.totals).toMatchObject({ subtotalCents: 15900, shippingCents: 500 + 900, totalCents: 15900 + 1400 });
    // The temporary address replaced the saved one on that item only, and never reached the address book.
    expect((await services().addresses.list(fan.owner.customerId)).map((address) => address.id)).toEqual([turin.id]);
    expect((await cart().chooseShippingAddress(fan.owner, card, turin.id)).ok).toBe(true);
    expect((await lineOf(fan, card))?.shipping).toMatchObject({ kind: 'saved', addressId: turin.id });
  });

  it('resolves a typed Italian address against the lookups, and refuses a bad one field by field', async () => {
    const fan = await newFan(services(), 'ship-temporary');
    const welcomePack = await j1897ForMe(fan);
    expect((await cart().setTemporaryAddress(fan.owner, welcomePack, { ...TURIN_DRAFT, city: 'forged', state: 'forged' })).ok).toBe(true);
    expect((await lineOf(fan, welcomePack))?.shipping).toEqual({
      kind: 'temporary',
      address: expect.objectContaining({ city: 'Torino', cityCode: 'L219', state: 'Torino', region: 'Piemonte', provinceCode: 'TO' }),
    });
    const refused = await cart().setTemporaryAddress(fan.owner, welcomePack, { ...TURIN_DRAFT, firstName: '', phone: '12' });
    expect(refused).toMatchObject({ ok: false, reason: 'invalid', fields: { firstName: 'required', phone: 'invalid' } });
    expect((await lineOf(fan, welcomePack))?.shipping).toMatchObject({ address: { city: 'Torino' } });
  });

  it('refuses addresses the product cannot go to, a restricted country, and items that ship nothing', async () => {
    const fan = await newFan(services(), 'ship-refusals');
    const welcomePack = await j1897ForMe(fan);
    const gift = await add(fan, 'kids', 'gift', giftTo('d@example.org'));
    const italy = await saveAddress(fan, 'IT');
    const unitedStates = await saveAddress(fan, 'US');
    const russia = await saveAddress(fan, 'RU');
    expect(await cart().chooseShippingAddress(fan.owner, welcomePack, unitedStates.id)).toEqual({
      ok: false,
      reason: 'invalid',
      fields: { addressId: 'notAvailableForProduct' },
    });
    expect(await cart().chooseShippingAddress(fan.owner, welcomePack, russia.id)).toMatchObject({ fields: { addressId: 'restrictedCountry' } });
    expect(await cart().setTemporaryAddress(fan.owner, welcomePack, draftAbroad('RU', 'Moskva'))).toMatchObject({ fields: { countryCode: 'restrictedCountry' } });
    expect(await cart().setTemporaryAddress(fan.owner, welcomePack, draftAbroad('US', 'Boston'))).toMatchObject({ fields: { countryCode: 'notAvailableForProduct' } });
    expect(await cart().chooseShippingAddress(fan.owner, gift, italy.id)).toMatchObject({ reason: 'invalid', fields: { addressId: 'notNeeded' } });
    expect(await cart().setTemporaryAddress(fan.owner, gift, TURIN_DRAFT)).toMatchObject({ reason: 'invalid', fields: { addressId: 'notNeeded' } });
    expect((await cart().viewCart(fan.owner)).lines.map((line) => line.shipping)).toEqual([null, null]);
  });

  it('blocks checkout when a catalogue change makes a chosen address unusable', async () => {
    const fan = await newFan(services(), 'ship-catalogue-change');
    const welcomePack = await j1897ForMe(fan);
    const italy = await saveAddress(fan, 'IT');
    await cart().chooseShippingAddress(fan.owner, welcomePack, italy.id);
    await cart().setWithdrawalWaiver(fan.owner, welcomePack, true);
    expect((await cart().viewCart(fan.owner)).blockers).toEqual([]);
    await database.db.update(products).set({ notAvailableInCountries: ['US', 'IT'] }).where(eq(products.id, 'j1897'));
    try {
      expect(await lineOf(fan, welcomePack)).toMatchObject({ shippingRestriction: 'notAvailableForProduct' });
      expect((await cart().viewCart(fan.owner)).blockers).toEqual(['addressNotAllowed']);
    } finally {
      await database.db.update(products).set({ notAvailableInCountries: ['US'] }).where(eq(products.id, 'j1897'));
    }
  });

  it('answers not-found for an item or an address that is not the fan’s, and changes nothing', async () => {
    const fan = await newFan(services(), 'ship-owner');
    const other = await newFan(services(), 'ship-owner-other');
    const welcomePack = await j1897ForMe(fan);
    const othersPack = await j1897ForMe(other);
    const mine = await saveAddress(fan, 'IT');
    const theirs = await saveAddress(other, 'IT');
    for (const attempt of [
      cart().chooseShippingAddress(fan.owner, welcomePack, theirs.id),
      cart().chooseShippingAddress(fan.owner, othersPack, mine.id),
      cart().chooseShippingAddress(fan.owner, 'not-a-uuid', mine.id),
      cart().chooseShippingAddress(fan.owner, welcomePack, 'not-a-uuid'),
      cart().setTemporaryAddress(fan.owner, othersPack, TURIN_DRAFT),
      cart().setWithdrawalWaiver(fan.owner, othersPack, true),
      cart().chooseShippingAddress({ ...fan.owner, subject: 'forged' }, welcomePack, mine.id),
    ]) {
      expect(await attempt).toEqual({ ok: false, reason: 'not-found', fields: {} });
    }
    expect((await cart().viewCart(fan.owner)).lines[0]?.shipping).toBeNull();
    expect((await cart().viewCart(other.owner)).lines[0]).toMatchObject({ shipping: null, waivedAt: null });
  });
});

describe('the withdrawal waiver', () => {
  it('records when the fan asked, keeps that moment when asked again, clears it when withdrawn, and refuses items that need none', async () => {
    const fan = await newFan(services(), 'waiver');
    const welcomePack = await j1897ForMe(fan);
    const gift = await add(fan, 'kids', 'gift', giftTo('e@example.org'));
    const asked = clock.now();
    expect(await cart().setWithdrawalWaiver(fan.owner, welcomePack, true)).toEqual({ ok: true, value: { removedWithoutDocuments: [] } });
    clock.advance(60_000);
    await cart().setWithdrawalWaiver(fan.owner, welcomePack, true);
    expect(await lineOf(fan, welcomePack)).toMatchObject({ waivedAt: asked });
    await cart().setWithdrawalWaiver(fan.owner, welcomePack, false);
    expect(await lineOf(fan, welcomePack)).toMatchObject({ waivedAt: null });
    expect(await cart().setWithdrawalWaiver(fan.owner, gift, true)).toEqual({ ok: false, reason: 'invalid', fields: { waiver: 'notNeeded' } });
  });
});

describe('removing items', () => {
  it('removes the fan’s item with its documents and coupon; a second removal answers gone, someone else’s not-found', async () => {
    const fan = await newFan(services(), 'remove');
    const other = await newFan(services(), 'remove-other');
    const card = await clubCard(fan);
    const minted = await services().coupons.mint('stadium', new Date('2026-12-31T23:00:00Z'));
    if (!minted.ok) throw new Error('mint failed');
    const coupon = await cart().configureItem(configureRequest(fan, 'stadium', 'coupon', draftWith({ couponCode: minted.value.code })));
    if (!coupon.ok) throw new Error(`coupon item not added: ${JSON.stringify(coupon)}`);
    const othersGift = await add(other, 'kids', 'gift', giftTo('f@example.org'));
    const filesBefore = (await documents.files()).length;

    expect(await cart().removeItem(fan.owner, card)).toEqual({ ok: true, value: { removed: { it: 'Carta del club', en: 'Club Card' }, removedWithoutDocuments: [] } });
    expect((await documents.files()).length).toBe(filesBefore - 2);
    expect(await database.db.select().from(cartItemDocuments).where(eq(cartItemDocuments.cartItemId, card))).toEqual([]);
    expect((await cart().removeItem(fan.owner, coupon.value.itemId)).ok).toBe(true);
    const [couponRow] = await database.db.select().from(coupons).where(eq(coupons.code, minted.value.code));
    expect(couponRow).toMatchObject({ redeemedBy: null, redeemedAt: null });

    expect(await cart().removeItem(fan.owner, card)).toEqual({ ok: false, reason: 'gone', fields: {} });
    expect(await cart().removeItem(fan.owner, othersGift)).toEqual({ ok: false, reason: 'not-found', fields: {} });
    expect(await cart().removeItem(fan.owner, 'not-a-uuid')).toEqual({ ok: false, reason: 'not-found', fields: {} });
    expect((await cart().viewCart(other.owner)).lines.map((line) => line.id)).toEqual([othersGift]);
  });

  it('removes a card item whose document front is gone with the next change, names it, and deletes its other file', async () => {
    const fan = await newFan(services(), 'remove-without-documents');
    const gift = await add(fan, 'kids', 'gift', giftTo('g@example.org'));
    const card = await clubCard(fan);
    const [front] = await database.db
      .delete(cartItemDocuments)
      .where(and(eq(cartItemDocuments.cartItemId, card), eq(cartItemDocuments.side, 'FRONT')))
      .returning();
    const [back] = await database.db.select().from(cartItemDocuments).where(eq(cartItemDocuments.cartItemId, card));
    if (!front || !back) throw new Error('no documents');
    expect(await documents.files()).toContain(back.storageId);
    // A refused change changes nothing, not even this.
    expect(await cart().setWithdrawalWaiver(fan.owner, gift, false)).toMatchObject({ ok: false });
    expect((await cart().viewCart(fan.owner)).lines).toHaveLength(2);
    expect(await cart().removeVoucher(fan.owner)).toEqual({ ok: true, value: { removedWithoutDocuments: [{ it: 'Carta del club', en: 'Club Card' }] } });
    expect((await cart().viewCart(fan.owner)).lines.map((line) => line.id)).toEqual([gift]);
    expect(await database.db.select().from(cartItems).where(eq(cartItems.id, card))).toEqual([]);
    expect(await documents.files()).not.toContain(back.storageId);
  });
});
