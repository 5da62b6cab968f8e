// The My Membership pages' loaders and the renewal form's action on a real database, run behind
// the middleware the router runs them behind (language, secured layout): what each party gets,
// the HTTP status of every manage refusal, and the sizes and address choices the forms offer.
import type { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireCustomerMiddleware } from '../app/.server/auth/guards';
import type { Database } from '../app/.server/db/client';
import { shopContext } from '../app/context';
import { upgradePath } from '../app/domain/membership-follow-up';
import { i18nextMiddleware } from '../app/middleware/i18next';
import * as detail from '../app/routes/memberships/detail';
import * as list from '../app/routes/memberships/list';
import * as renewal from '../app/routes/memberships/renewal';
import * as unknownSection from '../app/routes/memberships/unknown-section';
import * as upgrade from '../app/routes/memberships/upgrade';
import { MARIO_PROFILE, type TestFan } from './support/cart';
import { savedAddressIn } from './support/cart-page';
import { manualClock } from './support/clock';
import { createTestDatabase } from './support/database';
import { statusOf } from './support/dev-pages';
import { cardForMyself, blackAndWhiteAsGift, redeemGift, setMembershipStatus, stadiumForMyself, type IssueContext } from './support/memberships';
import { createShopContext, signedInCookie } from './support/signed-in';

const clock = manualClock('2026-12-01T09:00:00Z');
let database: Database;
let context: RouterContextProvider;
let stopAuth: () => void;
type Fan = TestFan & { cookie: string };
let buyer: Fan;
let friend: Fan;
let stranger: Fan;
let card: string;
let stadium: string;
let gift: string;

const services = () => context.get(shopContext).services;
const issuing = (): IssueContext => ({ services: services(), database, now: () => clock.now() });

async function signedInFan(subject: string): Promise<Fan> {
  const { customer, cookie } = await signedInCookie(context, subject, { firstName: 'Mario', lastName: 'Rossi' });
  await services().customers.updateProfile(customer.id, subject, MARIO_PROFILE);
  return { owner: { customerId: customer.id, subject }, ip: '2001:db8::15', cookie };
}

beforeAll(async () => {
  database = await createTestDatabase();
  ({ context, stop: stopAuth } = await createShopContext(database, clock));
  [buyer, friend, stranger] = [await signedInFan('pages-buyer'), await signedInFan('pages-friend'), await signedInFan('pages-stranger')];
  card = await cardForMyself(issuing(), buyer);
  stadium = await stadiumForMyself(issuing(), buyer);
  gift = await blackAndWhiteAsGift(issuing(), buyer);
  await redeemGift(issuing(), gift, friend, { forMyself: true });
});

afterAll(async () => {
  stopAuth?.();
  await database?.close();
});

type RouteFunction<T> = (args: never) => Promise<T> | T;

/** Runs a loader or action as the router would for `path` (English), behind the secured layout's middleware. */
async function run<T>(routeFunction: RouteFunction<T>, path: string, fan: Fan, params: Record<string, string>, form?: Record<string, string>) {
  const headers: Record<string, string> = { Cookie: `jc_prf_lng=en; ${fan.cookie}` };
  if (form) headers['Content-Type'] = 'application/x-www-form-urlencoded';
  const request = new Request(`http://shop.test${path}`, { method: form ? 'POST' : 'GET', headers, body: form ? new URLSearchParams(form) : undefined });
  const args = { request, context, params, unstable_pattern: path } as never;
  let answer: T | undefined;
  const secured = async () =>
    (await requireCustomerMiddleware(args, async () => {
      answer = await routeFunction(args);
      return new Response(null);
    })) ?? new Response(null);
  await i18nextMiddleware(args, secured);
  return answer as T;
}

