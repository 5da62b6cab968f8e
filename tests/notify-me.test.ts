import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../app/.server/db/client';
import { mailOutbox, notifyRequests, products, productVariants } from '../app/.server/db/schema';
import { createNotifyMeService } from '../app/.server/services/notify-me';
import { createTestDatabase } from './support/database';
import { serviceDepsFor, servicesFor } from './support/services';

let database: Database;
let fanCount = 0;

async function newFan(firstName = 'Ada') {
  fanCount += 1;
  return servicesFor(database).customers.upsertFromSignIn({
    subject: `notify-fan-${fanCount}`,
    email: `fan${fanCount}@example.org`,
    firstName,
    lastName: 'Rossi',
  });
}

const outboxTo = (address: string) => database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address));

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

beforeEach(async () => {
  // Each test starts from the seed's stock: Young sold out, the club card's XXXL at 0.
  await database.db.delete(notifyRequests);
  await database.db.delete(mailOutbox);
  await database.db.update(products).set({ soldOut: true }).where(eq(products.id, 'young'));
  await database.db.update(productVariants).set({ stockQty: 0 }).where(eq(productVariants.productId, 'jcard'));
  await database.db.update(products).set({ soldOut: false }).where(eq(products.id, 'jcard'));
});

describe('subscribe', () => {
  it('caps how many products one fan waits for, counting parallel asks one after the other', async () => {
    // A cap of 2 (the shop's is 50; the seed has 8 products).
    const notifyMe = createNotifyMeService(serviceDepsFor(database), { maxPending: 2 });
    const fan = await newFan();
    const soldOut = ['young', 'kids', 'j1897'];
    await database.db.update(products).set({ soldOut: true }).where(inArray(products.id, soldOut));
    try {
      const asks = await Promise.all(soldOut.map((productId) => notifyMe.subscribe(fan.id, productId, 'it')));
      expect(asks.filter((ask) => ask.ok)).toHaveLength(2);
      expect(asks.filter((ask) => !ask.ok && ask.reason === 'too-many')).toHaveLength(1);
      expect(await notifyMe.listForCustomer(fan.id)).toHaveLength(2);
      // Asking again for a product already waited for is still fine.
      const [waiting] = await notifyMe.listForCustomer(fan.id);
      expect((await notifyMe.subscribe(fan.id, waiting?.productId ?? '', 'en')).ok).toBe(true);
    } finally {
      await database.db.update(products).set({ soldOut: false }).where(inArray(products.id, ['kids', 'j1897']));
    }
  });

  it('is idempotent: asking twice keeps one waiting request with the first date', async () => {
    const notifyMe = servicesFor(database).notifyMe;
    const fan = await newFan();
    expect(await notifyMe.subscribe(fan.id, 'young', 'it')).toEqual({ ok: true, value: undefined });
    const [first] = await notifyMe.listForCustomer(fan.id);
    expect(await notifyMe.subscribe(fan.id, 'young', 'en')).toEqual({ ok: true, value: undefined });
    const list = await notifyMe.listForCustomer(fan.id);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ productId: 'young', productName: { en: 'Young 11–13' }, notifiedAt: null });
    expect(list[0]?.askedAt).toEqual(first?.askedAt);
    expect(await notifyMe.isWaiting(fan.id, 'young')).toBe(true);
  });

  it('refuses products on sale and unknown products', async () => {
    const notifyMe = servicesFor(database).notifyMe;
    const fan = await newFan();
    expect(await notifyMe.subscribe(fan.id, 'j1897', 'it')).toMatchObject({ ok: false, reason: 'available' });
    expect(await notifyMe.subscribe(fan.id, 'no-such-product', 'it')).toMatchObject({ ok: false, reason: 'unknown-product' });
    expect(await notifyMe.listForCustomer(fan.id)).toEqual([]);
  });

  it('counts a product whose sizes are all out of stock as not purchasable', async () => {
    const notifyMe = servicesFor(database).notifyMe;
    const fan = await newFan();
    expect(await notifyMe.subscribe(fan.id, 'jcard', 'en')).toEqual({ ok: true, value: undefined });
  });
});

