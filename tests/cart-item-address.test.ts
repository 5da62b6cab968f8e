// Issue 30: an item's address in one step, through the routes as the router runs them (language,
// secured layout): the cart's `intent=address` POST (ownership 404, refused country 400 at the
// item), the cart's choices and hints, and a new address added for an item from the cart.
import type { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireCustomerMiddleware } from '../app/.server/auth/guards';
import type { Database } from '../app/.server/db/client';
import { shopContext } from '../app/context';
import { i18nextMiddleware } from '../app/middleware/i18next';
import * as newAddress from '../app/routes/account/addresses/new';
import * as cartRoute from '../app/routes/cart/cart';
import { MARIO_PROFILE, type TestFan } from './support/cart';
import { addItem, savedAddressIn } from './support/cart-page';
import { manualClock } from './support/clock';
import { createTestDatabase } from './support/database';
import { statusOf } from './support/dev-pages';
import { createShopContext, signedInCookie } from './support/signed-in';

const clock = manualClock('2026-12-01T09:00:00Z');
let database: Database;
let context: RouterContextProvider;
let stopAuth: () => void;
type Fan = TestFan & { cookie: string };

const services = () => context.get(shopContext).services;

async function signedInFan(subject: string): Promise<Fan> {
  const { customer, cookie } = await signedInCookie(context, subject, { firstName: 'Mario', lastName: 'Rossi' });
  await services().customers.updateProfile(customer.id, subject, MARIO_PROFILE);
  return { owner: { customerId: customer.id, subject }, ip: '2001:db8::30', cookie };
}

beforeAll(async () => {
  database = await createTestDatabase();
  ({ context, stop: stopAuth } = await createShopContext(database, clock));
});

afterAll(async () => {
  stopAuth?.();
  await database?.close();
});

type RouteFunction<T> = (args: never) => Promise<T> | T;

/** Runs a loader or action as the router would for `path` (English), behind the secured layout's middleware. */
async function run<T>(routeFunction: RouteFunction<T>, path: string, fan: Fan, form?: Record<string, string>) {
  const headers: Record<string, string> = { Cookie: `jc_prf_lng=en; ${fan.cookie}` };
  if (form) headers['Content-Type'] = 'application/x-www-form-urlencoded';
  const request = new Request(`http://shop.test${path}`, { method: form ? 'POST' : 'GET', headers, body: form ? new URLSearchParams(form) : undefined });
  const args = { request, context, params: {}, unstable_pattern: path } as never;
  let answer: T | undefined;
  const secured = async () =>
    (await requireCustomerMiddleware(args, async () => {
      answer = await routeFunction(args);
      return new Response(null);
    })) ?? new Response(null);
  await i18nextMiddleware(args, secured);
  return answer as T;
}

type DataAnswer = { data: unknown; init: { status: number } };
const postToCart = (fan: Fan, form: Record<string, string>) => run(cartRoute.action, '/cart', fan, form) as Promise<Response | DataAnswer>;
const addressIn = async (fan: Fan, countryCode: string, city?: string) => (await services().addresses.create(fan.owner.customerId, savedAddressIn(countryCode, city))).id;
const welcomePackFor = (fan: Fan) => addItem(services(), fan, 'j1897', 'buy', { buyFor: 'BUY_CARD' });
const shippingOf = async (fan: Fan, itemId: string) => (await services().cart.viewCart(fan.owner)).lines.find((line) => line.id === itemId)?.shipping ?? null;
const cartPage = (fan: Fan, search = '') => run(cartRoute.loader, `/cart${search}`, fan);

