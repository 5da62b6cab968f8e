// The cart service's configureItem for memberships (buy for myself, on behalf, gift) and its
// refusals, and the reads the cart pages use. Coupons: cart-coupons.test.ts; the club card and
// its documents: cart-documents.test.ts; editing: cart-edit.test.ts.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../app/.server/db/client';
import { cartItems, carts } from '../app/.server/db/schema';
import { manualClock } from './support/clock';
import { boyBornInRome, configureRequest, draftWith, MARIO_PROFILE, newFan } from './support/cart';
import { signal, someoneWaitsForALock } from './support/concurrency';
import { createTestDatabase } from './support/database';
import { servicesFor } from './support/services';

let database: Database;
// Rome's day is 2026-03-01 all morning; the Christmas promo of Black & White is not on.
const clock = manualClock('2026-03-01T09:00:00Z');
const services = () => servicesFor(database, { clock });
const cart = () => services().cart;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

async function itemRowsOf(customerId: string) {
  const rows = await database.db
    .select({ item: cartItems })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(eq(carts.customerId, customerId));
  return rows.map((row) => row.item);
}

describe('buying a membership for myself', () => {
  it('adds the item at the list price; the holder is the profile even when holder fields are forged', async () => {
    const fan = await newFan(services(), 'myself-forged');
    const forged = { firstName: 'Evil', lastName: 'Twin', dob: '2015-01-01', gender: 'F', birthCountryCode: 'FR', taxCode: 'XXXXXX00X00X000X' };
    const result = await cart().configureItem(
      configureRequest(fan, 'black-and-white', 'buy', draftWith({ buyFor: 'BUY_CARD', automaticRenewal: 'on', ...forged })),
    );
    expect(result).toEqual({ ok: true, value: { itemId: expect.any(String) } });
    const items = await cart().listItems(fan.owner);
    expect(items).toEqual([
      {
        id: result.ok ? result.value.itemId : '',
        productId: 'black-and-white',
        process: 'buy',
        previousMembership: null,
        creditCents: 0,
        buyFor: 'BUY_CARD',
        holder: null,
        couponCode: null,
        automaticRenewal: true,
        variantId: null,
        customization: null,
        documentType: null,
        documents: [],
        gift: null,
        unitPriceCents: 5990,
        createdAt: expect.any(Date),
      },
    ]);
    // The forged holder counts for nothing: a second Black & White for myself is the same person's.
    const again = await cart().configureItem(configureRequest(fan, 'black-and-white', 'buy', draftWith({ buyFor: 'BUY_CARD' })));
    expect(again).toEqual({ ok: false, reason: 'invalid', fields: { product: 'membershipOfKindInCart' } });
  });

  it('takes the promo price of the moment as the snapshot', async () => {
    const fan = await newFan(services(), 'myself-promo');
    const atChristmas = servicesFor(database, { clock: manualClock('2026-12-01T10:00:00Z') }).cart;
    const result = await atChristmas.configureItem(configureRequest(fan, 'black-and-white', 'buy', draftWith()));
    expect(result.ok).toBe(true);
    expect((await cart().listItems(fan.owner)).map((item) => [item.buyFor, item.unitPriceCents])).toEqual([['BUY_CARD', 4990]]);
  });

  it('refuses the same kind twice for myself, but takes another kind, and the same kind for someone else', async () => {
    const fan = await newFan(services(), 'myself-kinds');
    expect((await cart().configureItem(configureRequest(fan, 'j1897', 'buy', draftWith()))).ok).toBe(true);
    expect(await cart().configureItem(configureRequest(fan, 'j1897', 'buy', draftWith({ buyFor: 'BUY_CARD' })))).toEqual({
      ok: false,
      reason: 'invalid',
      fields: { product: 'membershipOfKindInCart' },
    });
    expect((await cart().configureItem(configureRequest(fan, 'black-and-white', 'buy', draftWith()))).ok).toBe(true);
    // J1897 on behalf of a 15-year-old: another holder.
    expect((await cart().configureItem(configureRequest(fan, 'j1897', 'buy', draftWith(boyBornInRome('2010-06-15'))))).ok).toBe(true);
    expect(await cart().countItems(fan.owner)).toBe(3);
  });

  it('refuses one of two parallel saves of the same kind for myself', async () => {
    const fan = await newFan(services(), 'myself-race');
    expect((await cart().configureItem(configureRequest(fan, 'kids', 'buy', draftWith(boyBornInRome('2023-01-01'))))).ok).toBe(true);
    const outcomes = await Promise.all([1, 2].map(() => cart().configureItem(configureRequest(fan, 'j1897', 'buy', draftWith()))));
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([{ ok: false, reason: 'invalid', fields: { product: 'membershipOfKindInCart' } }]);
    expect(await itemRowsOf(fan.owner.customerId)).toHaveLength(2);
  });
});

