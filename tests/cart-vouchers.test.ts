// Vouchers on the cart, on a real database: applying one (typed loosely, checked by shape
// before any lookup), the discount and its rounding, every refusal, the guessing limits, the
// voucher checked again each time the cart is shown, and removing it.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../app/.server/db/client';
import { vouchers } from '../app/.server/db/schema';
import { configureRequest, draftWith, newFan, type TestFan } from './support/cart';
import { addItem, giftTo, insertVoucher } from './support/cart-page';
import { manualClock } from './support/clock';
import { createTestDatabase } from './support/database';
import { servicesFor } from './support/services';

let database: Database;
const clock = manualClock('2026-12-01T09:00:00Z');
const services = () => servicesFor(database, { clock });
const cart = () => services().cart;

const FAR_FUTURE = new Date('2099-12-31T23:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
  await insertVoucher(database, { code: 'TEST10', discountType: 'percentage', amount: 10, validFrom: null, validUntil: FAR_FUTURE });
  await insertVoucher(database, { code: 'TEST15', discountType: 'percentage', amount: 15, validFrom: null, validUntil: null });
  await insertVoucher(database, { code: 'MINUS-5', discountType: 'amount', amount: 500 });
  await insertVoucher(database, { code: 'MINUS-500', discountType: 'amount', amount: 50_000 });
  await insertVoucher(database, { code: 'OVER', discountType: 'percentage', amount: 10, validUntil: new Date('2026-12-01T09:00:00Z') });
  await insertVoucher(database, { code: 'SOON', discountType: 'percentage', amount: 10, validFrom: new Date('2026-12-01T09:00:01Z') });
  await insertVoucher(database, { code: 'ONCE', discountType: 'percentage', amount: 10, usageLimit: 1, timesUsed: 1 });
});

afterAll(async () => {
  await database?.close();
});

/** A fan with gifts of kids (15.00 €) and black-and-white (49.90 € on promo): 64.90 € of items, nothing to ship. */
async function fanWithItems(subject: string): Promise<TestFan> {
  const fan = await newFan(services(), subject);
  await addItem(services(), fan, 'kids', 'gift', giftTo('a@example.org'));
  await addItem(services(), fan, 'black-and-white', 'gift', giftTo('b@example.org'));
  return fan;
}

const apply = (fan: TestFan, typed: string) => cart().applyVoucher(fan.owner, typed, { ip: fan.ip });
const totalsOf = async (fan: TestFan) => (await cart().viewCart(fan.owner)).totals;

