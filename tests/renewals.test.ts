// Renewals (issue 15, item 6) on a real database: the page (price, next season, refusals), the
// item prefilled from the membership's renewal preferences, the offer on the membership's page,
// and a renewal through checkout and payment: a membership for the next season, once.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../app/.server/db/client';
import { carts, memberships } from '../app/.server/db/schema';
import type { FollowUpTarget } from '../app/.server/services/cart-follow-ups';
import { payAndFulfil } from '../app/.server/services/order-fulfilment';
import { renewalPath } from '../app/domain/membership-follow-up';
import { newFan, type TestFan } from './support/cart';
import { addItem, giftTo } from './support/cart-page';
import { manualClock } from './support/clock';
import { createTestDatabase } from './support/database';
import {
  blackAndWhiteAsGift,
  blackAndWhiteForMyself,
  cardForMyself,
  j1897ForMyself,
  redeemGift,
  setMembershipStatus,
  stadiumForMyself,
  type IssueContext,
} from './support/memberships';
import { addressOf, placeRequest } from './support/orders';
import { servicesFor, testFulfilment } from './support/services';

let database: Database;
// Season 2025/26 is under way: a renewal is for 2026/27.
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

const renewalOf = (fan: TestFan, code: string, productId = 'black-and-white', cartItemId: string | null = null): FollowUpTarget => ({
  owner: fan.owner,
  process: 'renewal',
  productId,
  membershipCode: code,
  cartItemId,
});

function addRenewal(fan: TestFan, code: string, { productId = 'black-and-white', automaticRenewal = true, submissionKey = null as string | null } = {}) {
  return cart().saveFollowUpItem({ ...renewalOf(fan, code, productId), automaticRenewal, submissionKey });
}

async function membershipRow(code: string) {
  const [row] = await database.db.select().from(memberships).where(eq(memberships.code, code));
  if (!row) throw new Error(`no membership ${code}`);
  return row;
}

async function cartBilling(fan: TestFan) {
  const [row] = await database.db.select({ billingAddressId: carts.billingAddressId }).from(carts).where(eq(carts.customerId, fan.owner.customerId));
  return row?.billingAddressId ?? null;
}

describe('the renewal page', () => {
  it('prices the same kind for the next season, for its manager, with nothing taken off', async () => {
    const fan = await newFan(services(), 'renewal-page');
    const code = await blackAndWhiteForMyself(context(), fan);
    const page = await cart().followUpPage(renewalOf(fan, code));
    expect(page.ok && page.value).toMatchObject({ priceCents: 4990, creditCents: 0, itemPriceCents: 4990, season: '2026/27', holderName: 'Mario Rossi', refusal: null });
    const offer = await services().memberships.find(fan.owner, code);
    expect(offer?.renewal).toEqual({ href: renewalPath('black-and-white', code), season: '2026/27' });
  });

  it('says why not: another kind, the club card, a coupon-only membership, one that is over, the gifter', async () => {
    const fan = await newFan(services(), 'renewal-refusals');
    const friend = await newFan(services(), 'renewal-refusals-friend');
    const stranger = await newFan(services(), 'renewal-refusals-stranger');
    const code = await blackAndWhiteForMyself(context(), fan);
    const refusalOf = async (target: FollowUpTarget) => {
      const page = await cart().followUpPage(target);
      return page.ok ? page.value.refusal : page.reason;
    };
    expect(await refusalOf(renewalOf(stranger, code))).toBe('not-found');
    expect(await refusalOf(renewalOf(fan, code, 'j1897'))).toBe('other-kind');
    expect(await refusalOf(renewalOf(fan, await cardForMyself(context(), fan)))).toBe('not-renewable');
    expect(await refusalOf(renewalOf(fan, await stadiumForMyself(context(), fan), 'stadium'))).toBe('coupon-only');

    await setMembershipStatus(database, code, 'expired');
    expect(await refusalOf(renewalOf(fan, code))).toBe('not-live');
    expect(await addRenewal(fan, code)).toEqual({ ok: false, reason: 'refused', fields: {}, refusal: 'not-live' });
    expect((await services().memberships.find(fan.owner, code))?.renewal).toBeNull();

    // A gift: the friend who redeemed it manages it and renews it; its gifter may not.
    const gift = await blackAndWhiteAsGift(context(), fan);
    await redeemGift(context(), gift, friend, { forMyself: true });
    expect(await addRenewal(fan, gift)).toEqual({ ok: false, reason: 'refused', fields: {}, refusal: 'not-manager' });
    expect((await services().memberships.find(fan.owner, gift))?.renewal).toBeNull();
    expect((await addRenewal(friend, gift)).ok).toBe(true);
  });
});

