// My Membership (issue 15) on a real database: each list tab's memberships for each party,
// who may open a membership (holder, manager, gifter; a stranger gets nothing), and the manage
// call's rules — action, config, role, status, gift — with the preferences it keeps.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../app/.server/db/client';
import { MEMBERSHIP_TABS, type MembershipTab } from '../app/domain/membership-manage';
import { newFan, type TestFan } from './support/cart';
import { savedAddressIn } from './support/cart-page';
import { manualClock } from './support/clock';
import { createTestDatabase } from './support/database';
import {
  cardForMyself,
  juniorOnBehalf,
  blackAndWhiteAsGift,
  preferencesOf,
  redeemGift,
  setMembershipStatus,
  stadiumForMyself,
  type IssueContext,
} from './support/memberships';
import { servicesFor } from './support/services';

let database: Database;
const clock = manualClock('2026-12-01T09:00:00Z');
const services = () => servicesFor(database, { clock });
const context = (): IssueContext => ({ services: services(), database, now: () => clock.now() });
const memberships = () => services().memberships;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

/** Every tab's codes for the fan, tab by tab. */
async function tabsOf(fan: TestFan): Promise<Record<MembershipTab, string[]>> {
  const entries = await Promise.all(MEMBERSHIP_TABS.map(async (tab) => [tab, (await memberships().list(fan.owner, tab)).map((row) => row.code)] as const));
  return Object.fromEntries(entries) as Record<MembershipTab, string[]>;
}

const saveAddress = async (fan: TestFan, countryCode = 'IT', city?: string) => (await services().addresses.create(fan.owner.customerId, savedAddressIn(countryCode, city))).id;

describe('the list tabs', () => {
  it('list each membership where its party finds it, live ones only', async () => {
    const buyer = await newFan(services(), 'tabs-buyer');
    const friend = await newFan(services(), 'tabs-friend');
    const stranger = await newFan(services(), 'tabs-stranger');
    const mine = await stadiumForMyself(context(), buyer);
    const forLuca = await juniorOnBehalf(context(), buyer);
    const givenAndRedeemed = await blackAndWhiteAsGift(context(), buyer);
    await redeemGift(context(), givenAndRedeemed, friend, { forMyself: true });
    clock.advance(60_000);
    const givenNotRedeemed = await blackAndWhiteAsGift(context(), buyer);
    clock.advance(60_000);
    const givenOnBehalf = await blackAndWhiteAsGift(context(), buyer);
    await redeemGift(context(), givenOnBehalf, friend, { forMyself: false });

    const buyerTabs = await tabsOf(buyer);
    expect(buyerTabs.yours).toEqual([mine]);
    expect(buyerTabs.managed).toEqual([forLuca]);
    // Newest first.
    expect(buyerTabs.gifted).toEqual([givenOnBehalf, givenNotRedeemed, givenAndRedeemed]);
    expect(buyerTabs.redeemed).toEqual([]);
    expect(await tabsOf(friend)).toEqual({ yours: [givenAndRedeemed], gifted: [], managed: [givenOnBehalf], redeemed: [givenOnBehalf, givenAndRedeemed] });
    expect(await tabsOf(stranger)).toEqual({ yours: [], gifted: [], managed: [], redeemed: [] });

    // Activation keeps it listed; once expired or cancelled it leaves every list.
    await setMembershipStatus(database, mine, 'active');
    expect((await tabsOf(buyer)).yours).toEqual([mine]);
    await setMembershipStatus(database, mine, 'expired');
    await setMembershipStatus(database, givenNotRedeemed, 'cancelled');
    expect(await tabsOf(buyer)).toMatchObject({ yours: [], gifted: [givenOnBehalf, givenAndRedeemed] });
  });

  it('show the holder’s name to holder and manager, never to the gifter', async () => {
    const buyer = await newFan(services(), 'names-buyer');
    const friend = await newFan(services(), 'names-friend');
    const gift = await blackAndWhiteAsGift(context(), buyer);
    await redeemGift(context(), gift, friend, { forMyself: true });
    await juniorOnBehalf(context(), buyer);
    expect(await memberships().list(buyer.owner, 'gifted')).toMatchObject([{ code: gift, roles: ['gifter'], holderName: null, productName: { en: 'Black & White' } }]);
    expect(await memberships().list(buyer.owner, 'managed')).toMatchObject([{ roles: ['manager'], holderName: 'Luca Rossi' }]);
  });
});

