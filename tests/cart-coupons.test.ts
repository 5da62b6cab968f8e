// Coupons through the cart service: the coupon process, a coupon on a purchase, refusals,
// races between fans, the attempt limits, rollbacks, and what an edit does to a coupon. And the
// coupon form's price: what the item goes into the cart at.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expressContext } from '../app/.server/auth/context';
import type { Database } from '../app/.server/db/client';
import { cartItems, coupons } from '../app/.server/db/schema';
import * as configureRoute from '../app/routes/configure/configure';
import { manualClock } from './support/clock';
import { boyBornInRome, configureRequest, draftWith, MARIO_PROFILE, newFan } from './support/cart';
import { signal, someoneWaitsForALock } from './support/concurrency';
import { createTestDatabase } from './support/database';
import { runSecured } from './support/reload-docs';
import { servicesFor } from './support/services';
import { createShopContext, signedInCookie } from './support/signed-in';

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

async function freshCoupon(productId = 'stadium') {
  const minted = await services().coupons.mint(productId, new Date('2026-12-31T23:00:00Z'));
  if (!minted.ok) throw new Error(`mint failed: ${minted.reason}`);
  return minted.value.code;
}

async function couponRow(code: string) {
  const [row] = await database.db.select().from(coupons).where(eq(coupons.code, code));
  return row;
}

async function itemsWithCoupon(code: string) {
  return database.db.select().from(cartItems).where(eq(cartItems.couponCode, code));
}

describe('the coupon process', () => {
  it('adds the coupon-only membership at price 0 and marks the coupon used by the fan', async () => {
    const fan = await newFan(services(), 'redeemer');
    const code = await freshCoupon();
    const typed = `${code.slice(0, 5).toLowerCase()}-${code.slice(5)}`;
    const result = await cart().configureItem(configureRequest(fan, 'stadium', 'coupon', draftWith({ couponCode: typed })));
    expect(result.ok).toBe(true);
    expect(await cart().listItems(fan.owner)).toMatchObject([{ process: 'coupon', buyFor: 'BUY_CARD', couponCode: code, unitPriceCents: 0 }]);
    expect(await couponRow(code)).toMatchObject({ redeemedBy: fan.owner.customerId, redeemedAt: clock.now() });
  });

  it('requires a code, and refuses used, expired, unknown and other-product codes, using nothing', async () => {
    const fan = await newFan(services(), 'refused');
    const tryCode = (couponCode: string) => cart().configureItem(configureRequest(fan, 'stadium', 'coupon', draftWith({ couponCode })));
    expect(await tryCode('')).toEqual({ ok: false, reason: 'invalid', fields: { couponCode: 'required' } });
    expect(await tryCode('ABC')).toEqual({ ok: false, reason: 'invalid', fields: { couponCode: 'incomplete' } });
    expect(await tryCode('USEDD-TEST1')).toEqual({ ok: false, reason: 'invalid', fields: { couponCode: 'used' } });
    expect(await tryCode('EXPIR-TEST1')).toEqual({ ok: false, reason: 'invalid', fields: { couponCode: 'expired' } });
    expect(await tryCode('ZZZZZ-ZZZZZ')).toEqual({ ok: false, reason: 'invalid', fields: { couponCode: 'unknown' } });
    const forKids = await freshCoupon('kids');
    expect(await tryCode(forKids)).toEqual({ ok: false, reason: 'invalid', fields: { couponCode: 'other-product' } });
    expect((await couponRow(forKids))?.redeemedAt).toBeNull();
    expect(await cart().countItems(fan.owner)).toBe(0);
  });

  it('takes an optional coupon on a purchase: price 0; a coupon of one fan cannot serve a second item', async () => {
    const fan = await newFan(services(), 'buy-with-coupon');
    const code = await freshCoupon('junior');
    const draft = draftWith({ ...boyBornInRome('2018-04-04'), couponCode: code });
    expect((await cart().configureItem(configureRequest(fan, 'junior', 'buy', draft))).ok).toBe(true);
    expect(await cart().listItems(fan.owner)).toMatchObject([{ couponCode: code, unitPriceCents: 0 }]);
    const sibling = draftWith({ ...boyBornInRome('2019-04-04', { firstName: 'Marco' }), couponCode: code });
    expect(await cart().configureItem(configureRequest(fan, 'junior', 'buy', sibling))).toEqual({ ok: false, reason: 'invalid', fields: { couponCode: 'used' } });
    expect(await itemsWithCoupon(code)).toHaveLength(1);
  });
});