describe('applying a voucher', () => {
  it('takes a percentage of the items, rounded to the nearest cent with halves up, whatever the typed case and spaces', async () => {
    const fan = await fanWithItems('voucher-percent');
    expect(await apply(fan, ' test 15 ')).toEqual({ ok: true, value: { code: 'TEST15', removedWithoutDocuments: [] } });
    // 15% of 64.90 € is 9.735 €: 9.74 €.
    expect(await totalsOf(fan)).toEqual({ subtotalCents: 6490, voucherDiscountCents: 974, shippingCents: 0, totalCents: 5516 });
    expect((await cart().viewCart(fan.owner)).voucher).toEqual({ code: 'TEST15', discount: { type: 'percentage', percent: 15 }, refusal: null });
    expect((await apply(fan, 'test10')).ok).toBe(true);
    expect(await totalsOf(fan)).toMatchObject({ voucherDiscountCents: 649, totalCents: 5841 });
  });

  it('takes a fixed amount, at most the items’ subtotal', async () => {
    const fan = await fanWithItems('voucher-amount');
    await apply(fan, 'minus-5');
    expect(await totalsOf(fan)).toMatchObject({ voucherDiscountCents: 500, totalCents: 5990 });
    await apply(fan, 'MINUS-500');
    expect(await totalsOf(fan)).toEqual({ subtotalCents: 6490, voucherDiscountCents: 6490, shippingCents: 0, totalCents: 0 });
  });

  it('refuses a code by its shape before any lookup, and unknown, expired, not yet valid, used up and inapplicable ones after it', async () => {
    const fan = await fanWithItems('voucher-refusals');
    const refusal = async (typed: string) => {
      const result = await apply(fan, typed);
      return result.ok ? 'applied' : result.fields.voucherCode;
    };
    expect(await refusal('   ')).toBe('required');
    expect(await refusal('A'.repeat(31))).toBe('tooLong');
    expect(await refusal('A'.repeat(30))).toBe('unknown');
    expect(await refusal('TEST10!')).toBe('invalid');
    expect(await refusal('NOPE')).toBe('unknown');
    expect(await refusal('OVER')).toBe('expired');
    expect(await refusal('SOON')).toBe('notYetValid');
    expect(await refusal('ONCE')).toBe('usedUp');
    const empty = await newFan(services(), 'voucher-empty-cart');
    expect(await cart().applyVoucher(empty.owner, 'TEST10', { ip: empty.ip })).toEqual({ ok: false, reason: 'invalid', fields: { voucherCode: 'notApplicable' } });
    expect((await cart().viewCart(fan.owner)).voucher).toBeNull();
  });

  it('cannot be applied to a cart of free items (coupons) only', async () => {
    const fan = await newFan(services(), 'voucher-free-items');
    const minted = await services().coupons.mint('stadium', new Date('2026-12-31T23:00:00Z'));
    if (!minted.ok) throw new Error('mint failed');
    expect((await cart().configureItem(configureRequest(fan, 'stadium', 'coupon', draftWith({ couponCode: minted.value.code })))).ok).toBe(true);
    expect(await apply(fan, 'TEST10')).toMatchObject({ ok: false, fields: { voucherCode: 'notApplicable' } });
  });

  it('answers not-found for an owner that does not check out', async () => {
    const fan = await fanWithItems('voucher-owner');
    expect(await cart().applyVoucher({ ...fan.owner, subject: 'forged' }, 'TEST10', { ip: fan.ip })).toEqual({ ok: false, reason: 'not-found', fields: {} });
    expect(await cart().removeVoucher({ ...fan.owner, subject: 'forged' })).toEqual({ ok: false, reason: 'not-found', fields: {} });
  });
});

describe('the seeded test vouchers (docs/forms.md "Test vouchers")', () => {
  it('answer as documented', async () => {
    const fan = await fanWithItems('voucher-seeded');
    const answers: Record<string, string> = {};
    for (const code of ['SCONTO10', 'MENO5', 'SCADUTO', 'ESAURITO', 'NATALE']) {
      const result = await apply(fan, code);
      answers[code] = result.ok ? `${(await totalsOf(fan)).voucherDiscountCents}` : (result.fields.voucherCode ?? result.reason);
    }
    expect(answers).toEqual({ SCONTO10: '649', MENO5: '500', SCADUTO: 'expired', ESAURITO: 'usedUp', NATALE: 'notYetValid' });
  });
});

describe('guessing codes', () => {
  it('stops a fan after ten failed lookups for the window; shape problems and valid codes do not count', async () => {
    const fan = await fanWithItems('voucher-limit');
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await apply(fan, 'TEST10')).ok).toBe(true);
    for (let attempt = 0; attempt < 5; attempt += 1) await apply(fan, 'BAD CODE!');
    for (let attempt = 0; attempt < 10; attempt += 1) expect(await apply(fan, `GUESS${attempt}`)).toMatchObject({ fields: { voucherCode: 'unknown' } });
    const blocked = await apply(fan, 'TEST10');
    expect(blocked).toMatchObject({ ok: false, reason: 'too-many-attempts', fields: { voucherCode: 'too-many-attempts' } });
    expect(blocked.ok === false && 'retryAfterSeconds' in blocked ? blocked.retryAfterSeconds : 0).toBeGreaterThan(0);
    // Another fan on another network is not affected; coupons keep their own counters.
    const other = await fanWithItems('voucher-limit-other');
    expect((await apply(other, 'TEST10')).ok).toBe(true);
    expect(await services().coupons.check('ABCDE-FGHJK', { attempt: { customerId: fan.owner.customerId, ip: fan.ip } })).toMatchObject({ reason: 'unknown' });
  });

  it('stops an IP address after thirty failed lookups, whichever fans made them', async () => {
    const fans = await Promise.all([1, 2, 3, 4].map((n) => fanWithItems(`voucher-ip-${n}`)));
    const sharedIp = '198.51.100.7';
    let attempts = 0;
    for (const fan of fans.slice(0, 3)) {
      for (let guess = 0; guess < 10; guess += 1, attempts += 1) await cart().applyVoucher(fan.owner, `IP${attempts}`, { ip: sharedIp });
    }
    const fourth = fans[3];
    if (!fourth) throw new Error('no fan');
    expect(await cart().applyVoucher(fourth.owner, 'TEST10', { ip: sharedIp })).toMatchObject({ reason: 'too-many-attempts' });
    expect((await cart().applyVoucher(fourth.owner, 'TEST10', { ip: fourth.ip })).ok).toBe(true);
  });
});