const renewalPath = (code: string, tab = '') => `/mymembership/manage/${code}/renewal${tab}`;
const loadRenewal = (fan: Fan, code: string, tab = '') => run(renewal.loader, renewalPath(code, tab), fan, { id: code });
const post = (fan: Fan, code: string, form: Record<string, string>) => run(renewal.action, renewalPath(code), fan, { id: code }, form);
/** The status of an action's answer: a redirect's, a `data()` answer's, or a thrown one's. */
async function statusOfPost(fan: Fan, code: string, form: Record<string, string>) {
  const thrown = await statusOf(() => post(fan, code, form));
  if (thrown !== 'no error') return thrown;
  const answer = (await post(fan, code, form)) as unknown as Response | { init: { status: number } };
  return answer instanceof Response ? answer.status : answer.init.status;
}
const addressIn = async (fan: Fan, countryCode: string, city?: string) => (await services().addresses.create(fan.owner.customerId, savedAddressIn(countryCode, city))).id;

describe('the pages', () => {
  it('list a tab, open a membership for its parties, and 404 for anyone else or any other section', async () => {
    const listed = await run(list.loader, '/mymembership/manage?tab=gifted', buyer, {});
    expect(listed.tab).toBe('gifted');
    expect(listed.memberships.map((row) => row.code)).toEqual([gift]);
    expect(listed.memberships[0]).toMatchObject({ productName: 'Black & White', holderName: null, href: `/mymembership/manage/${gift}` });

    const asFriend = await run(detail.loader, `/mymembership/manage/${gift}`, friend, { id: gift });
    expect(asFriend.view).toMatchObject({ seesHolderData: true, holder: { name: 'Mario Rossi', dob: '01/01/1980' }, gift: { redeemed: true } });
    const asGifter = await run(detail.loader, `/mymembership/manage/${gift}`, buyer, { id: gift });
    expect(asGifter.view).toMatchObject({ seesHolderData: false, holder: null, card: { roles: ['gifter'], holderName: null } });
    expect(await statusOf(() => run(detail.loader, `/mymembership/manage/${gift}`, stranger, { id: gift }))).toBe(404);
    expect(await statusOf(() => run(upgrade.loader, `/mymembership/manage/${gift}/upgrade`, stranger, { id: gift }))).toBe(404);
    expect(await statusOf(() => loadRenewal(stranger, gift))).toBe(404);
    expect(await statusOf(() => run(unknownSection.loader, `/mymembership/manage/${gift}/renewals`, friend, { id: gift, section: 'renewals' }))).toBe(404);
  });

  it('offer the upgrade once active, to the target’s product page; before, they say why', async () => {
    // As if bought before its season: not active yet.
    await setMembershipStatus(database, stadium, 'ready');
    expect((await run(upgrade.loader, `/mymembership/manage/${stadium}/upgrade`, buyer, { id: stadium })).upgrade).toEqual({ refusal: 'notYetActive', target: null });
    await setMembershipStatus(database, stadium, 'active');
    expect((await run(upgrade.loader, `/mymembership/manage/${stadium}/upgrade`, buyer, { id: stadium })).upgrade).toEqual({
      refusal: null,
      target: { name: 'Black & White', href: '/products/black-and-white', buyHref: upgradePath('black-and-white', stadium) },
    });
    await setMembershipStatus(database, stadium, 'ready');
  });
});

