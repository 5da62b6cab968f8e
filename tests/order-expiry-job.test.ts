// The background expiry of unpaid orders, driven by its tick on a real database (PGlite, and
// PostgreSQL in the other project) with a clock the test moves: nothing happens inside the
// payment window; past it, two instances ticking at once expire the order and give its size
// back exactly once.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../app/.server/db/client';
import { productVariants } from '../app/.server/db/schema';
import { startOrderExpiry } from '../app/.server/jobs/order-expiry';
import { ORDER_PAYMENT_WINDOW_MS } from '../app/domain/order-status';
import { newFan } from './support/cart';
import { manualClock } from './support/clock';
import { createTestDatabase } from './support/database';
import { addressOf, cardInCart, placeRequest } from './support/orders';
import { servicesFor } from './support/services';

let database: Database;
const clock = manualClock('2026-12-01T09:00:00Z');
const services = () => servicesFor(database, { clock });

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

const stockOf = async (variantId: string) =>
  (await database.db.select({ stock: productVariants.stockQty }).from(productVariants).where(eq(productVariants.id, variantId)))[0]?.stock;

describe('the order expiry job', () => {
  it('expires an unpaid order once its window has passed and gives its size back once, with two instances ticking at once', async () => {
    await database.db.update(productVariants).set({ stockQty: 2 }).where(eq(productVariants.id, 'jcard-44'));
    const fan = await newFan(services(), 'expiry-job');
    const addressId = await addressOf(services(), fan);
    await cardInCart(services(), fan, addressId, 'jcard-44');
    const placed = await services().orders.place(placeRequest(fan, { billingAddressId: addressId }));
    if (!placed.ok) throw new Error(JSON.stringify(placed));
    expect(placed.value.status).toBe('awaiting_payment');
    expect(await stockOf('jcard-44')).toBe(1);

    // Two shop instances, each with its own services and job, on the one database.
    const logger = { error: vi.fn() };
    const instances = [startOrderExpiry({ orders: services().orders, logger, intervalMs: 0 }), startOrderExpiry({ orders: services().orders, logger, intervalMs: 0 })];
    const tickBoth = () => Promise.all(instances.map((job) => job.tick()));
    const statusOf = async () => (await services().orders.find(fan.owner, placed.value.orderId))?.status;

    clock.advance(ORDER_PAYMENT_WINDOW_MS - 1000);
    await tickBoth();
    expect(await statusOf()).toBe('awaiting_payment');
    expect(await stockOf('jcard-44')).toBe(1);

    clock.advance(1000);
    await tickBoth();
    expect(await statusOf()).toBe('expired');
    expect(await stockOf('jcard-44')).toBe(2);

    await tickBoth();
    expect(await stockOf('jcard-44')).toBe(2);
    expect(logger.error).not.toHaveBeenCalled();
    await Promise.all(instances.map((job) => job.stop()));
  });
});
