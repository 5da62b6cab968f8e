// Automatic renewal (issue 15, item 6) on a real database: from its season's last month, a
// membership whose manager asked for it is offered its renewal once — in the cart, by the cart's
// rules, and by mail — however many instances run the pass at once; never before the day, never
// without the preference, never for one renewed already.
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../app/.server/db/client';
import { mailOutbox, memberships } from '../app/.server/db/schema';
import { renewalOfferMailKey } from '../app/.server/services/renewal-offers';
import { newFan, type TestFan } from './support/cart';
import { manualClock } from './support/clock';
import { createTestDatabase } from './support/database';
import { blackAndWhiteForMyself, type IssueContext } from './support/memberships';
import { addressOf, placeRequest } from './support/orders';
import { servicesFor } from './support/services';

let database: Database;
const clock = manualClock('2026-12-01T09:00:00Z');
const services = () => servicesFor(database, { clock });
const context = (): IssueContext => ({ services: services(), database, now: () => clock.now() });

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

async function idOf(code: string): Promise<string> {
  const [row] = await database.db.select({ id: memberships.id }).from(memberships).where(eq(memberships.code, code));
  if (!row) throw new Error(`no membership ${code}`);
  return row.id;
}

async function offerMailsOf(fan: TestFan) {
  return database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, 'renewal-offer'), like(mailOutbox.toAddress, `${fan.owner.subject}@%`)));
}

async function renewalLines(fan: TestFan) {
  return (await services().cart.viewCart(fan.owner)).lines.filter((line) => line.process === 'renewal');
}

describe('automatic renewal', () => {
  it('is not offered before 1 June of the season’s second year, then once: the renewal in the cart and a mail', async () => {
    clock.set('2026-05-31T12:00:00Z');
    const fan = await newFan(services(), 'offer-once');
    const code = await blackAndWhiteForMyself(context(), fan, { automaticRenewal: true });
    expect(await services().renewalOffers.offerDue()).toBe(0);
    expect(await renewalLines(fan)).toEqual([]);

    clock.set('2026-05-31T22:30:00Z'); // 1 June, 00:30 in Rome
    expect(await services().renewalOffers.offerDue()).toBe(1);
    const [line] = await renewalLines(fan);
    expect(line).toMatchObject({ previousMembership: { code, season: '2025/26' }, automaticRenewal: true, followUpRefusal: null });
    const [mail, ...others] = await offerMailsOf(fan);
    expect(others).toEqual([]);
    expect(mail).toMatchObject({ dedupeKey: renewalOfferMailKey(await idOf(code)), language: 'it' });
    expect(mail?.subject).toContain('2026/27');
    expect(mail?.textBody).toMatch(/\/cart$/m);

    // Offered: a later pass, or the fan removing the item, does not bring it back.
    await services().cart.removeItem(fan.owner, line!.id);
    expect(await services().renewalOffers.offerDue()).toBe(0);
    expect(await renewalLines(fan)).toEqual([]);
    expect(await offerMailsOf(fan)).toHaveLength(1);
    clock.set('2026-12-01T09:00:00Z');
  });

  it('offers nothing to a membership without the preference', async () => {
    const fan = await newFan(services(), 'offer-none');
    await blackAndWhiteForMyself(context(), fan);
    await services().renewalOffers.offerDue();
    expect(await renewalLines(fan)).toEqual([]);
    expect(await offerMailsOf(fan)).toEqual([]);
  });

  it('is offered once when two instances pass at once: one item, one mail', async () => {
    const fan = await newFan(services(), 'offer-race');
    await blackAndWhiteForMyself(context(), fan, { automaticRenewal: true });
    const [a, b] = await Promise.all([servicesFor(database, { clock }).renewalOffers.offerDue(), servicesFor(database, { clock }).renewalOffers.offerDue()]);
    expect(a + b).toBe(1);
    expect(await renewalLines(fan)).toHaveLength(1);
    expect(await offerMailsOf(fan)).toHaveLength(1);
  });

  it('is not offered for a membership the fan renewed already; one already in the cart is mailed with its page', async () => {
    const renewedFan = await newFan(services(), 'offer-renewed');
    const renewed = await blackAndWhiteForMyself(context(), renewedFan, { automaticRenewal: true });
    const inCartFan = await newFan(services(), 'offer-in-cart');
    const inCart = await blackAndWhiteForMyself(context(), inCartFan, { automaticRenewal: true });
    const renewal = (fan: TestFan, code: string) =>
      services().cart.saveFollowUpItem({ owner: fan.owner, process: 'renewal', productId: 'black-and-white', membershipCode: code, cartItemId: null, automaticRenewal: false, submissionKey: null });
    expect((await renewal(inCartFan, inCart)).ok).toBe(true);
    // Renewed: an order of the renewal awaits its payment.
    expect((await renewal(renewedFan, renewed)).ok).toBe(true);
    const [item] = await renewalLines(renewedFan);
    expect((await services().cart.setWithdrawalWaiver(renewedFan.owner, item!.id, true)).ok).toBe(true);
    const placed = await services().orders.place(placeRequest(renewedFan, { billingAddressId: await addressOf(services(), renewedFan) }));
    expect(placed.ok).toBe(true);

    await services().renewalOffers.offerDue();
    expect(await offerMailsOf(renewedFan)).toEqual([]);
    const [mail] = await offerMailsOf(inCartFan);
    expect(mail?.textBody).toContain(`/products/black-and-white/renewal/${inCart}`);
    // The fan's own item stays as they made it: not a second one.
    expect(await renewalLines(inCartFan)).toMatchObject([{ automaticRenewal: false }]);
  });
});