describe('a membership’s page', () => {
  it('opens for holder, manager and gifter, with what each may see; for anyone else it does not exist', async () => {
    const buyer = await newFan(services(), 'detail-buyer');
    const friend = await newFan(services(), 'detail-friend');
    const stranger = await newFan(services(), 'detail-stranger');
    const gift = await blackAndWhiteAsGift(context(), buyer);
    await redeemGift(context(), gift, friend, { forMyself: true });

    const asFriend = await memberships().find(friend.owner, gift);
    expect(asFriend).toMatchObject({ roles: ['holder', 'manager'], status: 'active', season: '2025/26', imageUrl: '/art/black-and-white.svg', holder: { firstName: 'Mario' } });
    expect(asFriend?.manageRefusal).toBe('gift-from-someone-else');
    const asGifter = await memberships().find(buyer.owner, gift);
    expect(asGifter).toMatchObject({ roles: ['gifter'], holder: null, holderName: null, manageRefusal: 'not-manager', upgrade: { refusal: 'not-manager' } });
    expect(await memberships().find(stranger.owner, gift)).toBeNull();
    expect(await memberships().find(buyer.owner, 'JM0000000000')).toBeNull();
    // The wrong subject for the right customer id is nobody.
    expect(await memberships().find({ customerId: friend.owner.customerId, subject: 'someone-else' }, gift)).toBeNull();
    // An expired membership still opens for its parties, read-only.
    await setMembershipStatus(database, gift, 'expired');
    expect(await memberships().find(friend.owner, gift)).toMatchObject({ status: 'expired', manageRefusal: 'not-live' });
  });

  it('offers the upgrade to the manager of an active membership with a target, not before it is active', async () => {
    const fan = await newFan(services(), 'upgrade');
    const code = await stadiumForMyself(context(), fan);
    // As if bought before its season: not active yet.
    await setMembershipStatus(database, code, 'ready');
    expect((await memberships().find(fan.owner, code))?.upgrade).toEqual({ refusal: 'not-active', target: null });
    await setMembershipStatus(database, code, 'active');
    expect((await memberships().find(fan.owner, code))?.upgrade).toEqual({ refusal: null, target: { id: 'black-and-white', name: { it: 'Black & White', en: 'Black & White' } } });
  });
});