describe('a renewal in the cart', () => {
  it('starts from the renewal preferences: the shipping address, the cart’s billing, the automatic renewal chosen', async () => {
    const fan = await newFan(services(), 'renewal-prefill');
    const home = await addressOf(services(), fan);
    const office = await addressOf(services(), fan);
    const code = await j1897ForMyself(context(), fan, home);
    const owner = fan.owner;
    expect((await services().memberships.manage(owner, code, { action: 'renewalShipment', config: { shippingAddress: office } })).ok).toBe(true);
    expect((await services().memberships.manage(owner, code, { action: 'renewalBilling', config: { billingAddress: home } })).ok).toBe(true);

    const added = await addRenewal(fan, code, { productId: 'j1897', automaticRenewal: false });
    expect(added.ok).toBe(true);
    const [line] = (await cart().viewCart(owner)).lines;
    expect(line).toMatchObject({ process: 'renewal', previousMembership: { code, season: '2025/26' }, automaticRenewal: false, shipping: { kind: 'saved', addressId: office }, followUpRefusal: null });
    expect(await cartBilling(fan)).toBe(home);
  });

  it('keeps a preferred address deleted from the book as the item’s own, and a billing the fan chose', async () => {
    const fan = await newFan(services(), 'renewal-deleted-address');
    const home = await addressOf(services(), fan);
    const code = await j1897ForMyself(context(), fan, home);
    const gone = await addressOf(services(), fan);
    expect((await services().memberships.manage(fan.owner, code, { action: 'renewalShipment', config: { shippingAddress: gone } })).ok).toBe(true);
    expect((await services().memberships.manage(fan.owner, code, { action: 'renewalBilling', config: { billingAddress: gone } })).ok).toBe(true);
    expect((await services().addresses.delete(fan.owner.customerId, gone)).ok).toBe(true);
    // The fan already chose how to bill this cart (with a gift in it): the preference does not override it.
    await addItem(services(), fan, 'kids', 'gift', giftTo('renewal-friend@example.org'));
    expect((await cart().setBillingAddress(fan.owner, home)).ok).toBe(true);

    expect((await addRenewal(fan, code, { productId: 'j1897' })).ok).toBe(true);
    const line = (await cart().viewCart(fan.owner)).lines.find((candidate) => candidate.process === 'renewal');
    expect(line?.shipping).toMatchObject({ kind: 'temporary', address: { street: 'Via Roma', countryCode: 'IT' } });
    expect(await cartBilling(fan)).toBe(home);
  });

  it('is one item per membership: the same form twice adds one, another form is the same membership twice', async () => {
    const fan = await newFan(services(), 'renewal-twice');
    const code = await blackAndWhiteForMyself(context(), fan);
    const submissionKey = crypto.randomUUID();
    const [a, b] = await Promise.all([addRenewal(fan, code, { submissionKey }), addRenewal(fan, code, { submissionKey })]);
    expect(a).toEqual(b);
    expect(await addRenewal(fan, code, { submissionKey: crypto.randomUUID() })).toEqual({ ok: false, reason: 'invalid', fields: { product: 'membershipOfKindInCart' } });
    expect((await cart().viewCart(fan.owner)).lines).toHaveLength(1);
  });

  it('is refused (not a database error) while the membership’s upgrade is in the cart, and the other way round', async () => {
    const fan = await newFan(services(), 'renewal-upgrade-in-cart');
    const code = await blackAndWhiteForMyself(context(), fan);
    const upgrade = { ...renewalOf(fan, code, 'j1897'), process: 'upgrade' as const, automaticRenewal: false, submissionKey: null };
    expect((await cart().saveFollowUpItem(upgrade)).ok).toBe(true);
    expect(await addRenewal(fan, code)).toEqual({ ok: false, reason: 'invalid', fields: { product: 'followedInCart' } });

    const other = await newFan(services(), 'upgrade-renewal-in-cart');
    const renewed = await blackAndWhiteForMyself(context(), other);
    expect((await addRenewal(other, renewed)).ok).toBe(true);
    expect(await cart().saveFollowUpItem({ ...upgrade, owner: other.owner, membershipCode: renewed })).toEqual({ ok: false, reason: 'invalid', fields: { product: 'followedInCart' } });
    expect((await cart().viewCart(other.owner)).lines).toHaveLength(1);

    // Both at once (two tabs): the cart's lock orders them, the second is refused.
    const racer = await newFan(services(), 'renewal-upgrade-race');
    const raced = await blackAndWhiteForMyself(context(), racer);
    const answers = await Promise.all([cart().saveFollowUpItem({ ...upgrade, owner: racer.owner, membershipCode: raced }), addRenewal(racer, raced)]);
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
    expect(answers.filter((answer) => !answer.ok)).toEqual([{ ok: false, reason: 'invalid', fields: { product: 'followedInCart' } }]);
  });
});

