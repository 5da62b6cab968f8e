// Redeeming a gift on a real database (PGlite, and PostgreSQL in the other project): the link
// finds the gift, the first fan to confirm becomes its manager (of two at once, exactly one),
// the manager chooses the holder once, and the link then only tells its manager it is used up.
// Wrong links are limited per fan; under-16s and incomplete profiles cannot take a gift on, nor
// can a fan whom no holder choice would then be open to; taking one on keeps the terms accepted.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../app/.server/db/client';
import { customers, gifts, memberships } from '../app/.server/db/schema';
import { TERM_TEXT_VERSIONS } from '../app/domain/checkout-terms';
import { boyBornInRome, draftWith, newFan } from './support/cart';
import { manualClock } from './support/clock';
import { createTestDatabase } from './support/database';
import { BOTH_TERMS, giftRequest, paidGift } from './support/gifts';
import { servicesFor } from './support/services';

let database: Database;
const clock = manualClock('2026-12-01T09:00:00Z');
const services = () => servicesFor(database, { clock });
const giftService = () => services().gifts;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

const membershipOf = async (code: string) => (await database.db.select().from(memberships).where(eq(memberships.code, code)))[0];

/** A Black & White membership (holders from 14) given by a new fan to `recipient`'s address. */
async function blackAndWhiteGift(name: string) {
  const gifter = await newFan(services(), `${name}-gifter`);
  const link = await paidGift(database, services(), gifter, 'black-and-white', `${name}@example.org`, clock.now());
  return { gifter, link };
}

describe('the gift check', () => {
  it('shows the gift to a fan who is neither manager nor holder as one to confirm, with who gave it', async () => {
    const { link } = await blackAndWhiteGift('check-confirm');
    const recipient = await newFan(services(), 'check-confirm');
    const checked = await giftService().check(giftRequest(recipient, link));
    expect(checked).toMatchObject({
      ok: true,
      value: { membershipCode: link.membershipCode, productId: 'black-and-white', sku: expect.any(String), minHolderAge: 14, gifterFirstName: 'Mario', check: { manager: false, holder: false, step: 'confirm' } },
    });
  });

  it('finds nothing for a wrong gift code, a code of the wrong shape, or another membership’s code', async () => {
    const { link } = await blackAndWhiteGift('check-wrong');
    const other = await blackAndWhiteGift('check-wrong-other');
    const fan = await newFan(services(), 'check-wrong');
    const wrongCode = link.giftCode.startsWith('0') ? `1${link.giftCode.slice(1)}` : `0${link.giftCode.slice(1)}`;
    for (const wrong of [
      { ...link, giftCode: wrongCode },
      { ...link, giftCode: 'not a code' },
      { ...link, membershipCode: other.link.membershipCode },
      { ...link, membershipCode: '' },
    ]) {
      expect(await giftService().check(giftRequest(fan, wrong))).toMatchObject({ ok: false, reason: 'not-found' });
    }
    // Typed as people do: lower case, in groups.
    const typed = { membershipCode: link.membershipCode.toLowerCase(), giftCode: `${link.giftCode.slice(0, 8).toLowerCase()}-${link.giftCode.slice(8)}` };
    expect(await giftService().check(giftRequest(fan, typed))).toMatchObject({ ok: true });
  });

  it('limits wrong links per fan: after ten, even the right one waits', async () => {
    const { link } = await blackAndWhiteGift('check-limit');
    const guesser = await newFan(services(), 'check-limit');
    for (let guess = 0; guess < 10; guess += 1) {
      const wrong = { ...link, giftCode: String(guess).padStart(16, '0') };
      expect(await giftService().check(giftRequest(guesser, wrong))).toMatchObject({ ok: false, reason: 'not-found' });
    }
    const refused = await giftService().check(giftRequest(guesser, link));
    expect(refused).toMatchObject({ ok: false, reason: 'too-many-attempts' });
    expect(refused.ok ? 0 : 'retryAfterSeconds' in refused ? refused.retryAfterSeconds : 0).toBeGreaterThan(0);
    // Another fan (another IP) is not held up by the guesser.
    expect(await giftService().check(giftRequest(await newFan(services(), 'check-limit-other'), link))).toMatchObject({ ok: true });
  });
});