describe.runIf(process.env.TEST_DATABASE_KIND === 'postgres')('the cart row lock on PostgreSQL', () => {
  it("waits for another transaction holding the fan's cart, then sees the item it committed", async () => {
    const fan = await newFan(services(), 'myself-lock');
    expect((await cart().configureItem(configureRequest(fan, 'kids', 'buy', draftWith(boyBornInRome('2023-01-01'))))).ok).toBe(true);
    const [cartRow] = await database.db.select().from(carts).where(eq(carts.customerId, fan.owner.customerId));
    if (!cartRow) throw new Error('no cart');
    const [mayCommit, letCommit] = signal();
    const [locked, lockTaken] = signal();
    // Another save of this fan, frozen between locking the cart and committing its J1897 for myself.
    const other = database.db.transaction(async (tx) => {
      await tx.select().from(carts).where(eq(carts.id, cartRow.id)).for('update');
      await tx.insert(cartItems).values({ cartId: cartRow.id, productId: 'j1897', process: 'buy', buyFor: 'BUY_CARD', unitPriceCents: 14900 });
      lockTaken();
      await mayCommit;
    });
    await locked;
    const saving = cart().configureItem(configureRequest(fan, 'j1897', 'buy', draftWith()));
    await someoneWaitsForALock(database);
    letCommit();
    await other;
    expect(await saving).toEqual({ ok: false, reason: 'invalid', fields: { product: 'membershipOfKindInCart' } });
    expect(await itemRowsOf(fan.owner.customerId)).toHaveLength(2);
  });
});

describe('buying on behalf of a Junior (5-10)', () => {
  // Today is 2026-03-01: a holder may have turned 5 today and must not have turned 11 yet.
  const cases = [
    ['turns 11 today', '2015-03-01', false],
    ['turns 11 tomorrow', '2015-03-02', true],
    ['turned 5 today', '2021-03-01', true],
    ['turns 5 tomorrow', '2021-03-02', false],
  ] as const;

  for (const [label, dob, accepted] of cases) {
    it(`${accepted ? 'accepts' : 'refuses'} a holder who ${label} (${dob})`, async () => {
      const fan = await newFan(services(), `junior-${dob}`);
      const result = await cart().configureItem(configureRequest(fan, 'junior', 'buy', draftWith(boyBornInRome(dob))));
      if (accepted) {
        expect(result.ok).toBe(true);
        const [item] = await cart().listItems(fan.owner);
        expect(item).toMatchObject({
          buyFor: 'BUY_ON_BEHALF',
          unitPriceCents: 2500,
          holder: { firstName: 'Luca', lastName: 'Rossi', dob, gender: 'M', birthCountryCode: 'IT', birthProvinceCode: 'RM', birthCityCode: 'H501', taxCode: '', email: '', phone: '' },
        });
      } else {
        expect(result).toEqual({ ok: false, reason: 'invalid', fields: { dob: 'outOfRange' } });
        expect(await cart().countItems(fan.owner)).toBe(0);
      }
    });
  }

  it('refuses a municipality that is not in the chosen province (notInList), adding nothing', async () => {
    const fan = await newFan(services(), 'junior-place');
    const draft = draftWith({ ...boyBornInRome('2018-05-05'), birthProvinceCode: 'MI' });
    expect(await cart().configureItem(configureRequest(fan, 'junior', 'buy', draft))).toEqual({
      ok: false,
      reason: 'invalid',
      fields: { birthCityCode: 'notInList' },
    });
    expect(await itemRowsOf(fan.owner.customerId)).toEqual([]);
  });

  it('refuses a forged or unoffered buy-for choice', async () => {
    const fan = await newFan(services(), 'junior-forged');
    const forged = draftWith({ ...boyBornInRome('2018-05-05'), buyFor: 'BUY_FOR_EVERYONE' });
    expect(await cart().configureItem(configureRequest(fan, 'junior', 'buy', forged))).toEqual({ ok: false, reason: 'invalid', fields: { buyFor: 'notOffered' } });
    // A fan of 46 is not a Junior: BUY_CARD is not offered for this product.
    const forMyself = draftWith({ buyFor: 'BUY_CARD' });
    expect(await cart().configureItem(configureRequest(fan, 'junior', 'buy', forMyself))).toEqual({ ok: false, reason: 'invalid', fields: { buyFor: 'notOffered' } });
    // A fan of 17 may not buy on behalf (nor hold a Junior).
    const young = await newFan(services(), 'junior-by-17', { ...MARIO_PROFILE, dob: '2008-06-01', taxCode: 'RSSMRA08H01H501Z' });
    expect(await cart().configureItem(configureRequest(young, 'junior', 'buy', draftWith(boyBornInRome('2018-05-05'))))).toEqual({
      ok: false,
      reason: 'invalid',
      fields: { buyFor: 'ageNotOk' },
    });
  });
});

