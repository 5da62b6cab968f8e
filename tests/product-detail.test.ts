import type { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../app/.server/db/client';
import { shopContext } from '../app/context';
import { i18nextMiddleware } from '../app/middleware/i18next';
import * as productDetail from '../app/routes/catalogue/product-detail';
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
  const request = new Request(`http://shop.test/products/${productId}`, { headers: cookie ? { Cookie: cookie } : {} });
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