describe('the applied voucher over time', () => {
  it('is checked again each time the cart is shown: once it expires it stays named, says why, and takes nothing off', async () => {
    const fan = await fanWithItems('voucher-recheck');
    await insertVoucher(database, { code: 'SHORT', discountType: 'amount', amount: 1000, validUntil: new Date('2026-12-02T00:00:00Z') });
    expect((await apply(fan, 'SHORT')).ok).toBe(true);
    expect(await totalsOf(fan)).toMatchObject({ voucherDiscountCents: 1000 });
    const before = clock.now();
    clock.set('2026-12-02T00:00:00Z');
    try {
      expect((await cart().viewCart(fan.owner)).voucher).toEqual({ code: 'SHORT', discount: { type: 'amount', amountCents: 1000 }, refusal: 'expired' });
      expect(await totalsOf(fan)).toMatchObject({ voucherDiscountCents: 0, totalCents: 6490 });
    } finally {
      clock.set(before);
    }
    await database.db.update(vouchers).set({ usageLimit: 3, timesUsed: 3 }).where(eq(vouchers.code, 'SHORT'));
    expect((await cart().viewCart(fan.owner)).voucher?.refusal).toBe('usedUp');
  });

  it('is removed on request, and removing none is fine', async () => {
    const fan = await fanWithItems('voucher-remove');
    await apply(fan, 'TEST10');
    expect(await cart().removeVoucher(fan.owner)).toEqual({ ok: true, value: { removedWithoutDocuments: [] } });
    expect((await cart().viewCart(fan.owner)).voucher).toBeNull();
    expect((await cart().removeVoucher(fan.owner)).ok).toBe(true);
    const withoutCart = await newFan(services(), 'voucher-remove-no-cart');
    expect((await cart().removeVoucher(withoutCart.owner)).ok).toBe(true);
  });
});

describe('minting for support staff (/dev/vouchers)', () => {
  it('mints a voucher valid from now that a fan can apply, refuses a code that exists, and lists the latest first', async () => {
    const mint = (code: string) =>
      services().vouchers.mint({ code, discount: { type: 'amount', amountCents: 700 }, validUntil: new Date('2027-01-01T00:00:00Z'), usageLimit: 2 });
    expect(await mint(' fresh-7 ')).toEqual({ ok: true, value: { code: 'FRESH-7' } });
    expect(await mint('FRESH-7')).toEqual({ ok: false, reason: 'invalid', fields: { code: 'taken' } });
    expect(await mint('NOT VALID!')).toEqual({ ok: false, reason: 'invalid', fields: { code: 'invalid' } });
    expect(await services().vouchers.mint({ code: 'PAST', discount: { type: 'percentage', percent: 5 }, validUntil: clock.now(), usageLimit: null })).toEqual({
      ok: false,
      reason: 'invalid',
      fields: { validUntil: 'notFuture' },
    });
    const fan = await fanWithItems('voucher-minted');
    expect((await apply(fan, 'fresh-7')).ok).toBe(true);
    expect(await totalsOf(fan)).toMatchObject({ voucherDiscountCents: 700 });
    const [latest] = await services().vouchers.listLatest(5);
    expect(latest).toMatchObject({ code: 'FRESH-7', discount: { type: 'amount', amountCents: 700 }, validFrom: clock.now(), usageLimit: 2, timesUsed: 0, usableNow: 'valid' });
  });
});