describe('the manage call', () => {
  it('keeps a shipping and a billing address from the fan’s book, and a size of the product', async () => {
    const fan = await newFan(services(), 'manage-keeps');
    const code = await cardForMyself(context(), fan);
    const home = await saveAddress(fan, 'IT');
    const abroad = await saveAddress(fan, 'FR', 'Paris');
    expect(await memberships().manage(fan.owner, code, { action: 'renewalShipment', config: { shippingAddress: home } })).toEqual({ ok: true, value: { action: 'renewalShipment' } });
    expect(await memberships().manage(fan.owner, code, { action: 'renewalBilling', config: { billingAddress: abroad } })).toMatchObject({ ok: true });
    expect(await memberships().manage(fan.owner, code, { action: 'renewalVariantSize', config: { preferredVariantSize: '56' } })).toMatchObject({ ok: true });
    const kept = await preferencesOf(database, code);
    expect(kept).toMatchObject({ preferredVariantSize: 56, shippingAddress: { addressId: home, city: 'Torino', countryCode: 'IT' }, billingAddress: { addressId: abroad, city: 'Paris', state: 'EE' } });
    // The page reads them back, and each action changed only its own preference.
    const detail = await memberships().find(fan.owner, code);
    expect(detail?.sizes.map((size) => size.variantSize)).toEqual([36, 40, 44, 48, 52, 56, 60, 64]);
    expect(detail).toMatchObject({ preferredVariantSize: 56, shippingAddress: { addressId: home }, billingAddress: { addressId: abroad }, automaticRenewal: false });
  });

  it('refuses an unknown action (manage.invalid_action) and a missing config (manage.invalid_confg), changing nothing', async () => {
    const fan = await newFan(services(), 'manage-invalid');
    const code = await cardForMyself(context(), fan);
    const before = await preferencesOf(database, code);
    const address = await saveAddress(fan);
    for (const action of ['upgrade', 'RENEWALBILLING', '', '__proto__', undefined, ['renewalBilling']]) {
      expect(await memberships().manage(fan.owner, code, { action, config: { billingAddress: address } }), String(action)).toEqual({ ok: false, reason: 'invalid-action', fields: {} });
    }
    // Each action's own config, not another's.
    expect(await memberships().manage(fan.owner, code, { action: 'renewalShipment', config: { billingAddress: address } })).toEqual({ ok: false, reason: 'invalid-config', fields: { shippingAddress: 'required' } });
    expect(await memberships().manage(fan.owner, code, { action: 'renewalVariantSize', config: { preferredVariantSize: '  ' } })).toEqual({ ok: false, reason: 'invalid-config', fields: { preferredVariantSize: 'required' } });
    expect(await memberships().manage(fan.owner, code, { action: 'renewalBilling', config: {} })).toEqual({ ok: false, reason: 'invalid-config', fields: { billingAddress: 'required' } });
    expect(await preferencesOf(database, code)).toEqual(before);
  });

  it('refuses values that are not the fan’s choices: someone else’s address, a size the product lacks, a country it does not ship to', async () => {
    const fan = await newFan(services(), 'manage-values');
    const other = await newFan(services(), 'manage-values-other');
    const card = await cardForMyself(context(), fan);
    const stadium = await stadiumForMyself(context(), fan);
    const theirs = await saveAddress(other);
    const restricted = await saveAddress(fan, 'RU', 'Moscow');
    const french = await saveAddress(fan, 'FR', 'Paris');
    const before = await preferencesOf(database, card);
    const manage = (code: string, action: string, config: Record<string, string>) => memberships().manage(fan.owner, code, { action, config });
    expect(await manage(card, 'renewalShipment', { shippingAddress: theirs })).toEqual({ ok: false, reason: 'invalid', fields: { shippingAddress: 'notInList' } });
    expect(await manage(card, 'renewalBilling', { billingAddress: 'not-a-uuid' })).toEqual({ ok: false, reason: 'invalid', fields: { billingAddress: 'notInList' } });
    expect(await manage(card, 'renewalShipment', { shippingAddress: restricted })).toEqual({ ok: false, reason: 'invalid', fields: { shippingAddress: 'restrictedCountry' } });
    expect(await manage(card, 'renewalVariantSize', { preferredVariantSize: '50' })).toEqual({ ok: false, reason: 'invalid', fields: { preferredVariantSize: 'notInList' } });
    expect(await preferencesOf(database, card)).toEqual(before);
    // Stadium: sold only in Italy, San Marino and the Vatican, and in one size.
    expect(await manage(stadium, 'renewalShipment', { shippingAddress: french })).toEqual({ ok: false, reason: 'invalid', fields: { shippingAddress: 'notAvailableForProduct' } });
    expect(await manage(stadium, 'renewalVariantSize', { preferredVariantSize: '48' })).toEqual({ ok: false, reason: 'invalid', fields: { preferredVariantSize: 'noSizes' } });
    // Billing is not a delivery: any country of the fan's book.
    expect(await manage(stadium, 'renewalBilling', { billingAddress: restricted })).toMatchObject({ ok: true });
  });

  it('is the manager’s alone, for active and ready, never for a gift from someone else; a stranger gets not-found', async () => {
    const buyer = await newFan(services(), 'rules-buyer');
    const friend = await newFan(services(), 'rules-friend');
    const stranger = await newFan(services(), 'rules-stranger');
    const forLuca = await juniorOnBehalf(context(), buyer);
    const gift = await blackAndWhiteAsGift(context(), buyer);
    const unredeemed = await blackAndWhiteAsGift(context(), buyer);
    await redeemGift(context(), gift, friend, { forMyself: true });
    const addressOf = { buyer: await saveAddress(buyer), friend: await saveAddress(friend), stranger: await saveAddress(stranger) };
    const bill = (fan: TestFan, code: string, addressId: string) => memberships().manage(fan.owner, code, { action: 'renewalBilling', config: { billingAddress: addressId } });

    expect(await bill(stranger, forLuca, addressOf.stranger)).toEqual({ ok: false, reason: 'not-found', fields: {} });
    // Not found before anything else, even a bad action: a stranger learns nothing.
    expect(await memberships().manage(stranger.owner, forLuca, { action: 'nonsense', config: {} })).toMatchObject({ reason: 'not-found' });
    expect(await bill(buyer, gift, addressOf.buyer)).toMatchObject({ reason: 'not-manager' });
    expect(await bill(buyer, unredeemed, addressOf.buyer)).toMatchObject({ reason: 'not-manager' });
    expect(await bill(friend, gift, addressOf.friend)).toMatchObject({ reason: 'gift-from-someone-else' });

    const giftBilling = (await preferencesOf(database, gift))?.billingAddress;
    const outcome = (result: Awaited<ReturnType<typeof bill>>) => (result.ok ? true : result.reason);
    const outcomes: Record<string, unknown> = {};
    for (const status of ['ready', 'active', 'expired', 'cancelled'] as const) {
      await setMembershipStatus(database, forLuca, status);
      await setMembershipStatus(database, gift, status);
      outcomes[status] = [outcome(await bill(buyer, forLuca, addressOf.buyer)), outcome(await bill(friend, gift, addressOf.friend))];
    }
    expect(outcomes).toEqual({
      ready: [true, 'gift-from-someone-else'],
      active: [true, 'gift-from-someone-else'],
      expired: ['not-live', 'not-live'],
      cancelled: ['not-live', 'not-live'],
    });
    // What was kept while allowed stays after the membership ended.
    expect((await preferencesOf(database, forLuca))?.billingAddress).toMatchObject({ addressId: addressOf.buyer });
    expect((await preferencesOf(database, gift))?.billingAddress).toEqual(giftBilling);
    expect(giftBilling?.addressId).not.toBe(addressOf.friend);
  });
});