describe('redeeming', () => {
  it('makes the fan its manager, ready for the holder choice; the link then shows them that step', async () => {
    const { gifter, link } = await blackAndWhiteGift('redeem-ready');
    const recipient = await newFan(services(), 'redeem-ready');
    expect(await giftService().redeem(giftRequest(recipient, link))).toMatchObject({ ok: true, value: { status: 'ready', gift: { check: { manager: true } } } });
    const membership = await membershipOf(link.membershipCode);
    expect(membership).toMatchObject({ managerCustomerId: recipient.owner.customerId, gifterCustomerId: gifter.owner.customerId, holderCustomerId: null, status: 'ready' });
    const [gift] = await database.db.select().from(gifts).where(eq(gifts.membershipId, membership?.id ?? ''));
    expect(gift?.redeemedAt).not.toBeNull();
    expect(await giftService().check(giftRequest(recipient, link))).toMatchObject({ ok: true, value: { check: { manager: true, step: 'holder-choice' } } });
    // Redeeming again (the manager back on the link) is the same answer.
    expect(await giftService().redeem(giftRequest(recipient, link))).toMatchObject({ ok: true, value: { status: 'ready' } });
  });

  it('refuses anyone else once it is redeemed: the link is the manager’s alone', async () => {
    const { gifter, link } = await blackAndWhiteGift('redeem-taken');
    const recipient = await newFan(services(), 'redeem-taken');
    await giftService().redeem(giftRequest(recipient, link));
    const stranger = await newFan(services(), 'redeem-taken-stranger');
    expect(await giftService().check(giftRequest(stranger, link))).toMatchObject({ ok: true, value: { check: { manager: false, step: 'taken' } } });
    expect(await giftService().redeem(giftRequest(stranger, link))).toMatchObject({ ok: false, reason: 'taken' });
    expect(await giftService().redeem(giftRequest(gifter, link))).toMatchObject({ ok: false, reason: 'taken' });
    expect((await membershipOf(link.membershipCode))?.managerCustomerId).toBe(recipient.owner.customerId);
  });

  it('of two fans redeeming at once, exactly one becomes the manager', async () => {
    const { link } = await blackAndWhiteGift('redeem-race');
    const first = await newFan(services(), 'redeem-race-1');
    const second = await newFan(services(), 'redeem-race-2');
    const answers = await Promise.all([giftService().redeem(giftRequest(first, link)), giftService().redeem(giftRequest(second, link))]);
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
    expect(answers.filter((answer) => !answer.ok && answer.reason === 'taken')).toHaveLength(1);
    const winner = answers[0]?.ok ? first : second;
    expect((await membershipOf(link.membershipCode))?.managerCustomerId).toBe(winner.owner.customerId);
  });

  it('refuses a fan under 16 (minors cannot be managers), and one whose profile lacks what it needs', async () => {
    const { link } = await blackAndWhiteGift('redeem-minor');
    const minor = await newFan(services(), 'redeem-minor');
    // 15 on the test's day: the profile rules are not the point here, the age is.
    await database.db.update(customers).set({ dob: '2011-12-02' }).where(eq(customers.id, minor.owner.customerId));
    expect(await giftService().redeem(giftRequest(minor, link))).toMatchObject({ ok: false, reason: 'under-age' });
    const noProfile = await newFan(services(), 'redeem-no-profile', null);
    expect(await giftService().redeem(giftRequest(noProfile, link))).toMatchObject({ ok: false, reason: 'profile-incomplete', missing: expect.arrayContaining(['dob']) });
    expect((await membershipOf(link.membershipCode))?.managerCustomerId).toBeNull();
    // Sixteen today: old enough.
    await database.db.update(customers).set({ dob: '2010-12-01' }).where(eq(customers.id, minor.owner.customerId));
    expect(await giftService().redeem(giftRequest(minor, link))).toMatchObject({ ok: true });
  });

  it('keeps the terms accepted, with their versions and when, in the transaction that takes it on', async () => {
    const { link } = await blackAndWhiteGift('redeem-terms');
    const recipient = await newFan(services(), 'redeem-terms');
    const giftOf = async () => {
      const membership = await membershipOf(link.membershipCode);
      return (await database.db.select().from(gifts).where(eq(gifts.membershipId, membership?.id ?? '')))[0];
    };
    // One box left empty: nothing taken on, nothing kept.
    expect(await giftService().redeem(giftRequest(recipient, link, new Set(['membershipTerms'])))).toMatchObject({ ok: false, reason: 'terms-not-accepted' });
    expect(await giftService().redeem(giftRequest(recipient, link, new Set()))).toMatchObject({ ok: false, reason: 'terms-not-accepted' });
    expect((await membershipOf(link.membershipCode))?.managerCustomerId).toBeNull();
    expect(await giftOf()).toMatchObject({ redeemedAt: null, acceptedTerms: null });

    expect(await giftService().redeem(giftRequest(recipient, link, BOTH_TERMS))).toMatchObject({ ok: true });
    const acceptedAt = clock.now().toISOString();
    const gift = await giftOf();
    expect(gift?.redeemedAt?.toISOString()).toBe(acceptedAt);
    expect(gift?.acceptedTerms).toEqual([
      { name: 'membershipTerms', version: TERM_TEXT_VERSIONS.membershipTerms, acceptedAt },
      { name: 'guardianDeclaration', version: TERM_TEXT_VERSIONS.guardianDeclaration, acceptedAt },
    ]);
    // Its manager back on the link: nothing is taken on again, so no terms are asked nor rewritten.
    clock.advance(60_000);
    expect(await giftService().redeem(giftRequest(recipient, link, new Set()))).toMatchObject({ ok: true, value: { status: 'ready' } });
    expect((await giftOf())?.acceptedTerms).toEqual(gift?.acceptedTerms);
  });

  it('refuses a Junior gift to a fan of 16 or 17 (no holder choice fits them), and leaves it for an adult', async () => {
    const gifter = await newFan(services(), 'redeem-junior-gifter');
    const link = await paidGift(database, services(), gifter, 'junior', 'redeem-junior@example.org', clock.now());
    const young = await newFan(services(), 'redeem-junior-young');
    const today = clock.now().toISOString().slice(0, 10);
    expect(today).toBe('2026-12-01');
    // 16 today, and 17 (18 tomorrow): too old to hold a Junior (5-10), too young to hold it for a child.
    for (const dob of ['2010-12-01', '2008-12-02']) {
      await database.db.update(customers).set({ dob }).where(eq(customers.id, young.owner.customerId));
      const refused = await giftService().redeem(giftRequest(young, link));
      expect(refused).toMatchObject({ ok: false, reason: 'no-holder-fits', gift: { productId: 'junior', maxHolderAge: 10 } });
    }
    expect((await membershipOf(link.membershipCode))?.managerCustomerId).toBeNull();
    // Still free: the check asks anyone to confirm it, and a fan of 18 today takes it on.
    expect(await giftService().check(giftRequest(young, link))).toMatchObject({ ok: true, value: { check: { step: 'confirm' } } });
    await database.db.update(customers).set({ dob: '2008-12-01' }).where(eq(customers.id, young.owner.customerId));
    expect(await giftService().redeem(giftRequest(young, link))).toMatchObject({ ok: true, value: { status: 'ready' } });
    expect((await membershipOf(link.membershipCode))?.managerCustomerId).toBe(young.owner.customerId);
  });

  it('refuses a cancelled gift', async () => {
    const { link } = await blackAndWhiteGift('redeem-cancelled');
    await database.db.update(memberships).set({ status: 'cancelled' }).where(eq(memberships.code, link.membershipCode));
    const fan = await newFan(services(), 'redeem-cancelled');
    expect(await giftService().redeem(giftRequest(fan, link))).toMatchObject({ ok: false, reason: 'unavailable' });
  });
});

