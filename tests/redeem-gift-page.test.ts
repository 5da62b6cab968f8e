// The redeem-gift page's action on a real database, behind the middleware the router runs it
// behind (language, secured layout): the redeem step takes a gift on only with both terms boxes
// ticked (spec catalogue-cart §5), else 400 with each box's message and nothing redeemed; once
// the holder is chosen, the thank-you page says the gift is active. A fan whom no holder choice
// would fit (17, a Junior gift) is told why (409) and the gift stays free, on the page and on a
// claim sent anyway.
import { eq } from 'drizzle-orm';
import type { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expressContext } from '../app/.server/auth/context';
import { requireCustomerMiddleware } from '../app/.server/auth/guards';
import type { Database } from '../app/.server/db/client';
import { customers, memberships } from '../app/.server/db/schema';
import type { GiftLink } from '../app/.server/services/gifts-contract';
import { shopContext } from '../app/context';
import { giftActivatedPath } from '../app/domain/order-pages';
import { i18nextMiddleware } from '../app/middleware/i18next';
import * as redeemGift from '../app/routes/gift/redeem-gift';
import { MARIO_PROFILE, newFan } from './support/cart';
import { manualClock } from './support/clock';
import { createTestDatabase } from './support/database';
import { paidGift } from './support/gifts';
import { createShopContext, signedInCookie } from './support/signed-in';

const clock = manualClock('2026-12-01T09:00:00Z');
let database: Database;
let context: RouterContextProvider;
let stopAuth: () => void;
let link: GiftLink;
let cookie: string;
let recipientId: string;

const services = () => context.get(shopContext).services;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ context, stop: stopAuth } = await createShopContext(database, clock));
  context.set(expressContext, { req: { ip: '2001:db8::30', socket: {} }, res: {} } as never);
  const gifter = await newFan(services(), 'redeem-page-gifter');
  link = await paidGift(database, services(), gifter, 'black-and-white', 'redeem-page@example.org', clock.now());
  const signed = await signedInCookie(context, 'redeem-page-recipient', { firstName: 'Mario', lastName: 'Rossi' });
  await services().customers.updateProfile(signed.customer.id, 'redeem-page-recipient', MARIO_PROFILE);
  ({ cookie } = signed);
  recipientId = signed.customer.id;
});

afterAll(async () => {
  stopAuth?.();
  await database?.close();
});

/**
 * Sends `form` to the redeem page as the router would (English), by POST (the action) or, with
 * `form` null, by GET (the loader); as the recipient unless `as` says who. A thrown answer is returned.
 */
async function send(form: Record<string, string> | null, as: { link: GiftLink; cookie: string } = { link, cookie }) {
  const path = `/redeem-gift?code=${as.link.membershipCode}&giftCode=${as.link.giftCode}`;
  const request = new Request(`http://shop.test${path}`, {
    method: form ? 'POST' : 'GET',
    headers: { Cookie: `jc_prf_lng=en; ${as.cookie}`, ...(form ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}) },
    ...(form ? { body: new URLSearchParams(form) } : {}),
  });
  const args = { request, context, params: {}, unstable_pattern: '/redeem-gift' } as never;
  let answer: unknown;
  const secured = async () =>
    (await requireCustomerMiddleware(args, async () => {
      try {
        answer = form ? await redeemGift.action(args) : await redeemGift.loader(args);
      } catch (thrown) {
        answer = thrown;
      }
      return new Response(null);
    })) ?? new Response(null);
  await i18nextMiddleware(args, secured);
  return answer;
}

const post = (form: Record<string, string>) => send(form);

const managerOf = async (of: GiftLink = link) =>
  (await database.db.select().from(memberships).where(eq(memberships.code, of.membershipCode)))[0]?.managerCustomerId ?? null;

