// The cart's item cap (issue 30: a cart of 137 items made a 392 KB page) on a real database:
// 20 items fit, the 21st is refused on every way in (configure: buy, gift, coupon; upgrade;
// renewal) with its message on the page the fan added from, and nothing of it is saved.
import { eq } from 'drizzle-orm';
import type { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expressContext } from '../app/.server/auth/context';
import type { Database } from '../app/.server/db/client';
import { coupons } from '../app/.server/db/schema';
import { shopContext } from '../app/context';
import { MAX_CART_ITEMS } from '../app/domain/cart-rules';
import { SUBMISSION_PARAM } from '../app/domain/submission-key';
import * as configureRoute from '../app/routes/configure/configure';
import * as upgradeRoute from '../app/routes/follow-up/upgrade';
import { configureRequest, draftWith, MARIO_PROFILE, type TestFan } from './support/cart';
import { addItem, giftTo } from './support/cart-page';
import { manualClock } from './support/clock';
import { createTestDatabase } from './support/database';
import { blackAndWhiteForMyself, stadiumForMyself, type IssueContext } from './support/memberships';
import { runSecured } from './support/reload-docs';
import { servicesFor } from './support/services';
import { createShopContext, signedInCookie } from './support/signed-in';

let database: Database;
let context: RouterContextProvider;
let stopAuth: () => void;
// Season 2025/26 has started: what is bought now is active at once, and renewals are offered.
const clock = manualClock('2026-12-01T09:00:00Z');
const services = () => context.get(shopContext).services;
const cart = () => services().cart;
const issue = (): IssueContext => ({ services: services(), database, now: () => clock.now() });

beforeAll(async () => {
  database = await createTestDatabase();
  ({ context, stop: stopAuth } = await createShopContext(database, clock));
  context.set(shopContext, { ...context.get(shopContext), services: servicesFor(database, { clock }) });
  // The configure action reads the client's address (coupon attempt limits) from Express's request.
  context.set(expressContext, { req: { ip: '2001:db8::30', socket: {} }, res: {} } as never);
});

afterAll(async () => {
  stopAuth?.();
  await database?.close();
});

async function signedInFan(subject: string): Promise<TestFan & { cookie: string }> {
  const { customer, cookie } = await signedInCookie(context, subject, { firstName: 'Mario', lastName: 'Rossi' });
  await services().customers.updateProfile(customer.id, subject, MARIO_PROFILE);
  return { owner: { customerId: customer.id, subject }, ip: `2001:db8::30:${subject.length}`, cookie };
}

/** Gifts (no holder: no other rule refuses them) until the cart holds `count` items. */
async function fillCart(fan: TestFan, count = MAX_CART_ITEMS) {
  for (let i = (await cart().countItems(fan.owner)); i < count; i += 1) await addItem(services(), fan, 'kids', 'gift', giftTo(`friend${i}@example.org`));
  expect(await cart().countItems(fan.owner)).toBe(count);
}

const FULL = { ok: false, reason: 'invalid', fields: { product: 'cartFull' } };

describe('the cart cap, in the services', () => {
  it('takes the 20th item and refuses the 21st, bought, given or with a coupon; the coupon stays unused', async () => {
    const fan = await signedInFan('cap-configure');
    await fillCart(fan, MAX_CART_ITEMS - 1);
    await addItem(services(), fan, 'kids', 'gift', giftTo('twentieth@example.org'));
    expect(await cart().countItems(fan.owner)).toBe(MAX_CART_ITEMS);

    expect(await cart().configureItem(configureRequest(fan, 'kids', 'gift', draftWith(giftTo('one-more@example.org'))))).toEqual(FULL);
    expect(await cart().configureItem(configureRequest(fan, 'black-and-white', 'buy', draftWith({ buyFor: 'BUY_CARD' })))).toEqual(FULL);
    const minted = await services().coupons.mint('stadium', new Date('2027-06-30T22:00:00Z'));
    if (!minted.ok) throw new Error('mint failed');
    expect(await cart().configureItem(configureRequest(fan, 'stadium', 'coupon', draftWith({ buyFor: 'BUY_CARD', couponCode: minted.value.code })))).toEqual(FULL);
    const [coupon] = await database.db.select().from(coupons).where(eq(coupons.code, minted.value.code));
    expect(coupon).toMatchObject({ redeemedAt: null, redeemedBy: null });
    expect(await cart().countItems(fan.owner)).toBe(MAX_CART_ITEMS);

    // An item already in the full cart still saves.
    const [first] = await cart().listItems(fan.owner);
    const edited = await cart().configureItem(configureRequest(fan, 'kids', 'gift', draftWith(giftTo('changed@example.org')), { cartItemId: first!.id }));
    expect(edited).toEqual({ ok: true, value: { itemId: first!.id } });
  });

  it('refuses an upgrade and a renewal into a full cart', async () => {
    const fan = await signedInFan('cap-follow-ups');
    const stadium = await stadiumForMyself(issue(), fan);
    const blackAndWhite = await blackAndWhiteForMyself(issue(), fan);
    await fillCart(fan);
    const follow = (process: 'upgrade' | 'renewal', membershipCode: string) =>
      cart().saveFollowUpItem({ owner: fan.owner, process, productId: 'black-and-white', membershipCode, cartItemId: null, automaticRenewal: false, submissionKey: null });
    expect(await follow('upgrade', stadium)).toEqual(FULL);
    expect(await follow('renewal', blackAndWhite)).toEqual(FULL);
    expect(await cart().countItems(fan.owner)).toBe(MAX_CART_ITEMS);
  });
});

describe('the cart cap, on the pages', () => {
  it('answers the configure form with 400 and the message at the product, and adds nothing', async () => {
    const fan = await signedInFan('cap-configure-page');
    await fillCart(fan);
    const form = new FormData();
    for (const [name, value] of Object.entries(giftTo('one-more@example.org'))) form.set(name, value);
    const key = '0f9c6a36-5d0b-4d64-9f3e-3c1f4d1e2a77';
    const answer = await runSecured(context, configureRoute.action as never, `/products/kids/configure/gift?${SUBMISSION_PARAM}=${key}`, {
      cookie: fan.cookie,
      body: form,
      params: { id: 'kids', process: 'gift' },
    });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.data)).toContain('configure:errors.product.cartFull');
    expect(await cart().countItems(fan.owner)).toBe(MAX_CART_ITEMS);
  });

  it('answers the upgrade page with 409 and the message in words', async () => {
    const fan = await signedInFan('cap-upgrade-page');
    const stadium = await stadiumForMyself(issue(), fan);
    await fillCart(fan);
    const answer = await runSecured(context, upgradeRoute.action as never, `/products/black-and-white/upgrade/${stadium}`, {
      cookie: fan.cookie,
      body: new FormData(),
      params: { id: 'black-and-white', membershipCode: stadium },
    });
    expect(answer).toMatchObject({ status: 409, data: { problem: 'Your cart can hold at most 20 items: check out, or remove some, before adding more.' } });
    expect(await cart().countItems(fan.owner)).toBe(MAX_CART_ITEMS);
  });
});
