// Upgrades (issue 15) on a real database: the page's price (the target less what the membership
// was worth), the rules (manager, active, the target, one upgrade in the cart, one open order),
// and an upgrade through checkout and payment: the new membership replaces the old one, once.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../app/.server/db/client';
import { memberships } from '../app/.server/db/schema';
import type { FollowUpTarget } from '../app/.server/services/cart-follow-ups';
import { payAndFulfil } from '../app/.server/services/order-fulfilment';
import { newFan, type TestFan } from './support/cart';
import { manualClock } from './support/clock';
import { createTestDatabase } from './support/database';
import { blackAndWhiteAsGift, redeemGift, setMembershipStatus, stadiumForMyself, type IssueContext } from './support/memberships';
import { addressOf, placeRequest } from './support/orders';
import { servicesFor, testFulfilment } from './support/services';

let database: Database;
// Season 2025/26 has started: what is bought now is active at once.
const clock = manualClock('2026-12-01T09:00:00Z');
const services = () => servicesFor(database, { clock });
const context = (): IssueContext => ({ services: services(), database, now: () => clock.now() });
const cart = () => services().cart;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

const upgradeOf = (fan: TestFan, code: string, productId = 'black-and-white', cartItemId: string | null = null): FollowUpTarget => ({
  owner: fan.owner,
  process: 'upgrade',
  productId,
  membershipCode: code,
  cartItemId,
});

async function addUpgrade(fan: TestFan, code: string, productId = 'black-and-white') {
  return cart().saveFollowUpItem({ ...upgradeOf(fan, code, productId), automaticRenewal: true, submissionKey: null });
}

async function membershipRow(code: string) {
  const [row] = await database.db.select().from(memberships).where(eq(memberships.code, code));
  if (!row) throw new Error(`no membership ${code}`);
  return row;
}

/** The fan's cart made ready (waivers unless `waive` is false, shipping, billing) and placed; the order's id and total. */
async function placeCart(fan: TestFan, { waive = true } = {}) {
  const addressId = await addressOf(services(), fan);
  for (const line of (await cart().viewCart(fan.owner)).lines) {
    if (line.needsWaiver && waive) expect((await cart().setWithdrawalWaiver(fan.owner, line.id, true)).ok).toBe(true);
    if (line.needsShipping) expect((await cart().chooseShippingAddress(fan.owner, line.id, addressId)).ok).toBe(true);
  }
  const placed = await services().orders.place(placeRequest(fan, { billingAddressId: addressId }));
  if (!placed.ok) throw new Error(`not placed: ${JSON.stringify(placed)}`);
  return placed.value;
}

const pay = (orderId: string) => database.db.transaction((tx) => payAndFulfil(tx, orderId, testFulfilment(clock.now())));

