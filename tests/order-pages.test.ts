// The order pages' loaders on a real database (PGlite, and PostgreSQL in the other project), run
// behind the middleware the router runs them behind: the thank-you page shows an order's summary
// only to its signed-in owner and is the plain page for everyone else; the orders list and the
// receipt are the owner's alone (someone else's, a malformed or an unknown id: 404).
import type { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { requireCustomerMiddleware } from '../app/.server/auth/guards';
import type { Database } from '../app/.server/db/client';
import { shopContext } from '../app/context';
import { GIFT_ACTIVATED_PATH, giftActivatedPath } from '../app/domain/order-pages';
import { i18nextMiddleware } from '../app/middleware/i18next';
import * as orderList from '../app/routes/account/orders/list';
import * as receipt from '../app/routes/account/orders/receipt';
import * as thankYou from '../app/routes/orders/thank-you';
import * as securedLayout from '../app/routes/secured';
import { MARIO_PROFILE, type TestFan } from './support/cart';
import { manualClock } from './support/clock';
import { createTestDatabase } from './support/database';
import { statusOf } from './support/dev-pages';
import { addressOf, cardInCart, couponMembershipInCart, giftInCart, placeRequest } from './support/orders';
import { createShopContext, signedInCookie } from './support/signed-in';

const UNKNOWN_ORDER = '00000000-0000-4000-8000-000000000000';

let database: Database;
let context: RouterContextProvider;
let stopAuth: () => void;
let owner: { cookie: string; orderId: string; number: number };
let stranger: { cookie: string };
// A club card and a Kids gift ordered (awaiting payment): what the thank-you page must not offer again.
let cardAndKids: { cookie: string; orderId: string };

const services = () => context.get(shopContext).services;

/** Mario Rossi signed in (a session cookie), with the profile buying needs. */
async function signedInFan(subject: string): Promise<TestFan & { cookie: string }> {
  const { customer, cookie } = await signedInCookie(context, subject, { firstName: 'Mario', lastName: 'Rossi' });
  await services().customers.updateProfile(customer.id, subject, MARIO_PROFILE);
  return { owner: { customerId: customer.id, subject }, ip: '2001:db8::13', cookie };
}

beforeAll(async () => {
  database = await createTestDatabase();
  ({ context, stop: stopAuth } = await createShopContext(database, manualClock('2026-12-01T09:00:00Z')));
  const fan = await signedInFan('order-pages-owner');
  const { billingAddressId } = await couponMembershipInCart(services(), fan);
  const placed = await services().orders.place(placeRequest(fan, { expectedTotalCents: 0, billingAddressId }));
  if (!placed.ok) throw new Error(`not placed: ${JSON.stringify(placed)}`);
  owner = { cookie: fan.cookie, orderId: placed.value.orderId, number: placed.value.number };
  stranger = { cookie: (await signedInFan('order-pages-stranger')).cookie };
  const buyer = await signedInFan('order-pages-card-and-kids');
  const addressId = await addressOf(services(), buyer);
  await cardInCart(services(), buyer, addressId);
  await giftInCart(services(), buyer);
  const ordered = await services().orders.place(placeRequest(buyer, { billingAddressId: addressId }));
  if (!ordered.ok) throw new Error(`not placed: ${JSON.stringify(ordered)}`);
  cardAndKids = { cookie: buyer.cookie, orderId: ordered.value.orderId };
});

afterAll(async () => {
  stopAuth?.();
  await database?.close();
});

type Loader<T> = (args: never) => Promise<T>;

/**
 * Runs a loader as the router would for `path` (English): behind the language middleware, and
 * for a secured page behind the secured layout's middleware too. A thrown response is thrown on.
 */
async function load<T>(loader: Loader<T>, path: string, options: { cookie?: string; params?: Record<string, string>; secured?: boolean } = {}) {
  const cookie = ['jc_prf_lng=en', options.cookie].filter(Boolean).join('; ');
  const request = new Request(`http://shop.test${path}`, { headers: { Cookie: cookie } });
  const args = { request, context, params: options.params ?? {}, unstable_pattern: path } as never;
  let loaded: T | undefined;
  const run = async () => {
    loaded = await loader(args);
    return new Response(null);
  };
  const secured = async () => (await requireCustomerMiddleware(args, run)) ?? new Response(null);
  await i18nextMiddleware(args, options.secured ? secured : run);
  return loaded as T;
}

describe('the thank-you page', () => {
  it('shows the owner the summary of their order, in the page language', async () => {
    const page = await load(thankYou.loader, `/thankyou?orderId=${owner.orderId}`, { cookie: owner.cookie, secured: true });
    expect(page.summary).toMatchObject({
      number: String(owner.number),
      status: 'Completed',
      payBy: null,
      lines: [{ name: 'Stadium', holder: 'Holder: Mario Rossi', price: '€0', codeNote: null }],
      totals: { subtotal: '€0', voucher: null, shipping: '€0', total: '€0' },
    });
    expect(page.summary?.lines[0]?.membershipCode).toMatch(/^JM[0-9A-Z]{10}$/);
  });

  it('is the plain page for someone else, whatever the id, and for the owner without a valid own id', async () => {
    for (const [who, search] of [
      ['stranger', `?orderId=${owner.orderId}`],
      ['owner', '?orderId=not-a-uuid'],
      ['owner', `?orderId=${UNKNOWN_ORDER}`],
      ['owner', `?orderId=${'9'.repeat(5000)}`],
      ['owner', ''],
      ['owner', '?orderId='],
    ] as const) {
      const cookie = who === 'owner' ? owner.cookie : stranger.cookie;
      expect((await load(thankYou.loader, `/thankyou${search}`, { cookie, secured: true })).summary, `${who} ${search}`).toBeNull();
    }
  });

  it('sends a signed-out visitor to sign in and back, looking nothing up (spec: secured)', async () => {
    const find = vi.spyOn(services().orders, 'find');
    try {
      const path = `/thankyou?orderId=${owner.orderId}`;
      const thrown = await load(thankYou.loader, path, { secured: true }).catch((answer: unknown) => answer);
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).headers.get('Location')).toBe(`/login?redirectUri=${encodeURIComponent(path)}`);
      expect(find).not.toHaveBeenCalled();
      await load(thankYou.loader, '/thankyou', { cookie: owner.cookie, secured: true });
      expect(find).not.toHaveBeenCalled();
    } finally {
      find.mockRestore();
    }
  });

  it('after a gift’s activation says the gift is active, not thanks for a purchase', async () => {
    const page = await load(thankYou.loader, GIFT_ACTIVATED_PATH, { cookie: owner.cookie, secured: true });
    expect(page).toMatchObject({ summary: null, kind: 'gift' });
    expect((await load(thankYou.loader, `/thankyou?orderId=${owner.orderId}`, { cookie: owner.cookie, secured: true })).kind).toBe('purchase');
  });

  describe('offers nothing just bought or redeemed (issue 30)', () => {
    const EVERYTHING = { clubCard: true, promotions: ['premium', 'gift', 'coupon'] };

    it('leaves out the club card and the Kids card after an order holding them, whatever its status', async () => {
      const page = await load(thankYou.loader, `/thankyou?orderId=${cardAndKids.orderId}`, { cookie: cardAndKids.cookie, secured: true });
      expect(page.summary?.status).toBe('Awaiting payment');
      expect(page.offers).toEqual({ clubCard: false, promotions: ['premium', 'coupon'] });
    });

    it('offers everything after an order of none of them (a Stadium membership), and on the plain page', async () => {
      expect((await load(thankYou.loader, `/thankyou?orderId=${owner.orderId}`, { cookie: owner.cookie, secured: true })).offers).toEqual(EVERYTHING);
      expect((await load(thankYou.loader, '/thankyou', { cookie: cardAndKids.cookie, secured: true })).offers).toEqual(EVERYTHING);
    });

    it('judges only an order the fan owns: someone else’s id leaves every offer', async () => {
      const page = await load(thankYou.loader, `/thankyou?orderId=${cardAndKids.orderId}`, { cookie: stranger.cookie, secured: true });
      expect(page).toMatchObject({ summary: null, offers: EVERYTHING });
    });

    it('leaves out a redeemed gift’s product, named by the address the redeem page sends to', async () => {
      const page = await load(thankYou.loader, giftActivatedPath('kids'), { cookie: owner.cookie, secured: true });
      expect(page).toMatchObject({ kind: 'gift', offers: { clubCard: true, promotions: ['premium', 'coupon'] } });
      expect((await load(thankYou.loader, giftActivatedPath('black-and-white'), { cookie: owner.cookie, secured: true })).offers).toEqual(EVERYTHING);
      // Only a gift's address names a redeemed product.
      expect((await load(thankYou.loader, '/thankyou?product=kids', { cookie: owner.cookie, secured: true })).offers).toEqual(EVERYTHING);
    });
  });

  it('is never stored by a cache: it may carry an order (the secured layout’s first middleware)', async () => {
    const [noStore] = securedLayout.middleware;
    const response = await noStore!({} as never, async () => new Response('page'));
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).headers.get('Cache-Control')).toBe('private, no-store');
  });
});