describe('the cart’s item address form (intent=address)', () => {
  it('ships the item to the chosen saved address: 303 back to the cart', async () => {
    const fan = await signedInFan('ship-one-step');
    const itemId = await welcomePackFor(fan);
    await addressIn(fan, 'FR', 'Paris');
    const turin = await addressIn(fan, 'IT');
    const answer = await postToCart(fan, { intent: 'address', itemId, addressId: turin });
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(303);
    expect((answer as Response).headers.get('Location')).toBe('/cart');
    expect(await shippingOf(fan, itemId)).toMatchObject({ kind: 'saved', addressId: turin });
  });

  it('answers 404 for someone else’s item or address, and changes nothing', async () => {
    const fan = await signedInFan('ship-owner-fan');
    const other = await signedInFan('ship-owner-other');
    const myAddress = await addressIn(fan, 'IT');
    const theirAddress = await addressIn(other, 'IT');
    const mine = await welcomePackFor(fan);
    const theirs = await welcomePackFor(other);
    expect(await statusOf(() => postToCart(fan, { intent: 'address', itemId: theirs, addressId: myAddress }))).toBe(404);
    expect(await statusOf(() => postToCart(fan, { intent: 'address', itemId: mine, addressId: theirAddress }))).toBe(404);
    expect(await statusOf(() => postToCart(fan, { intent: 'address', itemId: 'x'.repeat(5000), addressId: myAddress }))).toBe(404);
    // Each started at its owner's preferred address; neither moved.
    expect(await shippingOf(fan, mine)).toMatchObject({ addressId: myAddress });
    expect(await shippingOf(other, theirs)).toMatchObject({ addressId: theirAddress });
  });

  it('refuses a country the product is not sold in (400, said at the item, with the alternative), and an empty choice', async () => {
    const fan = await signedInFan('ship-refused');
    const newYork = await addressIn(fan, 'US', 'New York');
    const itemId = await welcomePackFor(fan);
    expect(await shippingOf(fan, itemId)).toBeNull();
    const refused = (await postToCart(fan, { intent: 'address', itemId, addressId: newYork })) as DataAnswer;
    expect(refused.init.status).toBe(400);
    expect(refused.data).toEqual({ addressRefusal: { itemId, message: 'cart:errors.address.notAvailableForProduct', refusedByProduct: true } });
    const empty = (await postToCart(fan, { intent: 'address', itemId, addressId: '' })) as DataAnswer;
    expect(empty.init.status).toBe(400);
    expect(empty.data).toEqual({ addressRefusal: { itemId, message: 'cart:errors.address.required', refusedByProduct: false } });
    expect(await shippingOf(fan, itemId)).toBeNull();

    // The page offers the address disabled, says why, and links the alternative as the product page does.
    const page = await cartPage(fan);
    const line = page.lines.find((candidate) => candidate.id === itemId);
    expect(line?.shippingChoice).toEqual({
      options: [{ id: newYork, label: expect.stringMatching(/^Ada Rossi, Via Roma 1, 75001 New York, United States.*\(not available: This product is not sold in this country\.\)$/), disabled: true }],
      chosenId: null,
      alternative: { href: '/products/black-and-white', label: 'See the alternative: Black & White' },
      newAddressHref: `/account/addresses/new?redirect_uri=%2Fcart&cartItem=${itemId}`,
    });
  });
});

describe('the cart page’s hints', () => {
  it('lets a cart that only misses an address go to checkout, and says so as an error once checkout sent it back', async () => {
    const fan = await signedInFan('ship-hint');
    await addressIn(fan, 'US', 'New York');
    const itemId = await welcomePackFor(fan);
    expect((await services().cart.setWithdrawalWaiver(fan.owner, itemId, true)).ok).toBe(true);
    expect(await cartPage(fan)).toMatchObject({ blockers: ['addressesMissing'], canCheckout: false, attempted: false });
    expect(await cartPage(fan, '?checkout=refused')).toMatchObject({ attempted: true });
  });
});

describe('a new address added for a cart item', () => {
  const form = { firstName: 'Mario', lastName: 'Rossi', phone: '+39 333 123 4567', countryCode: 'IT', provinceCode: 'TO', cityCode: 'L219', postalCode: '10121', street: 'Via Po', number: '3' };

  it('starts from the profile, and once saved ships the item there: 303 back to the cart', async () => {
    const fan = await signedInFan('ship-new-address');
    const itemId = await welcomePackFor(fan);
    const path = `/account/addresses/new?redirect_uri=%2Fcart&cartItem=${itemId}`;
    const shown = await run(newAddress.loader, path, fan);
    expect(shown.cancelTo).toBe('/cart');
    expect(shown.form.values).toMatchObject({ firstName: 'Mario', lastName: 'Rossi', phone: '+39 333 123 4567', countryCode: 'IT' });
    const answer = (await run(newAddress.action, path, fan, form)) as Response;
    expect(answer.status).toBe(303);
    expect(answer.headers.get('Location')).toBe('/cart');
    const [saved] = await services().addresses.list(fan.owner.customerId);
    expect(await shippingOf(fan, itemId)).toMatchObject({ kind: 'saved', addressId: saved?.id });
  });

  it('keeps the address when the item cannot go there, or is not the fan’s', async () => {
    const fan = await signedInFan('ship-new-refused');
    const other = await signedInFan('ship-new-other');
    const itemId = await welcomePackFor(fan);
    const abroad = { ...form, countryCode: 'US', provinceCode: '', cityCode: '', state: 'NY', city: 'New York', postalCode: '10001' };
    const refused = (await run(newAddress.action, `/account/addresses/new?redirect_uri=%2Fcart&cartItem=${itemId}`, fan, abroad)) as Response;
    expect(refused.status).toBe(303);
    expect(refused.headers.get('Location')).toBe('/cart');
    expect(await shippingOf(fan, itemId)).toBeNull();
    expect(await services().addresses.list(fan.owner.customerId)).toHaveLength(1);

    const notTheirs = (await run(newAddress.action, `/account/addresses/new?redirect_uri=%2Fcart&cartItem=${itemId}`, other, form)) as Response;
    expect(notTheirs.status).toBe(303);
    expect(notTheirs.headers.get('Location')).toMatch(/^\/cart\?address_id=[0-9a-f-]{36}$/);
    expect(await services().addresses.list(other.owner.customerId)).toHaveLength(1);
    expect(await shippingOf(fan, itemId)).toBeNull();
  });
});