describe('rollbacks and limits', () => {
  it('gives the coupon back when the cart rules refuse the item (the transaction rolls back)', async () => {
    const fan = await newFan(services(), 'rolled-back');
    expect((await cart().configureItem(configureRequest(fan, 'j1897', 'buy', draftWith()))).ok).toBe(true);
    const code = await freshCoupon('j1897');
    const withCoupon = draftWith({ couponCode: code });
    expect(await cart().configureItem(configureRequest(fan, 'j1897', 'coupon', withCoupon))).toEqual({
      ok: false,
      reason: 'invalid',
      fields: { product: 'membershipOfKindInCart' },
    });
    expect(await couponRow(code)).toMatchObject({ redeemedAt: null, redeemedBy: null });
    expect(await cart().countItems(fan.owner)).toBe(1);
  });

  it('answers too-many-attempts once the fan has failed ten checks, even for a valid code', async () => {
    const fan = await newFan(services(), 'guesser');
    for (let i = 0; i < 10; i += 1) {
      expect(await cart().configureItem(configureRequest(fan, 'stadium', 'coupon', draftWith({ couponCode: 'ZZZZZZZZZZ' })))).toMatchObject({
        fields: { couponCode: 'unknown' },
      });
    }
    const code = await freshCoupon();
    const blocked = await cart().configureItem(configureRequest(fan, 'stadium', 'coupon', draftWith({ couponCode: code })));
    expect(blocked).toMatchObject({ ok: false, reason: 'too-many-attempts', fields: { couponCode: 'too-many-attempts' } });
    expect(!blocked.ok && blocked.reason === 'too-many-attempts' && blocked.retryAfterSeconds).toBeGreaterThan(0);
    expect((await couponRow(code))?.redeemedAt).toBeNull();
  });
});

describe('two fans, one coupon', () => {
  it('lets exactly one of two concurrent configurations with one coupon add an item', async () => {
    const [ada, bea] = [await newFan(services(), 'race-ada'), await newFan(services(), 'race-bea')];
    const code = await freshCoupon();
    const outcomes = await Promise.all(
      [ada, bea].map((fan) => cart().configureItem(configureRequest(fan, 'stadium', 'coupon', draftWith({ couponCode: code })))),
    );
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([{ ok: false, reason: 'invalid', fields: { couponCode: 'used' } }]);
    const winner = outcomes[0]?.ok ? ada : bea;
    expect(await itemsWithCoupon(code)).toHaveLength(1);
    expect((await couponRow(code))?.redeemedBy).toBe(winner.owner.customerId);
    expect((await cart().countItems(ada.owner)) + (await cart().countItems(bea.owner))).toBe(1);
  });
});

describe.runIf(process.env.TEST_DATABASE_KIND === 'postgres')('one coupon on PostgreSQL, truly concurrent', () => {
  for (const firstEnds of ['commits', 'rolls back'] as const) {
    it(`configureItem passed the check, then waits on the other's redemption; that ${firstEnds}`, async () => {
      const [ada, bea] = [await newFan(services(), `lock-ada-${firstEnds}`), await newFan(services(), `lock-bea-${firstEnds}`)];
      const code = await freshCoupon();
      const [firstMayEnd, releaseFirst] = signal();
      const [firstHasRedeemed, firstRedeemed] = signal();
      const rollback = new Error('the other use case fails');
      const first = services()
        .transaction(async (inTransaction) => {
          const outcome = await inTransaction.coupons.redeem(code, ada.owner.customerId);
          firstRedeemed();
          await firstMayEnd;
          if (firstEnds === 'rolls back') throw rollback;
          return outcome;
        })
        .catch((error: unknown) => (error === rollback ? null : Promise.reject(error as Error)));
      await firstHasRedeemed;
      // The check reads the committed row (unused), so Bea's configuration gets to the redemption.
      const second = cart().configureItem(configureRequest(bea, 'stadium', 'coupon', draftWith({ couponCode: code })));
      await someoneWaitsForALock(database);
      releaseFirst();
      await first;
      const outcome = await second;
      if (firstEnds === 'commits') {
        expect(outcome).toEqual({ ok: false, reason: 'invalid', fields: { couponCode: 'used' } });
        expect(await itemsWithCoupon(code)).toHaveLength(0);
        expect((await couponRow(code))?.redeemedBy).toBe(ada.owner.customerId);
      } else {
        expect(outcome.ok).toBe(true);
        expect(await itemsWithCoupon(code)).toHaveLength(1);
        expect((await couponRow(code))?.redeemedBy).toBe(bea.owner.customerId);
      }
    });
  }
});