describe('the redeem step', () => {
  it('refuses without both terms boxes: 400, each box’s message, the gift not taken on', async () => {
    const answer = await post({ intent: 'redeem', membershipTerms: 'on' });
    expect(answer).toMatchObject({ type: 'DataWithResponseInit', init: { status: 400 } });
    const reply = (answer as { data: { redeemResult: { error: Record<string, string[]> } } }).data.redeemResult;
    expect(reply.error).toEqual({ guardianDeclaration: ['gift:confirm.termRequired'] });
    expect(await managerOf()).toBeNull();
  });

  it('takes the gift on with both ticked and shows the page again (303)', async () => {
    const answer = await post({ intent: 'redeem', membershipTerms: 'on', guardianDeclaration: 'on' });
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(303);
    expect(await managerOf()).toBe(recipientId);
  });

  it('then the holder choice: activated, the thank-you page that says the gift is active', async () => {
    const answer = await post({ buyFor: 'BUY_CARD' });
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get('Location')).toBe(giftActivatedPath('black-and-white'));
  });
});

describe('a gift no holder choice would fit', () => {
  it('tells a fan of 17 why before they claim a Junior gift (409), refuses the claim, and leaves it free', async () => {
    const gifter = await newFan(services(), 'redeem-page-junior-gifter');
    const junior = await paidGift(database, services(), gifter, 'junior', 'redeem-page-junior@example.org', clock.now());
    const signed = await signedInCookie(context, 'redeem-page-seventeen', { firstName: 'Mario', lastName: 'Rossi' });
    await services().customers.updateProfile(signed.customer.id, 'redeem-page-seventeen', MARIO_PROFILE);
    // 18 tomorrow (the test's day is 1 December 2026): 17 today.
    await database.db.update(customers).set({ dob: '2008-12-02' }).where(eq(customers.id, signed.customer.id));
    const as = { link: junior, cookie: signed.cookie };
    const explained = {
      step: 'error',
      title: "You can't redeem this gift",
      message: expect.stringMatching(/^Junior 5–10 can't be held by someone your age, and only an adult \(18 or older\)/),
      code: null,
    };

    const page = await send(null, as);
    expect(page).toMatchObject({ type: 'DataWithResponseInit', init: { status: 409 }, data: explained });

    // A claim sent anyway, both boxes ticked: the same words, 409, nothing taken on.
    const claimed = await send({ intent: 'redeem', membershipTerms: 'on', guardianDeclaration: 'on' }, as);
    expect(claimed).toMatchObject({ type: 'DataWithResponseInit', init: { status: 409 }, data: { refusal: explained } });
    expect(await managerOf(junior)).toBeNull();

    // Eighteen today: the confirm step, and the claim goes through.
    await database.db.update(customers).set({ dob: '2008-12-01' }).where(eq(customers.id, signed.customer.id));
    expect(await send(null, as)).toMatchObject({ step: 'confirm' });
    const taken = await send({ intent: 'redeem', membershipTerms: 'on', guardianDeclaration: 'on' }, as);
    expect((taken as Response).status).toBe(303);
    expect(await managerOf(junior)).toBe(signed.customer.id);
  });
});

describe('the confirm step says whom the fan could choose as holder', () => {
  it('tells a fan of 16 they would hold it themselves (a minor needs 18 or older), and an adult that either goes', async () => {
    const gifter = await newFan(services(), 'redeem-page-sixteen-gifter');
    const gift = await paidGift(database, services(), gifter, 'black-and-white', 'redeem-page-sixteen@example.org', clock.now());
    const signed = await signedInCookie(context, 'redeem-page-sixteen', { firstName: 'Mario', lastName: 'Rossi' });
    await services().customers.updateProfile(signed.customer.id, 'redeem-page-sixteen', MARIO_PROFILE);
    // 16 today (1 December 2026): old enough to manage and to hold Black & White (14+), not to hold it for a minor.
    await database.db.update(customers).set({ dob: '2010-12-01' }).where(eq(customers.id, signed.customer.id));
    const as = { link: gift, cookie: signed.cookie };
    const sixteen = (await send(null, as)) as { step: string; description: string };
    expect(sixteen.step).toBe('confirm');
    expect(sixteen.description).not.toMatch(/you or a minor/);
    expect(sixteen.description).toMatch(/you will hold it yourself \(holding it for a minor needs you to be 18 or older\)/);

    // Eighteen: themselves or a minor they look after.
    await database.db.update(customers).set({ dob: '2008-12-01' }).where(eq(customers.id, signed.customer.id));
    expect(((await send(null, as)) as { description: string }).description).toMatch(/you or a minor you look after/);
  });
});