describe('the upgrade page', () => {
  it('prices the target less what the membership was worth, for its manager', async () => {
    const fan = await newFan(services(), 'upgrade-page');
    const stadium = await stadiumForMyself(context(), fan);
    const page = await cart().followUpPage(upgradeOf(fan, stadium));
    expect(page.ok).toBe(true);
    if (!page.ok) return;
    // Stadium came with a coupon: worth nothing, so Black & White costs its price now (its promo, 49.90).
    expect(page.value).toMatchObject({ priceCents: 4990, creditCents: 0, itemPriceCents: 4990, refusal: null, season: '2025/26', holderName: 'Mario Rossi' });
  });

  it('is not found for a stranger, an unknown membership or a product that is not a membership', async () => {
    const fan = await newFan(services(), 'upgrade-owner');
    const stranger = await newFan(services(), 'upgrade-stranger');
    const stadium = await stadiumForMyself(context(), fan);
    expect(await cart().followUpPage(upgradeOf(stranger, stadium))).toEqual({ ok: false, reason: 'not-found', fields: {} });
    expect(await cart().followUpPage(upgradeOf(fan, 'JM0000000000'))).toEqual({ ok: false, reason: 'not-found', fields: {} });
    expect(await cart().followUpPage(upgradeOf(fan, stadium, 'jcard'))).toEqual({ ok: false, reason: 'not-found', fields: {} });
    expect(await addUpgrade(stranger, stadium)).toEqual({ ok: false, reason: 'not-found', fields: {} });
  });

  it('says why not: another product than the target, a membership not active, the gifter who is not its manager', async () => {
    const fan = await newFan(services(), 'upgrade-refusals');
    const friend = await newFan(services(), 'upgrade-refusals-friend');
    const stadium = await stadiumForMyself(context(), fan);
    const otherTarget = await cart().followUpPage(upgradeOf(fan, stadium, 'j1897'));
    expect(otherTarget.ok && otherTarget.value.refusal).toBe('other-target');

    await setMembershipStatus(database, stadium, 'ready');
    const notYet = await cart().followUpPage(upgradeOf(fan, stadium));
    expect(notYet.ok && notYet.value.refusal).toBe('not-active');
    expect(await addUpgrade(fan, stadium)).toEqual({ ok: false, reason: 'refused', fields: {}, refusal: 'not-active' });

    const gift = await blackAndWhiteAsGift(context(), fan);
    await redeemGift(context(), gift, friend, { forMyself: true });
    expect(await addUpgrade(fan, gift, 'j1897')).toEqual({ ok: false, reason: 'refused', fields: {}, refusal: 'not-manager' });
    // The friend who redeemed it manages it: theirs to upgrade.
    expect((await addUpgrade(friend, gift, 'j1897')).ok).toBe(true);
  });
});

describe('upgrades in the cart', () => {
  it('take one item per membership and one upgrade per cart; editing keeps the item', async () => {
    const fan = await newFan(services(), 'upgrade-cart');
    const first = await stadiumForMyself(context(), fan);
    const second = await stadiumForMyself(context(), fan);
    const added = await addUpgrade(fan, first);
    if (!added.ok) throw new Error(JSON.stringify(added));
    expect(await addUpgrade(fan, second)).toEqual({ ok: false, reason: 'invalid', fields: { product: 'upgradeInCart' } });

    const edited = await cart().saveFollowUpItem({ ...upgradeOf(fan, first, 'black-and-white', added.value.itemId), automaticRenewal: false, submissionKey: null });
    expect(edited).toEqual({ ok: true, value: { itemId: added.value.itemId } });
    const { lines, totals } = await cart().viewCart(fan.owner);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ process: 'upgrade', previousMembership: { code: first }, automaticRenewal: false, priceNowCents: 4990, followUpRefusal: null });
    expect(totals.totalCents).toBe(4990);
    // An item that is not this upgrade is not found through the page.
    expect(await cart().followUpPage(upgradeOf(fan, second, 'black-and-white', added.value.itemId))).toEqual({ ok: false, reason: 'not-found', fields: {} });
  });

  it('the same form sent twice adds one item', async () => {
    const fan = await newFan(services(), 'upgrade-twice');
    const stadium = await stadiumForMyself(context(), fan);
    const key = crypto.randomUUID();
    const request = { ...upgradeOf(fan, stadium), automaticRenewal: true, submissionKey: key };
    const [a, b] = await Promise.all([cart().saveFollowUpItem(request), cart().saveFollowUpItem(request)]);
    expect(a).toEqual(b);
    expect((await cart().viewCart(fan.owner)).lines).toHaveLength(1);
  });
});