describe('editing an item with a coupon', () => {
  it('keeps its own code without checking it again, swaps to a new code and gives the old one back', async () => {
    const fan = await newFan(services(), 'edit-coupon');
    const first = await freshCoupon();
    const added = await cart().configureItem(configureRequest(fan, 'stadium', 'coupon', draftWith({ couponCode: first })));
    if (!added.ok) throw new Error('not added');
    const itemId = added.value.itemId;
    const item = await cart().findItem(fan.owner, itemId);
    if (!item) throw new Error('not found');

    // Saved again as it was: its own (used) code is not refused as used.
    const same = await cart().configureItem(configureRequest(fan, 'stadium', 'coupon', cart().draftOf(item), { cartItemId: itemId }));
    expect(same).toEqual({ ok: true, value: { itemId } });
    expect(await couponRow(first)).toMatchObject({ redeemedBy: fan.owner.customerId });

    const second = await freshCoupon();
    const swapped = await cart().configureItem(configureRequest(fan, 'stadium', 'coupon', draftWith({ couponCode: second }), { cartItemId: itemId }));
    expect(swapped).toEqual({ ok: true, value: { itemId } });
    expect(await couponRow(first)).toMatchObject({ redeemedAt: null, redeemedBy: null });
    expect(await couponRow(second)).toMatchObject({ redeemedBy: fan.owner.customerId });
    expect((await cart().listItems(fan.owner)).map((view) => view.couponCode)).toEqual([second]);
  });

  it('gives the coupon back when a purchase drops it, and charges the price again', async () => {
    const fan = await newFan(services(), 'edit-drop-coupon');
    const code = await freshCoupon('kids');
    const draft = draftWith({ ...boyBornInRome('2024-02-02'), couponCode: code });
    const added = await cart().configureItem(configureRequest(fan, 'kids', 'buy', draft));
    if (!added.ok) throw new Error('not added');
    const dropped = await cart().configureItem(configureRequest(fan, 'kids', 'buy', { ...draft, couponCode: '' }, { cartItemId: added.value.itemId }));
    expect(dropped.ok).toBe(true);
    expect(await cart().listItems(fan.owner)).toMatchObject([{ couponCode: null, unitPriceCents: 1500 }]);
    expect(await couponRow(code)).toMatchObject({ redeemedAt: null, redeemedBy: null });
  });

  it('keeps the old coupon when the new one is refused', async () => {
    const fan = await newFan(services(), 'edit-bad-coupon');
    const code = await freshCoupon();
    const added = await cart().configureItem(configureRequest(fan, 'stadium', 'coupon', draftWith({ couponCode: code })));
    if (!added.ok) throw new Error('not added');
    const refused = await cart().configureItem(
      configureRequest(fan, 'stadium', 'coupon', draftWith({ couponCode: 'USEDDTEST1' }), { cartItemId: added.value.itemId }),
    );
    expect(refused).toEqual({ ok: false, reason: 'invalid', fields: { couponCode: 'used' } });
    expect(await couponRow(code)).toMatchObject({ redeemedBy: fan.owner.customerId });
    expect((await cart().listItems(fan.owner)).map((view) => view.couponCode)).toEqual([code]);
  });
});

describe('the coupon form’s price', () => {
  it('is what the item goes into the cart at: nothing, with the list price it replaces; the buy form keeps the list price', async () => {
    const { context, stop } = await createShopContext(database, clock);
    // The loader reads the client's method from Express's request (a new item's submission key).
    context.set(expressContext, { req: { method: 'GET', ip: '2001:db8::16', socket: {} }, res: {} } as never);
    try {
      const { customer, cookie } = await signedInCookie(context, 'coupon-form-price', { firstName: 'Mario', lastName: 'Rossi' });
      await services().customers.updateProfile(customer.id, 'coupon-form-price', MARIO_PROFILE);
      const priceOn = async (path: string) => {
        const page = await runSecured(context, configureRoute.loader as never, `${path}${path.includes('?') ? '&' : '?'}submission=${randomUUID()}`, {
          cookie,
          params: { id: path.split('/')[2]!, process: path.split('/')[4]!.split('?')[0]! },
        });
        expect(page.status, path).toBe(200);
        return (page.data as { product: { price: unknown } }).product.price;
      };
      const code = await freshCoupon('kids');
      // Kids costs €15; with its coupon it goes into the cart at €0.
      expect(await priceOn(`/products/kids/configure/coupon?couponCode=${code}`)).toMatchObject({ kind: 'coupon', text: '€0', listText: '€15' });
      expect(await priceOn('/products/stadium/configure/coupon')).toMatchObject({ kind: 'coupon', text: '€0', listText: null });
      expect(await priceOn('/products/kids/configure/buy')).toEqual({ kind: 'list', text: '€15' });
      const fan = { owner: { customerId: customer.id, subject: 'coupon-form-price' }, ip: '2001:db8::16' };
      expect((await cart().configureItem(configureRequest(fan, 'kids', 'coupon', draftWith({ buyFor: 'BUY_ON_BEHALF', ...boyBornInRome('2024-01-10'), couponCode: code })))).ok).toBe(true);
      expect(await cart().listItems(fan.owner)).toMatchObject([{ productId: 'kids', unitPriceCents: 0 }]);
    } finally {
      stop();
    }
  });
});

