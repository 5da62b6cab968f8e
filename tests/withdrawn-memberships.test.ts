// A withdrawn membership (issue 31) on a real database: bought and paid through the real order
// path, withdrawn through the withdrawals service, then seen by My Membership (listed as
// withdrawn for the rest of the football year, its page saying so with no actions) and refused
// by every way on: upgrade, renewal (pages, cart, checkout), renewal preferences, redemption.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireCustomerMiddleware } from '../app/.server/auth/guards';
import type { Database } from '../app/.server/db/client';
import { memberships, orderItems } from '../app/.server/db/schema';
import type { FollowUpTarget } from '../app/.server/services/cart-follow-ups';
import { shopContext } from '../app/context';
import type { MembershipTab } from '../app/domain/membership-manage';
import { i18nextMiddleware } from '../app/middleware/i18next';
import * as detail from '../app/routes/memberships/detail';
import * as list from '../app/routes/memberships/list';
import * as renewal from '../app/routes/memberships/renewal';
import * as upgrade from '../app/routes/memberships/upgrade';
import { MARIO_PROFILE, type TestFan } from './support/cart';
import { manualClock } from './support/clock';
import { createTestDatabase } from './support/database';
import { giftRequest, paidGift } from './support/gifts';
import { blackAndWhiteForMyself, setMembershipStatus, type IssueContext } from './support/memberships';
import { addressOf, placeRequest } from './support/orders';
import { renderedShop, type RenderedShop } from './support/rendered-pages';
import { createShopContext, signedInCookie } from './support/signed-in';

// Season 2025/26 is under way; what is paid now may be withdrawn until 15 December, 24:00 in Rome.
const NOW = '2026-12-01T09:00:00Z';
const clock = manualClock(NOW);
let database: Database;
let context: RouterContextProvider;
let stopAuth: () => void;
let shop: RenderedShop;
type Fan = TestFan & { cookie: string };

const services = () => context.get(shopContext).services;
const issuing = (): IssueContext => ({ services: services(), database, now: () => clock.now() });

beforeAll(async () => {
  database = await createTestDatabase();
  ({ context, stop: stopAuth } = await createShopContext(database, clock));
  shop = await renderedShop(context);
}, 120_000);

afterAll(async () => {
  await shop?.close();
  stopAuth?.();
  await database?.close();
});

async function signedInFan(subject: string): Promise<Fan> {
  const { customer, cookie } = await signedInCookie(context, subject, { firstName: 'Mario', lastName: 'Rossi' });
  await services().customers.updateProfile(customer.id, subject, MARIO_PROFILE);
  return { owner: { customerId: customer.id, subject }, ip: '2001:db8::31', cookie };
}

/** Withdraws the order item of membership `code` as its buyer does from the order's page. */
async function withdraw(fan: TestFan, code: string) {
  const [row] = await database.db
    .select({ itemId: orderItems.id, orderId: orderItems.orderId })
    .from(memberships)
    .innerJoin(orderItems, eq(orderItems.id, memberships.orderItemId))
    .where(eq(memberships.code, code));
  if (!row) throw new Error(`no membership ${code}`);
  const withdrawn = await services().withdrawals.withdraw({ owner: fan.owner, orderId: row.orderId, itemIds: [row.itemId], key: randomUUID(), language: 'it' });
  if (!withdrawn.ok) throw new Error(`not withdrawn: ${JSON.stringify(withdrawn)}`);
  return withdrawn.value;
}

/** Black & White for the fan with the right of withdrawal kept: ready until the 14 days are over. */
const keptRight = (fan: TestFan) => blackAndWhiteForMyself(issuing(), fan, { waive: false });
const listed = async (fan: TestFan, tab: MembershipTab = 'yours') => (await services().memberships.list(fan.owner, tab)).map(({ code, status, withdrawnAt }) => ({ code, status, withdrawnAt }));
const followUp = (fan: TestFan, process: 'upgrade' | 'renewal', code: string, productId: string): FollowUpTarget => ({ owner: fan.owner, process, productId, membershipCode: code, cartItemId: null });
const saveFollowUp = (target: FollowUpTarget) => services().cart.saveFollowUpItem({ ...target, automaticRenewal: false, submissionKey: null });

type RouteFunction<T> = (args: never) => Promise<T> | T;