describe('the renewal preferences page', () => {
  it('offers the club card’s sizes and the fan’s addresses, those the product does not ship to disabled', async () => {
    const page = await loadRenewal(buyer, card);
    expect(page.refusal).toBeNull();
    expect(page.sizes.map((size) => size.value)).toEqual(['36', '40', '44', '48', '52', '56', '60', '64']);
    expect(page.checked.preferredVariantSize).toBe('48');
    expect(page.current?.shippingAddress).toMatchObject({ street: 'Via Roma 1' });
    const russian = await addressIn(buyer, 'RU', 'Moscow');
    const french = await addressIn(buyer, 'FR', 'Paris');
    const forStadium = await loadRenewal(buyer, stadium);
    expect(forStadium.sizes).toEqual([]);
    expect(forStadium.shippingChoices.find((choice) => choice.id === russian)).toMatchObject({ selectable: false, unavailableText: null });
    expect(forStadium.shippingChoices.find((choice) => choice.id === french)).toMatchObject({ selectable: false, unavailableText: 'This product is not shipped to this country.' });
    expect(forStadium.billingChoices.every((choice) => choice.selectable)).toBe(true);
    // "Add an address" comes back to this tab, where the new one is chosen.
    expect((await loadRenewal(buyer, stadium, '?tab=billing')).addAddressPath).toBe(
      `/account/addresses/new?redirect_uri=${encodeURIComponent(renewalPath(stadium, '?tab=billing'))}`,
    );
    expect((await loadRenewal(buyer, stadium, `?tab=billing&address_id=${french}`)).checked.billingAddress).toBe(french);
  });

  it('shows a gifter neither the renewal’s addresses nor their book, and says why', async () => {
    const page = await loadRenewal(buyer, gift);
    expect(page).toMatchObject({ refusal: 'not-manager', current: null, shippingChoices: [], billingChoices: [] });
  });
});

describe('the manage form', () => {
  it('answers a saved choice with a 303 to its tab, and every refusal with its status', async () => {
    const address = await addressIn(buyer, 'IT');
    const friendsAddress = await addressIn(friend, 'IT');
    const saved = (await post(buyer, card, { action: 'renewalBilling', billingAddress: address })) as unknown as Response;
    expect(saved.status).toBe(303);
    expect(saved.headers.get('Location')).toBe(renewalPath(card, '?tab=billing'));
    expect(await statusOfPost(buyer, card, { action: 'renewalVariantSize', preferredVariantSize: '52' })).toBe(303);

    expect(await statusOfPost(stranger, card, { action: 'renewalBilling', billingAddress: address })).toBe(404);
    expect(await statusOfPost(buyer, card, { action: 'renewalEverything' })).toBe(400);
    expect(await statusOfPost(buyer, card, { action: 'renewalShipment' })).toBe(400);
    expect(await statusOfPost(buyer, card, { action: 'renewalVariantSize', preferredVariantSize: '49' })).toBe(400);
    expect(await statusOfPost(buyer, gift, { action: 'renewalBilling', billingAddress: address })).toBe(403);
    expect(await statusOfPost(friend, gift, { action: 'renewalBilling', billingAddress: friendsAddress })).toBe(409);
    await setMembershipStatus(database, card, 'expired');
    expect(await statusOfPost(buyer, card, { action: 'renewalBilling', billingAddress: address })).toBe(409);
    await setMembershipStatus(database, card, 'ready');
  });

  it('says what is wrong where: an unknown action at the top, a missing or wrong choice at its field', async () => {
    type Answer = { data: { action: string | null; problem: string | null; result: { error?: Record<string, string[]> } } };
    const unknown = (await post(buyer, card, { action: 'renewalEverything' })) as unknown as Answer;
    expect(unknown.data).toMatchObject({ action: null, problem: 'membership:manage.invalid_action' });
    const missing = (await post(buyer, card, { action: 'renewalShipment', shippingAddress: '' })) as unknown as Answer;
    expect(missing.data).toMatchObject({ action: 'renewalShipment', problem: null, result: { error: { shippingAddress: ['membership:manage.invalid_confg'] } } });
    const russian = await addressIn(buyer, 'RU', 'Moscow');
    const restricted = (await post(buyer, card, { action: 'renewalShipment', shippingAddress: russian })) as unknown as Answer;
    expect(restricted.data.result.error).toEqual({ shippingAddress: ['membership:renewal.errors.restrictedCountry'] });
    const refused = (await post(buyer, gift, { action: 'renewalShipment', shippingAddress: russian })) as unknown as Answer;
    expect(refused.data).toMatchObject({ problem: 'membership:renewal.refusal.not-manager' });
  });
});
