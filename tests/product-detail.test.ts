import type { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../app/.server/db/client';
import { shopContext } from '../app/context';
import { i18nextMiddleware } from '../app/middleware/i18next';
import * as productDetail from '../app/routes/catalogue/product-detail';
import { savedAddressIn } from './support/cart-page';
import { createTestDatabase } from './support/database';
import { createShopContext, signedInCookie } from './support/signed-in';

// The seed's Young membership is sold out: its page offers notify-me.
const SOLD_OUT = 'young';

let database: Database;
let context: RouterContextProvider;
let stopAuth: () => void;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ context, stop: stopAuth } = await createShopContext(database));
});

afterAll(async () => {
  stopAuth?.();
  await database?.close();
});

/** Runs the product page's loader behind the language middleware, as the router would. */
async function loadProduct(productId: string, cookie?: string) {
  const request = new Request(`http://shop.test/products/${productId}`, { headers: { Cookie: ['jc_prf_lng=en', cookie].filter(Boolean).join('; ') } });
  const args = { request, context, params: { id: productId }, unstable_pattern: '/products/:id' };
  let loaded: Awaited<ReturnType<typeof productDetail.loader>> | undefined;
  await i18nextMiddleware(args as never, async () => {
    loaded = await productDetail.loader(args as never);
    return new Response(null);
  });
  return loaded!;
}

describe('product page: notify-me for a fan who already asked', () => {
  it('offers notify-me to an anonymous visitor without reading the database for it', async () => {
    const isWaiting = vi.spyOn(context.get(shopContext).services.notifyMe, 'isWaiting');
    const page = await loadProduct(SOLD_OUT);
    expect(page.actions.kind).toBe('sold-out');
    expect(page.notifyWaiting).toBe(false);
    expect(isWaiting).not.toHaveBeenCalled();
    isWaiting.mockRestore();
  });

  it("says \"we'll tell you\" once the signed-in fan asked, and only then", async () => {
    const { customer, cookie } = await signedInCookie(context, 'sub-product-waiting');
    expect((await loadProduct(SOLD_OUT, cookie)).notifyWaiting).toBe(false);
    await context.get(shopContext).services.notifyMe.subscribe(customer.id, SOLD_OUT, 'en');
    expect((await loadProduct(SOLD_OUT, cookie)).notifyWaiting).toBe(true);
  });

  it('does not ask about products on sale', async () => {
    const { cookie } = await signedInCookie(context, 'sub-product-on-sale');
    const isWaiting = vi.spyOn(context.get(shopContext).services.notifyMe, 'isWaiting');
    expect((await loadProduct('j1897', cookie)).notifyWaiting).toBe(false);
    expect(isWaiting).not.toHaveBeenCalled();
    isWaiting.mockRestore();
  });
});

// The seed's Stadium is sold only in Italy, San Marino and the Vatican; J1897 not in the United
// States; Black & White has no country rule.
describe('product page: a country rule shown only to the fans it concerns (issue 30)', () => {
  const services = () => context.get(shopContext).services;
  async function fanWithAddressesIn(subject: string, countries: string[]) {
    const { customer, cookie } = await signedInCookie(context, subject);
    for (const country of countries) await services().addresses.create(customer.id, savedAddressIn(country));
    return cookie;
  }

  it('keeps a neutral line, with the alternative, when whom it concerns is not known: signed out, or no saved address', async () => {
    const list = vi.spyOn(services().addresses, 'list');
    const anonymous = await loadProduct('stadium');
    expect(anonymous.restriction).toEqual({ kind: 'only-in', countries: expect.stringMatching(/^Italy, San Marino,? and Vatican City$/), yours: null });
    expect(anonymous.alternative).toEqual({ id: 'black-and-white', name: 'Black & White' });
    expect(list).not.toHaveBeenCalled();
    list.mockRestore();
    const noAddress = await loadProduct('stadium', await fanWithAddressesIn('restriction-no-address', []));
    expect(noAddress.restriction).toMatchObject({ kind: 'only-in', yours: null });
  });

  it('shows nothing to a fan all of whose addresses it admits', async () => {
    const cookie = await fanWithAddressesIn('restriction-italy', ['IT']);
    expect((await loadProduct('stadium', cookie)).restriction).toBeNull();
    expect((await loadProduct('j1897', cookie)).restriction).toBeNull();
  });

  it('warns a fan one of whose addresses it refuses, naming that country', async () => {
    const cookie = await fanWithAddressesIn('restriction-abroad', ['IT', 'FR', 'US']);
    const stadium = await loadProduct('stadium', cookie);
    expect(stadium.restriction).toMatchObject({ kind: 'only-in', yours: 'France and United States' });
    expect(stadium.restriction?.countries).toMatch(/^Italy, San Marino,? and Vatican City$/);
    expect((await loadProduct('j1897', cookie)).restriction).toEqual({ kind: 'not-in', countries: 'United States', yours: 'United States' });
  });

  it('reads no address for a product without a rule', async () => {
    const cookie = await fanWithAddressesIn('restriction-none', ['US']);
    const list = vi.spyOn(services().addresses, 'list');
    expect((await loadProduct('black-and-white', cookie)).restriction).toBeNull();
    expect(list).not.toHaveBeenCalled();
    list.mockRestore();
  });
});