/** A loader or action as the router runs it for `path` (English), behind the secured layout. */
async function run<T>(routeFunction: RouteFunction<T>, path: string, fan: Fan, params: Record<string, string>, form?: Record<string, string>) {
  const headers: Record<string, string> = { Cookie: `jc_prf_lng=en; ${fan.cookie}` };
  if (form) headers['Content-Type'] = 'application/x-www-form-urlencoded';
  const request = new Request(`http://shop.test${path}`, { method: form ? 'POST' : 'GET', headers, body: form ? new URLSearchParams(form) : undefined });
  const args = { request, context, params, unstable_pattern: path } as never;
  let answer: T | undefined;
  await i18nextMiddleware(args, async () => {
    await requireCustomerMiddleware(args, async () => {
      answer = await routeFunction(args);
      return new Response(null);
    });
    return new Response(null);
  });
  return answer as T;
}

const page = async (path: string, fan: Fan, language = 'en') => {
  const answer = await shop.fetch(new Request(`http://shop.test${path}`, { headers: { Cookie: `jc_prf_lng=${language}; ${fan.cookie}` } }));
  expect(answer.status, path).toBe(200);
  return answer.text();
};

describe('My Membership, after a withdrawal', () => {
  it('lists the membership as withdrawn in its tab until the football year ends; its page says when, with no actions', async () => {
    const fan = await signedInFan('withdrawn-list');
    const code = await keptRight(fan);
    expect(await listed(fan)).toEqual([{ code, status: 'ready', withdrawnAt: null }]);

    expect(await withdraw(fan, code)).toMatchObject({ refundCents: 4990 });
    expect(await listed(fan)).toEqual([{ code, status: 'cancelled', withdrawnAt: new Date(NOW) }]);
    expect(await listed(fan, 'managed')).toEqual([]);
    const found = await services().memberships.find(fan.owner, code);
    expect(found).toMatchObject({ status: 'cancelled', withdrawnAt: new Date(NOW), renewal: null, manageRefusal: 'not-live', upgrade: { refusal: 'not-active', target: null } });

    const listPage = await run(list.loader, '/mymembership/manage', fan, {});
    expect(listPage.memberships).toMatchObject([{ code, status: 'cancelled', withdrawnOn: '01/12/2026' }]);
    const detailPage = await run(detail.loader, `/mymembership/manage/${code}`, fan, { id: code });
    expect(detailPage.view).toMatchObject({ card: { withdrawnOn: '01/12/2026' }, renewal: null });

    try {
      // 30 June 2027, 23:59:59 in Rome: still this football year.
      clock.set('2027-06-30T21:59:59Z');
      expect((await listed(fan)).map((row) => row.code)).toEqual([code]);
      clock.set('2027-06-30T22:00:00Z');
      expect(await listed(fan)).toEqual([]);
      // Its page stays readable, as any membership's.
      expect(await services().memberships.find(fan.owner, code)).toMatchObject({ withdrawnAt: new Date(NOW) });
    } finally {
      clock.set(NOW);
    }
  });

  it('renders the badge in the list and the notice on the page, without renewal or section links', async () => {
    const fan = await signedInFan('withdrawn-html');
    const code = await keptRight(fan);
    const live = await page(`/mymembership/manage/${code}`, fan);
    expect(live).toContain(`/mymembership/manage/${code}/upgrade`);
    await withdraw(fan, code);

    const listHtml = await page('/mymembership/manage', fan);
    expect(listHtml).toMatch(/<span class="badge badge--neutral">Withdrawn<\/span>/);
    const detailHtml = await page(`/mymembership/manage/${code}`, fan);
    expect(detailHtml).toContain('Withdrawn on 01/12/2026');
    expect(detailHtml).toContain('href="/account/orders"');
    expect(detailHtml).not.toContain(`/mymembership/manage/${code}/upgrade`);
    expect(detailHtml).not.toContain(`/mymembership/manage/${code}/renewal`);
    expect(detailHtml).not.toContain('/renewal/');
    const italian = await page(`/mymembership/manage/${code}`, fan, 'it');
    expect(italian).toContain('Recesso esercitato il 01/12/2026');
  });

  it('leaves out a membership cancelled by an upgrade, as before', async () => {
    const fan = await signedInFan('withdrawn-not-upgrade');
    const code = await keptRight(fan);
    await setMembershipStatus(database, code, 'cancelled');
    expect(await listed(fan)).toEqual([]);
  });

  it('shows a withdrawn gift to its gifter, and its link no longer redeems it', async () => {
    const gifter = await signedInFan('withdrawn-gifter');
    const friend = await signedInFan('withdrawn-gift-friend');
    const link = await paidGift(database, services(), gifter, 'black-and-white', 'withdrawn-gift@example.org', clock.now());
    expect(await services().gifts.check(giftRequest(friend, link))).toMatchObject({ ok: true, value: { check: { step: 'confirm' } } });

    await withdraw(gifter, link.membershipCode);
    expect(await listed(gifter, 'gifted')).toEqual([{ code: link.membershipCode, status: 'cancelled', withdrawnAt: new Date(NOW) }]);
    expect(await services().gifts.check(giftRequest(friend, link))).toMatchObject({ ok: true, value: { check: { step: 'unavailable' } } });
    expect(await services().gifts.redeem(giftRequest(friend, link))).toMatchObject({ ok: false, reason: 'unavailable' });
    expect(await listed(friend, 'redeemed')).toEqual([]);
  });
});