describe('gifts', () => {
  it('adds a gift with its message and contact; no buy-for choice and no holder', async () => {
    const fan = await newFan(services(), 'gifter');
    const draft = draftWith({
      buyFor: 'BUY_CARD',
      firstName: 'Ignored',
      giftRecipient: 'someone',
      giftMessage: 'Forza ragazzi!\r\nA presto',
      giftContactType: 'EMAIL',
      giftEmail: 'friend@example.org',
      giftPhone: '+39 333 0000000',
    });
    const result = await cart().configureItem(configureRequest(fan, 'j1897', 'gift', draft));
    expect(result.ok).toBe(true);
    const [item] = await cart().listItems(fan.owner);
    expect(item).toMatchObject({
      process: 'gift',
      buyFor: null,
      holder: null,
      automaticRenewal: false,
      unitPriceCents: 14900,
      gift: { recipient: 'someone', message: 'Forza ragazzi!\nA presto', contact: { type: 'EMAIL', email: 'friend@example.org' } },
    });
    // A gift's holder is unknown: it never conflicts with the fan's own J1897.
    expect((await cart().configureItem(configureRequest(fan, 'j1897', 'buy', draftWith()))).ok).toBe(true);
  });

  it('refuses a gift without a recipient, with the gift fields named', async () => {
    const fan = await newFan(services(), 'gifter-empty');
    expect(await cart().configureItem(configureRequest(fan, 'kids', 'gift', draftWith()))).toEqual({
      ok: false,
      reason: 'invalid',
      fields: { giftRecipient: 'required' },
    });
  });
});

describe('not found, and what a purchase needs first', () => {
  it('answers not-found for an unknown product, a process the product does not allow (gift of the card), a sold-out product, a foreign owner', async () => {
    const fan = await newFan(services(), 'nf');
    expect(await cart().configureItem(configureRequest(fan, 'no-such-product', 'buy', draftWith()))).toEqual({ ok: false, reason: 'not-found', fields: {} });
    expect(await cart().configureItem(configureRequest(fan, 'jcard', 'gift', draftWith()))).toEqual({ ok: false, reason: 'not-found', fields: {} });
    expect(await cart().configureItem(configureRequest(fan, 'stadium', 'buy', draftWith()))).toEqual({ ok: false, reason: 'not-found', fields: {} });
    // Young is sold out (seed): no process at all.
    expect(await cart().configureItem(configureRequest(fan, 'young', 'buy', draftWith(boyBornInRome('2013-01-01'))))).toEqual({ ok: false, reason: 'not-found', fields: {} });
    const impostor = { ...fan, owner: { ...fan.owner, subject: 'someone-else' } };
    expect(await cart().configureItem(configureRequest(impostor, 'j1897', 'buy', draftWith()))).toEqual({ ok: false, reason: 'not-found', fields: {} });
    expect(await itemRowsOf(fan.owner.customerId)).toEqual([]);
  });

  it('answers profile-incomplete with the missing parts, before looking at the draft', async () => {
    const bare = await newFan(services(), 'bare', null);
    expect(await cart().configureItem(configureRequest(bare, 'j1897', 'buy', draftWith({ buyFor: 'nonsense' })))).toEqual({
      ok: false,
      reason: 'profile-incomplete',
      fields: {},
      missing: ['dob', 'gender', 'birthPlace', 'taxCode'],
    });
    // Born abroad, without a tax code: the purchase still asks for it (fields=taxcode).
    const abroad = { ...MARIO_PROFILE, birthCountryCode: 'FR', birthCountryName: 'Francia', birthProvince: null, birthProvinceCode: null, birthCity: null, birthCityCode: null, taxCode: null };
    const french = await newFan(services(), 'abroad', abroad);
    expect(await cart().configureItem(configureRequest(french, 'j1897', 'buy', draftWith()))).toMatchObject({ reason: 'profile-incomplete', missing: ['taxCode'] });
    expect(await cart().countItems(bare.owner)).toBe(0);
  });
});

describe('reading the cart', () => {
  it("lists oldest first, finds one item, and shows nothing of another fan's cart", async () => {
    const fan = await newFan(services(), 'reader');
    const other = await newFan(services(), 'reader-other');
    const ids: string[] = [];
    for (const productId of ['kids', 'j1897', 'junior']) {
      clock.advance(1000);
      const dob = { kids: '2023-01-01', j1897: '2011-01-01', junior: '2018-01-01' }[productId] ?? '';
      const result = await cart().configureItem(configureRequest(fan, productId, 'buy', draftWith(boyBornInRome(dob))));
      if (!result.ok) throw new Error(`not added: ${JSON.stringify(result)}`);
      ids.push(result.value.itemId);
    }
    expect((await cart().listItems(fan.owner)).map((item) => item.id)).toEqual(ids);
    expect(await cart().countItems(fan.owner)).toBe(3);
    expect((await cart().findItem(fan.owner, ids[1] ?? ''))?.productId).toBe('j1897');

    expect(await cart().findItem(other.owner, ids[1] ?? '')).toBeNull();
    expect(await cart().findItem(fan.owner, 'not-a-uuid')).toBeNull();
    expect(await cart().findItem(fan.owner, '00000000-0000-4000-8000-000000000000')).toBeNull();
    const forgedSubject = { ...fan.owner, subject: 'reader-other' };
    expect(await cart().listItems(forgedSubject)).toEqual([]);
    expect(await cart().countItems(forgedSubject)).toBe(0);
    expect(await cart().findItem(forgedSubject, ids[0] ?? '')).toBeNull();
    expect(await cart().listItems(other.owner)).toEqual([]);
  });
});