describe('the orders list', () => {
  it("lists the owner's order, linking to its receipt, and nothing for anyone else", async () => {
    const mine = await load(orderList.loader, '/account/orders', { cookie: owner.cookie, secured: true });
    expect(mine.orders).toEqual([
      {
        id: owner.orderId,
        href: `/account/orders/${owner.orderId}`,
        title: `Order ${owner.number}`,
        placedOn: '01/12/2026',
        status: 'Completed',
        itemCount: '1',
        total: '€0',
        payHref: null,
        payLabel: `Pay now for order ${owner.number}`,
      },
    ]);
    expect((await load(orderList.loader, '/account/orders', { cookie: stranger.cookie, secured: true })).orders).toEqual([]);
  });
});

describe('the receipt', () => {
  const receiptOf = (orderId: string, cookie: string) =>
    load(receipt.loader, `/account/orders/${orderId}`, { cookie, params: { orderId }, secured: true });

  it('is the owner’s: summary, buyer and the terms accepted with their time', async () => {
    const page = await receiptOf(owner.orderId, owner.cookie);
    expect(page.receipt.title).toBe(`Order ${owner.number}`);
    expect(page.receipt.summary.number).toBe(String(owner.number));
    // Stadium ships nowhere: its country rule (Italy, San Marino, the Vatican) was answered by an
    // Italian billing address, so the tax code is printed (spec: only billing in Italy).
    expect(page.receipt.buyer.map((row) => row.value)).toEqual(['Mario Rossi', 'order-pages-owner@example.org', '+39 333 123 4567', 'Roma (RM), Italy', 'RSSMRA80A01H501U']);
    expect(page.receipt.billing).not.toBeNull();
    expect(page.receipt.terms.map((term) => term.key)).toEqual(['membershipTerms', 'guardianDeclaration']);
    expect(page.receipt.terms[0]?.value).toBe('Accepted: 01/12/2026, 10:00:00');
  });

  it('is a 404 for someone else, a malformed id and an unknown one', async () => {
    expect(await statusOf(() => receiptOf(owner.orderId, stranger.cookie))).toBe(404);
    expect(await statusOf(() => receiptOf('not-a-uuid', owner.cookie))).toBe(404);
    expect(await statusOf(() => receiptOf(UNKNOWN_ORDER, owner.cookie))).toBe(404);
  });
});
