// Identity documents past their retention (issue 33) on a real database: a fulfilled card's
// documents go DOCUMENT_RETENTION_DAYS (30) after fulfilment, an expired order's after it
// expired, an open order's stay; two passes at once delete each once.
import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../app/.server/db/client';
import { cartItemDocuments, cartItems, documents, orderItemDocuments, orderItems, orders, productVariants } from '../app/.server/db/schema';
import { readConfig } from '../app/.server/env';
import { payAndFulfil } from '../app/.server/services/order-fulfilment';
import { eraseDocumentsOf } from '../app/.server/uploads/erase-command';
import { retentionMs } from '../app/domain/document-retention';
import { ORDER_PAYMENT_WINDOW_MS } from '../app/domain/order-status';
import { newFan } from './support/cart';
import { manualClock } from './support/clock';
import { createTestDatabase } from './support/database';
import { addressOf, cardInCart, placeRequest } from './support/orders';
import { servicesFor, testFulfilment } from './support/services';

let database: Database;
// After the database's own clock (documents.created_at), as a real shop's clock is.
const start = new Date('2027-06-01T09:00:00Z');
const clock = manualClock(start);
const services = () => servicesFor(database, { clock });
const THIRTY_DAYS = retentionMs(30);

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.update(productVariants).set({ stockQty: 10 }).where(eq(productVariants.id, 'jcard-52'));
});

afterAll(async () => {
  await database?.close();
});

/** A card ordered by a new fan (awaiting payment); answers the order and its document ids. */
async function cardOrder(subject: string) {
  const fan = await newFan(services(), subject);
  const addressId = await addressOf(services(), fan);
  await cardInCart(services(), fan, addressId, 'jcard-52');
  const placed = await services().orders.place(placeRequest(fan, { billingAddressId: addressId }));
  if (!placed.ok) throw new Error(JSON.stringify(placed));
  return { orderId: placed.value.orderId, storageIds: await storageIdsOf(placed.value.orderId) };
}

async function storageIdsOf(orderId: string) {
  const rows = await database.db
    .select({ storageId: orderItemDocuments.storageId })
    .from(orderItemDocuments)
    .innerJoin(orderItems, eq(orderItems.id, orderItemDocuments.orderItemId))
    .where(eq(orderItems.orderId, orderId));
  return rows.map((row) => row.storageId);
}

const storedOf = async (ids: string[]) => (await database.db.select({ id: documents.id }).from(documents).where(inArray(documents.id, ids))).length;

describe('the retention of identity documents', () => {
  it('deletes a fulfilled card’s 30 days after fulfilment and an expired order’s 30 days after it expired; keeps an open order’s', async () => {
    const fulfilled = await cardOrder('retention-fulfilled');
    await database.db.transaction((tx) => payAndFulfil(tx, fulfilled.orderId, testFulfilment(clock.now())));
    const expired = await cardOrder('retention-expired');
    clock.advance(ORDER_PAYMENT_WINDOW_MS + 60_000);
    expect(await services().orders.expireDue()).toBe(1);
    const expiredAt = clock.now();
    expect(fulfilled.storageIds).toHaveLength(1);
    expect(await storedOf([...fulfilled.storageIds, ...expired.storageIds])).toBe(2);

    clock.set(new Date(start.getTime() + THIRTY_DAYS - 1));
    const open = await cardOrder('retention-open');
    expect(await services().documentRetention.deleteDue()).toBe(0);

    clock.set(new Date(start.getTime() + THIRTY_DAYS));
    expect(await services().documentRetention.deleteDue()).toBe(1);
    expect(await storedOf(fulfilled.storageIds)).toBe(0);
    expect(await storageIdsOf(fulfilled.orderId)).toEqual([]);
    expect(await storedOf(expired.storageIds)).toBe(1);

    clock.set(new Date(expiredAt.getTime() + THIRTY_DAYS));
    const [one, two] = await Promise.all([services().documentRetention.deleteDue(), services().documentRetention.deleteDue()]);
    expect((one ?? 0) + (two ?? 0)).toBe(1);
    expect(await storedOf(expired.storageIds)).toBe(0);
    // Placed a month ago and never paid nor expired by a pass: still open, still needed.
    expect(await storedOf(open.storageIds)).toBe(1);
    expect(await services().documentRetention.deleteDue()).toBe(0);
  });
});