describe('restock and release', () => {
  it('queues exactly one mail per waiting fan, in their language, and nothing on a second sweep', async () => {
    const notifyMe = servicesFor(database).notifyMe;
    const [ada, bruno, carla] = [await newFan('Ada'), await newFan('Bruno'), await newFan('Carla')];
    await notifyMe.subscribe(ada.id, 'young', 'it');
    await notifyMe.subscribe(bruno.id, 'young', 'en');
    await notifyMe.subscribe(carla.id, 'jcard', 'it'); // still sold out after Young's restock

    expect(await notifyMe.releasePending()).toBe(0); // nothing back yet
    const result = await servicesFor(database).catalogue.restock(
      { productId: 'young', variantId: null, quantity: 10 },
    );
    expect(result).toEqual({ ok: true, value: { queuedMails: 2 } });

    const [toAda] = await outboxTo(ada.email);
    expect(toAda).toMatchObject({ kind: 'notify-me', language: 'it', subject: 'Young 11–13 è di nuovo in vendita', sentAt: null, attempts: 0 });
    expect(toAda?.textBody).toContain('Ciao Ada,');
    expect(toAda?.textBody).toContain('https://shop.example/products/young');
    const [toBruno] = await outboxTo(bruno.email);
    expect(toBruno).toMatchObject({ language: 'en', subject: 'Young 11–13 is back on sale' });
    expect(await outboxTo(carla.email)).toEqual([]);

    expect(await notifyMe.releasePending()).toBe(0);
    expect(await database.db.select().from(mailOutbox)).toHaveLength(2);
    expect((await notifyMe.listForCustomer(ada.id))[0]?.notifiedAt).toBeInstanceOf(Date);
    expect(await notifyMe.isWaiting(ada.id, 'young')).toBe(false);
    const [young] = await database.db.select().from(products).where(eq(products.id, 'young'));
    expect(young).toMatchObject({ soldOut: false, availability: 'available' });
  });

  it('releases a product with sizes once one size is back, and sets only that size', async () => {
    const catalogue = servicesFor(database).catalogue;
    const notifyMe = servicesFor(database).notifyMe;
    const fan = await newFan();
    await notifyMe.subscribe(fan.id, 'jcard', 'en');
    expect(await catalogue.restock({ productId: 'jcard', variantId: 'young-1', quantity: 3 })).toEqual({
      ok: false,
      reason: 'unknown-variant',
      fields: {},
    });
    expect(await catalogue.restock({ productId: 'nope', variantId: null, quantity: 3 })).toEqual({
      ok: false,
      reason: 'unknown-product',
      fields: {},
    });
    expect(await catalogue.restock({ productId: 'jcard', variantId: 'jcard-48', quantity: 3 })).toEqual({
      ok: true,
      value: { queuedMails: 1 },
    });
    const stock = await database.db.select().from(productVariants).where(eq(productVariants.productId, 'jcard'));
    expect(stock.filter((variant) => variant.stockQty > 0).map((variant) => [variant.id, variant.stockQty])).toEqual([['jcard-48', 3]]);
  });

  it('the sweep catches stock changed behind the shop (a back office writing the database)', async () => {
    const notifyMe = servicesFor(database).notifyMe;
    const fan = await newFan();
    await notifyMe.subscribe(fan.id, 'young', 'it');
    await database.db.update(products).set({ soldOut: false }).where(eq(products.id, 'young'));
    expect(await notifyMe.releasePending()).toBe(1);
    expect(await outboxTo(fan.email)).toHaveLength(1);
  });

  it('a fan who asks again after the mail is re-armed and gets one new mail at the next return', async () => {
    const catalogue = servicesFor(database).catalogue;
    const notifyMe = servicesFor(database).notifyMe;
    const fan = await newFan();
    await notifyMe.subscribe(fan.id, 'young', 'it');
    await catalogue.restock({ productId: 'young', variantId: null, quantity: 1 });
    expect((await catalogue.markSoldOut('young')).ok).toBe(true);

    expect(await notifyMe.subscribe(fan.id, 'young', 'en')).toEqual({ ok: true, value: undefined });
    expect(await notifyMe.isWaiting(fan.id, 'young')).toBe(true);
    expect(await catalogue.restock({ productId: 'young', variantId: null, quantity: 1 })).toEqual({
      ok: true,
      value: { queuedMails: 1 },
    });
    const mails = await outboxTo(fan.email);
    expect(mails.map((mail) => mail.language).sort()).toEqual(['en', 'it']);
    expect(await notifyMe.listForCustomer(fan.id)).toHaveLength(1);
  });

  it('two concurrent releases still queue one mail per request', async () => {
    const notifyMe = servicesFor(database).notifyMe;
    const fans = await Promise.all(['A', 'B', 'C', 'D', 'E'].map((name) => newFan(name)));
    for (const fan of fans) await notifyMe.subscribe(fan.id, 'young', 'it');
    await database.db.update(products).set({ soldOut: false }).where(eq(products.id, 'young'));

    const counts = await Promise.all([
      notifyMe.releasePending(),
      notifyMe.releasePending(),
      servicesFor(database).notifyMe.releasePending(),
    ]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(fans.length);
    const perAddress = await database.db
      .select({ to: mailOutbox.toAddress, mails: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .groupBy(mailOutbox.toAddress);
    expect(perAddress).toHaveLength(fans.length);
    expect(perAddress.every((row) => row.mails === 1)).toBe(true);
  });
});

describe('the fan list and cancel', () => {
  it('cancel removes only the owner’s request', async () => {
    const notifyMe = servicesFor(database).notifyMe;
    const [owner, other] = [await newFan('Owner'), await newFan('Other')];
    await notifyMe.subscribe(owner.id, 'young', 'it');
    await notifyMe.subscribe(other.id, 'young', 'it');

    expect((await notifyMe.cancel(other.id, 'jcard')).ok).toBe(false);
    expect(await notifyMe.listForCustomer(owner.id)).toHaveLength(1);
    expect((await notifyMe.cancel(owner.id, 'young')).ok).toBe(true);
    expect(await notifyMe.listForCustomer(owner.id)).toEqual([]);
    expect(await notifyMe.isWaiting(other.id, 'young')).toBe(true);
    expect((await notifyMe.cancel(owner.id, 'young')).ok).toBe(false);
  });
});