describe('choosing the holder', () => {
  it('for myself: the fan’s profile holds it; the link then says it is already redeemed', async () => {
    const { link } = await blackAndWhiteGift('activate-myself');
    const recipient = await newFan(services(), 'activate-myself');
    await giftService().redeem(giftRequest(recipient, link));
    const activated = await giftService().activate({ ...giftRequest(recipient, link), draft: draftWith({ buyFor: 'BUY_CARD', firstName: 'Ignored' }) });
    expect(activated).toMatchObject({ ok: true, value: { membershipCode: link.membershipCode, productName: { en: expect.any(String) } } });
    // Its season (2025/26) is under way: active at once.
    expect(await membershipOf(link.membershipCode)).toMatchObject({
      status: 'active',
      holderCustomerId: recipient.owner.customerId,
      managerCustomerId: recipient.owner.customerId,
      holder: { firstName: 'Mario', lastName: 'Rossi', taxCode: 'RSSMRA80A01H501U' },
    });
    expect(await giftService().check(giftRequest(recipient, link))).toMatchObject({ ok: true, value: { check: { manager: true, holder: true, step: 'already-redeemed' } } });
    expect(await giftService().redeem(giftRequest(recipient, link))).toMatchObject({ ok: false, reason: 'already-redeemed' });
    expect(await giftService().activate({ ...giftRequest(recipient, link), draft: draftWith({ buyFor: 'BUY_CARD' }) })).toMatchObject({ ok: false, reason: 'already-redeemed' });
  });

  it('on behalf: the holder typed in, checked by the configure rules and the product’s ages', async () => {
    const { link } = await blackAndWhiteGift('activate-behalf');
    const recipient = await newFan(services(), 'activate-behalf');
    await giftService().redeem(giftRequest(recipient, link));
    const incomplete = await giftService().activate({ ...giftRequest(recipient, link), draft: draftWith({ buyFor: 'BUY_ON_BEHALF', firstName: 'Luca' }) });
    expect(incomplete).toMatchObject({ ok: false, reason: 'invalid', fields: { lastName: 'required', dob: expect.any(String) } });
    // Black & White is held from 14: a boy of 10 is out of its range.
    const tooYoung = await giftService().activate({ ...giftRequest(recipient, link), draft: draftWith(boyBornInRome('2016-05-01')) });
    expect(tooYoung).toMatchObject({ ok: false, reason: 'invalid', fields: { dob: 'outOfRange' } });
    const activated = await giftService().activate({ ...giftRequest(recipient, link), draft: draftWith(boyBornInRome('2011-05-01')) });
    expect(activated).toMatchObject({ ok: true });
    expect(await membershipOf(link.membershipCode)).toMatchObject({ holderCustomerId: null, managerCustomerId: recipient.owner.customerId, holder: { firstName: 'Luca', dob: '2011-05-01' } });
  });

  it('a Kids gift is held by a child: for myself is not offered to an adult', async () => {
    const gifter = await newFan(services(), 'activate-kids-gifter');
    const link = await paidGift(database, services(), gifter, 'kids', 'activate-kids@example.org', clock.now());
    const recipient = await newFan(services(), 'activate-kids');
    await giftService().redeem(giftRequest(recipient, link));
    const forMyself = await giftService().activate({ ...giftRequest(recipient, link), draft: draftWith({ buyFor: 'BUY_CARD' }) });
    expect(forMyself).toMatchObject({ ok: false, reason: 'invalid', fields: { buyFor: 'notOffered' } });
    expect(await giftService().activate({ ...giftRequest(recipient, link), draft: draftWith(boyBornInRome('2024-03-01')) })).toMatchObject({ ok: true });
  });

  it('needs the gift redeemed by this fan first, and activates once when the form is sent twice at once', async () => {
    const { link } = await blackAndWhiteGift('activate-twice');
    const recipient = await newFan(services(), 'activate-twice');
    expect(await giftService().activate({ ...giftRequest(recipient, link), draft: draftWith({ buyFor: 'BUY_CARD' }) })).toMatchObject({ ok: false, reason: 'not-found' });
    await giftService().redeem(giftRequest(recipient, link));
    const stranger = await newFan(services(), 'activate-twice-stranger');
    expect(await giftService().activate({ ...giftRequest(stranger, link), draft: draftWith({ buyFor: 'BUY_CARD' }) })).toMatchObject({ ok: false, reason: 'taken' });
    const request = { ...giftRequest(recipient, link), draft: draftWith({ buyFor: 'BUY_CARD' }) };
    const answers = await Promise.all([giftService().activate(request), giftService().activate(request)]);
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
    expect(answers.filter((answer) => !answer.ok && answer.reason === 'already-redeemed')).toHaveLength(1);
  });
});