describe('erasing a fan’s identity documents on request', () => {
  it('erases those of ended orders and the cart’s (with the card items), keeps an open order’s, and leaves other fans’ alone', async () => {
    clock.set(start);
    const fan = await newFan(services(), 'erase-me');
    const addressId = await addressOf(services(), fan);
    const placeCard = async () => {
      await cardInCart(services(), fan, addressId, 'jcard-52');
      const placed = await services().orders.place(placeRequest(fan, { billingAddressId: addressId }));
      if (!placed.ok) throw new Error(JSON.stringify(placed));
      return placed.value.orderId;
    };
    const fulfilledOrder = await placeCard();
    await database.db.transaction((tx) => payAndFulfil(tx, fulfilledOrder, testFulfilment(clock.now())));
    const openOrder = await placeCard();
    const cartItemId = await cardInCart(services(), fan, addressId, 'jcard-52');
    const [cartDocument] = await database.db.select({ storageId: cartItemDocuments.storageId }).from(cartItemDocuments).where(eq(cartItemDocuments.cartItemId, cartItemId));
    const other = await cardOrder('erase-someone-else');
    const fulfilledIds = await storageIdsOf(fulfilledOrder);
    const openIds = await storageIdsOf(openOrder);

    const erasure = await services().documentRetention.eraseForCustomer(fan.owner.customerId);

    const [open] = await database.db.select({ number: orders.number }).from(orders).where(eq(orders.id, openOrder));
    expect(erasure).toEqual({ erased: 2, cartItemsRemoved: 1, keptForOrders: [{ orderNumber: open?.number, status: 'awaiting_payment' }] });
    expect(await storedOf([...fulfilledIds, cartDocument?.storageId ?? 'missing'])).toBe(0);
    expect(await storageIdsOf(fulfilledOrder)).toEqual([]);
    expect(await database.db.select().from(cartItems).where(eq(cartItems.id, cartItemId))).toEqual([]);
    expect(await storedOf(openIds)).toBe(1);
    expect(await storedOf(other.storageIds)).toBe(1);
    // Asked again: nothing more to erase, the open order still named.
    expect(await services().documentRetention.eraseForCustomer(fan.owner.customerId)).toMatchObject({ erased: 0, cartItemsRemoved: 0, keptForOrders: [{ status: 'awaiting_payment' }] });
  });

  it('answers nothing erased for a fan with no cart and no orders', async () => {
    const fan = await newFan(services(), 'erase-nothing');
    expect(await services().documentRetention.eraseForCustomer(fan.owner.customerId)).toEqual({ erased: 0, cartItemsRemoved: 0, keptForOrders: [] });
  });
});

describe('npm run documents:erase', () => {
  const config = readConfig({ LOG_LEVEL: 'silent', UPLOADS_KEY: randomBytes(32).toString('hex') });

  it('finds the fan by e-mail in any case, erases, and exits 2 naming an open order; 0 once nothing is kept', async () => {
    const fan = await newFan(services(), 'erase-by-mail');
    const addressId = await addressOf(services(), fan);
    await cardInCart(services(), fan, addressId, 'jcard-52');
    const placed = await services().orders.place(placeRequest(fan, { billingAddressId: addressId }));
    if (!placed.ok) throw new Error(JSON.stringify(placed));
    await cardInCart(services(), fan, addressId, 'jcard-52');
    const lines: string[] = [];

    expect(await eraseDocumentsOf(database.db, config, { email: 'ERASE-BY-MAIL@example.org' }, (line) => lines.push(line))).toBe(2);
    expect(lines[0]).toBe(`fan ${fan.owner.customerId}: 1 identity document(s) erased, 1 club card item(s) removed from the cart`);
    expect(lines[1]).toMatch(/^kept for open orders, which still need them: #\d+ \(awaiting_payment\)\. Finish or cancel them, then run this again\.$/);

    clock.advance(ORDER_PAYMENT_WINDOW_MS + 60_000);
    await services().orders.expireDue();
    expect(await eraseDocumentsOf(database.db, config, { customerId: fan.owner.customerId }, (line) => lines.push(line))).toBe(0);
    expect(lines.at(-1)).toBe(`fan ${fan.owner.customerId}: 1 identity document(s) erased, 0 club card item(s) removed from the cart`);
    expect(await storageIdsOf(placed.value.orderId)).toEqual([]);
  });

  it('exits 1 for nobody, and for an address two accounts share, naming both', async () => {
    const lines: string[] = [];
    expect(await eraseDocumentsOf(database.db, config, { email: 'nobody@example.org' }, (line) => lines.push(line))).toBe(1);
    const one = await services().customers.upsertFromSignIn({ subject: 'shared-1', email: 'shared@example.org', firstName: 'Ada', lastName: 'Rossi' });
    const two = await services().customers.upsertFromSignIn({ subject: 'shared-2', email: 'Shared@example.org', firstName: 'Ada', lastName: 'Rossi' });
    expect(await eraseDocumentsOf(database.db, config, { email: 'shared@example.org' }, (line) => lines.push(line))).toBe(1);
    expect(lines).toEqual(['no fan with that e-mail address or id: nothing erased', expect.stringMatching(/^2 fans have that e-mail address; run again with --customer and one of: /)]);
    expect(lines[1]).toContain(one.id);
    expect(lines[1]).toContain(two.id);
  });
});
