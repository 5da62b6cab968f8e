// The seeded academy product (kind `other`) through the real use cases: configured for oneself
// into the cart, shipped nowhere, and — alone in the cart — asking for the academy terms of its
// season at checkout, not the membership terms.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../app/.server/db/client';
import type { Services } from '../app/.server/services';
import { canCheckout } from '../app/domain/cart-summary';
import { termsForCart } from '../app/domain/checkout-terms';
import { newFan, type TestFan } from './support/cart';
import { addItem, giftTo } from './support/cart-page';
import { manualClock } from './support/clock';
import { createTestDatabase } from './support/database';
import { addressOf, placeRequest } from './support/orders';
import { servicesFor } from './support/services';

const ACADEMY = 'academy_2526_main';

let database: Database;
const clock = manualClock('2026-12-01T09:00:00Z');
const services = () => servicesFor(database, { clock });

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

/** The terms checkout shows for the fan's cart, from its products' skus and tags. */
async function termsOfCart(shop: Services, fan: TestFan) {
  const view = await shop.cart.viewCart(fan.owner);
  const products = await shop.catalogue.getProductDetails(view.lines.map((line) => line.productId));
  return termsForCart(
    view.lines.map((line) => {
      const product = products.get(line.productId);
      if (!product) throw new Error(`no product ${line.productId}`);
      return { sku: product.sku, tags: product.tags };
    }),
  );
}

describe('the academy product', () => {
  it('is bought for oneself into the cart, ships nothing and needs no waiver', async () => {
    const fan = await newFan(services(), 'academy-buyer');
    await addItem(services(), fan, ACADEMY, 'buy', { buyFor: 'BUY_CARD' });

    const view = await services().cart.viewCart(fan.owner);
    expect(view.lines).toHaveLength(1);
    expect(view.lines[0]).toMatchObject({ productId: ACADEMY, product: { kind: 'other', tag: 'academy' }, needsShipping: false, needsWaiver: false });
    expect(view.totals.totalCents).toBe(24900);
    expect(canCheckout(view.blockers)).toBe(true);
  });

  it('alone in the cart asks for the 2025/26 academy terms and not the membership terms; with a membership, for both', async () => {
    const fan = await newFan(services(), 'academy-terms');
    await addItem(services(), fan, ACADEMY, 'buy', { buyFor: 'BUY_CARD' });
    expect(await termsOfCart(services(), fan)).toEqual([{ name: 'academyTerms', version: 'academy-2025-26.1' }]);

    // Placing it needs the academy box only, and the order keeps which text was accepted.
    const addressId = await addressOf(services(), fan);
    const withoutAcademy = await services().orders.place(
      placeRequest(fan, { billingAddressId: addressId, acceptedTerms: new Set(['membershipTerms']) }),
    );
    expect(withoutAcademy).toEqual({ ok: false, reason: 'invalid', fields: { academyTerms: 'required' } });
    const placed = await services().orders.place(placeRequest(fan, { billingAddressId: addressId, acceptedTerms: new Set(['academyTerms']) }));
    if (!placed.ok) throw new Error(JSON.stringify(placed));
    const order = await services().orders.find(fan.owner, placed.value.orderId);
    expect(order?.acceptedTerms).toEqual([{ name: 'academyTerms', version: 'academy-2025-26.1', acceptedAt: clock.now().toISOString() }]);
    expect(order?.lines[0]).toMatchObject({ productId: ACADEMY, kind: 'other', shippingAddress: null });

    const both = await newFan(services(), 'academy-and-membership');
    await addItem(services(), both, ACADEMY, 'buy', { buyFor: 'BUY_CARD' });
    await addItem(services(), both, 'kids', 'gift', giftTo('ada@example.org'));
    expect((await termsOfCart(services(), both)).map((term) => term.name)).toEqual(['membershipTerms', 'academyTerms']);
  });
});