describe('no way on from a withdrawn membership', () => {
  it('is renewed no more: the offer, the page, the item in the cart and checkout refuse it', async () => {
    const fan = await signedInFan('withdrawn-renewal');
    const code = await keptRight(fan);
    const target = followUp(fan, 'renewal', code, 'black-and-white');
    expect((await services().memberships.find(fan.owner, code))?.renewal).not.toBeNull();
    expect((await saveFollowUp(target)).ok).toBe(true);

    await withdraw(fan, code);
    const renewalPage = await services().cart.followUpPage(target);
    expect(renewalPage.ok && renewalPage.value.refusal).toBe('not-live');
    expect(await saveFollowUp(target)).toEqual({ ok: false, reason: 'refused', fields: {}, refusal: 'not-live' });
    const cart = await services().cart.viewCart(fan.owner);
    expect(cart.lines[0]?.followUpRefusal).toBe('not-live');
    expect(cart.blockers).toContain('followUpRefused');
    expect(await services().orders.place(placeRequest(fan, { billingAddressId: await addressOf(services(), fan) }))).toMatchObject({ ok: false, reason: 'cart-not-ready' });
  });

  it('is upgraded no more: the page, the item in the cart and checkout refuse it', async () => {
    const fan = await signedInFan('withdrawn-upgrade');
    const code = await keptRight(fan);
    // STAND-IN: active with the right still kept, the only state an upgrade was open in before
    // (the activation job would wait for the 14 days): so the withdrawal alone stops it below.
    await setMembershipStatus(database, code, 'active');
    const target = followUp(fan, 'upgrade', code, 'j1897');
    expect((await run(upgrade.loader, `/mymembership/manage/${code}/upgrade`, fan, { id: code })).upgrade).toMatchObject({ refusal: null });
    expect((await saveFollowUp(target)).ok).toBe(true);

    await withdraw(fan, code);
    const upgradePage = await services().cart.followUpPage(target);
    expect(upgradePage.ok && upgradePage.value.refusal).toBe('not-active');
    expect(await saveFollowUp(target)).toEqual({ ok: false, reason: 'refused', fields: {}, refusal: 'not-active' });
    const cart = await services().cart.viewCart(fan.owner);
    expect(cart.lines[0]?.followUpRefusal).toBe('not-active');
    expect(await services().orders.place(placeRequest(fan, { billingAddressId: await addressOf(services(), fan) }))).toMatchObject({ ok: false, reason: 'cart-not-ready' });
    expect((await run(upgrade.loader, `/mymembership/manage/${code}/upgrade`, fan, { id: code })).upgrade).toEqual({ refusal: 'withdrawn', target: null });
  });

  it('keeps its renewal preferences as they were: the section says why, a post is refused (409)', async () => {
    const fan = await signedInFan('withdrawn-preferences');
    const code = await keptRight(fan);
    const addressId = await addressOf(services(), fan);
    await withdraw(fan, code);

    const section = await run(renewal.loader, `/mymembership/manage/${code}/renewal`, fan, { id: code });
    expect(section).toMatchObject({ refusal: 'withdrawn', shippingChoices: [], billingChoices: [] });
    const before = await services().memberships.find(fan.owner, code);
    const posted = await run(renewal.action, `/mymembership/manage/${code}/renewal`, fan, { id: code }, { action: 'renewalBilling', billingAddress: addressId });
    expect(posted).toMatchObject({ init: { status: 409 } });
    expect(await services().memberships.manage(fan.owner, code, { action: 'renewalBilling', config: { billingAddress: addressId } })).toEqual({ ok: false, reason: 'not-live', fields: {} });
    expect((await services().memberships.find(fan.owner, code))?.billingAddress).toEqual(before?.billingAddress);
  });
});