describe('an upgrade through checkout', () => {
  it('replaces the membership once paid: the new one active, the old one over, and the next upgrade credits both', async () => {
    const fan = await newFan(services(), 'upgrade-checkout');
    const stadium = await stadiumForMyself(context(), fan);
    expect((await addUpgrade(fan, stadium)).ok).toBe(true);
    const order = await placeCart(fan);
    expect(order).toMatchObject({ status: 'awaiting_payment', totalCents: 4990 });

    // While the order waits for its payment, the membership cannot be upgraded again.
    expect(await addUpgrade(fan, stadium)).toEqual({ ok: false, reason: 'refused', fields: {}, refusal: 'ordered' });

    expect(await pay(order.orderId)).toBe(true);
    // A replayed payment changes nothing.
    expect(await pay(order.orderId)).toBe(false);
    const placed = await services().orders.find(fan.owner, order.orderId);
    expect(placed?.lines[0]?.follows).toEqual({ process: 'upgrade', membershipCode: stadium });
    const newCode = placed?.lines[0]?.membershipCode;
    if (!newCode) throw new Error('no membership issued');
    const [old, upgraded] = [await membershipRow(stadium), await membershipRow(newCode)];
    expect(old.status).toBe('cancelled');
    expect(upgraded).toMatchObject({ productId: 'black-and-white', status: 'active', upgradeOf: old.id, managerCustomerId: fan.owner.customerId, holderCustomerId: fan.owner.customerId, season: '2025/26' });
    expect((await services().memberships.list(fan.owner, 'yours')).map((row) => row.code)).toEqual([newCode]);
    expect(await addUpgrade(fan, stadium)).toEqual({ ok: false, reason: 'refused', fields: {}, refusal: 'not-active' });

    // Black & White upgrades to J1897: the credit is what the chain cost (0 + 49.90).
    const next = await cart().followUpPage(upgradeOf(fan, newCode, 'j1897'));
    expect(next.ok && next.value).toMatchObject({ priceCents: 14900, creditCents: 4990, itemPriceCents: 9910, refusal: null });
  });

  it('with the right of withdrawal kept, leaves the old membership active until the upgrade starts, when the 14 days are over', async () => {
    const fan = await newFan(services(), 'upgrade-kept-withdrawal');
    const stadium = await stadiumForMyself(context(), fan);
    expect((await addUpgrade(fan, stadium)).ok).toBe(true);
    const order = await placeCart(fan, { waive: false });
    expect(await pay(order.orderId)).toBe(true);
    const newCode = (await services().orders.find(fan.owner, order.orderId))?.lines[0]?.membershipCode;
    if (!newCode) throw new Error('no membership issued');
    // Paid on 1 December (Rome): the 14 days are 2–15 December.
    expect(await membershipRow(newCode)).toMatchObject({ status: 'ready', withdrawalEndsAt: new Date('2026-12-15T23:00:00Z') });
    expect((await membershipRow(stadium)).status).toBe('active');
    expect((await addUpgrade(fan, stadium)).ok).toBe(false);

    clock.set('2026-12-15T22:59:59Z');
    await services().membershipActivation.activateDue();
    expect([(await membershipRow(stadium)).status, (await membershipRow(newCode)).status]).toEqual(['active', 'ready']);
    clock.set('2026-12-15T23:00:00Z');
    await services().membershipActivation.activateDue();
    expect([(await membershipRow(stadium)).status, (await membershipRow(newCode)).status]).toEqual(['cancelled', 'active']);
    clock.set('2026-12-01T09:00:00Z');
  });

  it('is refused at checkout when the membership stopped being upgradeable after it was added', async () => {
    const fan = await newFan(services(), 'upgrade-stale');
    const stadium = await stadiumForMyself(context(), fan);
    expect((await addUpgrade(fan, stadium)).ok).toBe(true);
    await setMembershipStatus(database, stadium, 'expired');
    const view = await cart().viewCart(fan.owner);
    expect(view.lines[0]?.followUpRefusal).toBe('not-active');
    expect(view.blockers).toContain('followUpRefused');
    const placed = await services().orders.place(placeRequest(fan, { billingAddressId: await addressOf(services(), fan) }));
    expect(placed).toMatchObject({ ok: false, reason: 'cart-not-ready' });
  });
});