describe('a renewal through checkout', () => {
  it('issues the next season’s membership for the same holder once paid, and the old one is renewed', async () => {
    const fan = await newFan(services(), 'renewal-checkout');
    const code = await blackAndWhiteForMyself(context(), fan);
    const added = await addRenewal(fan, code);
    if (!added.ok) throw new Error(JSON.stringify(added));
    const addressId = await addressOf(services(), fan);
    expect((await cart().setWithdrawalWaiver(fan.owner, added.value.itemId, true)).ok).toBe(true);
    const placed = await services().orders.place(placeRequest(fan, { billingAddressId: addressId }));
    if (!placed.ok) throw new Error(JSON.stringify(placed));
    expect(placed.value).toMatchObject({ status: 'awaiting_payment', totalCents: 4990 });
    // While the order can be paid, the membership is not renewed again.
    expect(await addRenewal(fan, code)).toEqual({ ok: false, reason: 'refused', fields: {}, refusal: 'ordered' });

    const pay = () => database.db.transaction((tx) => payAndFulfil(tx, placed.value.orderId, testFulfilment(clock.now())));
    expect(await pay()).toBe(true);
    expect(await pay()).toBe(false);
    const order = await services().orders.find(fan.owner, placed.value.orderId);
    expect(order?.lines[0]?.follows).toEqual({ process: 'renewal', membershipCode: code });
    const renewedCode = order?.lines[0]?.membershipCode;
    if (!renewedCode) throw new Error('no membership issued');
    const [old, renewed] = [await membershipRow(code), await membershipRow(renewedCode)];
    expect(old.status).toBe('active');
    expect(renewed).toMatchObject({ productId: 'black-and-white', season: '2026/27', renewalOf: old.id, automaticRenewal: true, holderCustomerId: fan.owner.customerId, managerCustomerId: fan.owner.customerId });
    expect(await addRenewal(fan, code)).toEqual({ ok: false, reason: 'refused', fields: {}, refusal: 'already-renewed' });
    expect((await services().memberships.find(fan.owner, code))?.renewal).toBeNull();
    // The renewal itself renews into the season after.
    expect((await services().memberships.find(fan.owner, renewedCode))?.renewal).toMatchObject({ season: '2027/28' });
  });
});
