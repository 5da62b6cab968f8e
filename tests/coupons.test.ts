import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../app/.server/db/client';
import { coupons } from '../app/.server/db/schema';
import { createCodeAttemptLimiter } from '../app/.server/services/code-attempts';
import { createCouponsService } from '../app/.server/services/coupons';
import { isCompleteCouponCode } from '../app/domain/coupon-code';
import { manualClock } from './support/clock';
import { createTestDatabase } from './support/database';
import { signal, someoneWaitsForALock } from './support/concurrency';
import { servicesFor } from './support/services';

let database: Database;
// Seeded coupons (docs/forms.md) are dated against today; this clock keeps them as documented.
const clock = manualClock('2026-03-01T09:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

const services = () => servicesFor(database, { clock });

async function fan(subject: string) {
  return services().customers.upsertFromSignIn({ subject, email: `${subject}@example.org`, firstName: 'Ada', lastName: 'Rossi' });
}

async function freshCoupon(productId = 'stadium') {
  const minted = await services().coupons.mint(productId, new Date('2026-12-31T23:00:00Z'));
  if (!minted.ok) throw new Error(`mint failed: ${minted.reason}`);
  return minted.value.code;
}

describe('coupons.check', () => {
  it('answers the product of a valid code, typed in any case and with separators', async () => {
    const result = await services().coupons.check('stadi-test1');
    expect(result).toEqual({ ok: true, value: { code: 'STADITEST1', productId: 'stadium', expiresAt: expect.any(Date) } });
  });

  it('refuses unknown, expired and used codes, each with its own reason', async () => {
    expect(await services().coupons.check('ZZZZZ-ZZZZZ')).toEqual({ ok: false, reason: 'unknown', fields: { couponCode: 'unknown' } });
    expect(await services().coupons.check('EXPIR-TEST1')).toEqual({ ok: false, reason: 'expired', fields: { couponCode: 'expired' } });
    expect(await services().coupons.check('USEDD-TEST1')).toEqual({ ok: false, reason: 'used', fields: { couponCode: 'used' } });
  });

  it('refuses an incomplete code without looking it up, and a code for another product', async () => {
    expect(await services().coupons.check('ABC')).toEqual({ ok: false, reason: 'invalid', fields: { couponCode: 'incomplete' } });
    expect(await services().coupons.check(' - ')).toEqual({ ok: false, reason: 'invalid', fields: { couponCode: 'required' } });
    expect(await services().coupons.check('STADI-TEST1', { productId: 'j1897' })).toMatchObject({ ok: false, reason: 'other-product' });
    expect(await services().coupons.check('J1897-TEST1', { productId: 'j1897' })).toMatchObject({ ok: true });
  });

  it('says expired from the instant of expiry on', async () => {
    const code = await freshCoupon();
    const at = manualClock('2026-12-31T22:59:59.999Z');
    const service = () => servicesFor(database, { clock: at }).coupons;
    expect((await service().check(code)).ok).toBe(true);
    at.set('2026-12-31T23:00:00Z');
    expect(await service().check(code)).toMatchObject({ ok: false, reason: 'expired' });
    expect(await service().redeem(code, (await fan('late')).id)).toMatchObject({ ok: false, reason: 'expired' });
  });
});

describe('coupons.redeem', () => {
  it('marks the coupon used by the fan; a second redemption is refused as used', async () => {
    const code = await freshCoupon();
    const [ada, bea] = [await fan('ada'), await fan('bea')];
    expect(await services().coupons.redeem(code, ada.id, { productId: 'stadium' })).toMatchObject({ ok: true, value: { code, productId: 'stadium' } });
    const [row] = await database.db.select().from(coupons).where(eq(coupons.code, code));
    expect(row).toMatchObject({ redeemedBy: ada.id, redeemedAt: clock.now() });
    expect(await services().coupons.redeem(code, bea.id)).toEqual({ ok: false, reason: 'used', fields: { couponCode: 'used' } });
    expect(await services().coupons.redeem(code, ada.id)).toMatchObject({ ok: false, reason: 'used' });
    expect(await services().coupons.check(code)).toMatchObject({ ok: false, reason: 'used' });
  });

  it('refuses the seeded used and expired codes, and a coupon for another product, changing nothing', async () => {
    const ada = await fan('ada');
    expect(await services().coupons.redeem('USEDDTEST1', ada.id)).toMatchObject({ ok: false, reason: 'used' });
    expect(await services().coupons.redeem('EXPIRTEST1', ada.id)).toMatchObject({ ok: false, reason: 'expired' });
    const code = await freshCoupon('kids');
    expect(await services().coupons.redeem(code, ada.id, { productId: 'stadium' })).toMatchObject({ ok: false, reason: 'other-product' });
    const [row] = await database.db.select().from(coupons).where(eq(coupons.code, code));
    expect(row?.redeemedAt).toBeNull();
  });

  it("runs in the caller's transaction: rolled back, the coupon is unused again", async () => {
    const code = await freshCoupon();
    const ada = await fan('ada');
    await expect(
      services().transaction(async (inTransaction) => {
        expect((await inTransaction.coupons.redeem(code, ada.id)).ok).toBe(true);
        throw new Error('the cart refused the item');
      }),
    ).rejects.toThrow('the cart refused the item');
    expect((await services().coupons.check(code)).ok).toBe(true);
    // The explicit `tx` option works the same way.
    await database.db.transaction(async (tx) => {
      expect((await services().coupons.redeem(code, ada.id, { tx })).ok).toBe(true);
    });
    expect(await services().coupons.check(code)).toMatchObject({ ok: false, reason: 'used' });
  });

  it('lets exactly one of two concurrent redemptions of one coupon win', async () => {
    const code = await freshCoupon();
    const [ada, bea] = [await fan('ada'), await fan('bea')];
    // Two transactions started together (PostgreSQL: two connections; PGlite: one after the other).
    const outcomes = await Promise.all(
      [ada, bea].map((customer) =>
        services().transaction(async (inTransaction) => inTransaction.coupons.redeem(code, customer.id)),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([{ ok: false, reason: 'used', fields: { couponCode: 'used' } }]);
    const winner = outcomes[0]?.ok ? ada : bea;
    const [row] = await database.db.select().from(coupons).where(eq(coupons.code, code));
    expect(row?.redeemedBy).toBe(winner.id);
  });
});

describe('coupons.mint', () => {
  it('makes distinct complete codes that check as valid for their product', async () => {
    const codes = await Promise.all(Array.from({ length: 20 }, () => freshCoupon('junior')));
    expect(new Set(codes).size).toBe(20);
    for (const code of codes) {
      expect(isCompleteCouponCode(code)).toBe(true);
      expect(await services().coupons.check(code, { productId: 'junior' })).toMatchObject({ ok: true });
    }
  });

  it('draws again when a drawn code is taken', async () => {
    // A random source that first spells the seeded J1897TEST1, then ten As.
    const draws = [...'J1897TEST1'].map((character) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'.indexOf(character));
    const randomIndex = () => draws.shift() ?? 0;
    const service = createCouponsService({ db: database.db, clock }, { attempts: createCodeAttemptLimiter(database.db, 'coupon'), randomIndex });
    expect(await service.mint('kids', new Date('2026-12-31T23:00:00Z'))).toEqual({ ok: true, value: { code: 'AAAAAAAAAA' } });
    const [seeded] = await database.db.select().from(coupons).where(eq(coupons.code, 'J1897TEST1'));
    expect(seeded?.productId).toBe('j1897');
  });

  it('refuses an unknown product, the club card and an expiry that is not in the future', async () => {
    const later = new Date('2026-12-31T23:00:00Z');
    expect(await services().coupons.mint('nope', later)).toMatchObject({ ok: false, reason: 'unknown-product' });
    expect(await services().coupons.mint('jcard', later)).toMatchObject({ ok: false, reason: 'not-coupon-product' });
    expect(await services().coupons.mint('stadium', clock.now())).toEqual({ ok: false, reason: 'invalid', fields: { expiresAt: 'notFuture' } });
  });

  it('lists the latest coupons first, with their state', async () => {
    const code = await freshCoupon('young');
    const listed = await services().coupons.listLatest(500);
    expect(listed[0]).toMatchObject({ code, productId: 'young', state: 'valid', redeemedByEmail: null });
    const byCode = new Map(listed.map((coupon) => [coupon.code, coupon.state]));
    expect([byCode.get('EXPIRTEST1'), byCode.get('USEDDTEST1'), byCode.get('KIDSSTEST1')]).toEqual(['expired', 'used', 'valid']);
  });
});

describe('coupon attempt limits', () => {
  const limits = { perFan: 3, perIp: 5, windowSeconds: 900 };
  const serviceWith = (attempts = createCodeAttemptLimiter(database.db, 'coupon', limits)) =>
    createCouponsService({ db: database.db, clock }, { attempts });

  it('blocks a fan after too many failed checks, even for a valid code, and valid checks do not count', async () => {
    const coupons = serviceWith();
    const attempt = { customerId: (await fan('guesser')).id, ip: '203.0.113.7' };
    for (let i = 0; i < 5; i += 1) expect(await coupons.check('STADITEST1', { attempt })).toMatchObject({ ok: true });
    for (let i = 0; i < 3; i += 1) expect(await coupons.check('ZZZZZZZZZZ', { attempt })).toMatchObject({ reason: 'unknown' });
    const blocked = await coupons.check('STADITEST1', { attempt });
    expect(blocked).toMatchObject({ ok: false, reason: 'too-many-attempts', fields: { couponCode: 'tooManyAttempts' } });
    expect(blocked.ok === false && blocked.reason === 'too-many-attempts' && blocked.retryAfterSeconds).toBeGreaterThan(0);
    // Another fan on another IP is not affected; checks without an attempt (internal) are not counted.
    expect(await coupons.check('STADITEST1', { attempt: { customerId: (await fan('other')).id, ip: '203.0.113.8' } })).toMatchObject({ ok: true });
    expect(await coupons.check('STADITEST1')).toMatchObject({ ok: true });
  });

  it('blocks an IP after too many failed checks from several fans', async () => {
    const coupons = serviceWith();
    const ip = '198.51.100.9';
    for (const subject of ['f1', 'f2']) {
      const customerId = (await fan(subject)).id;
      for (let i = 0; i < 3; i += 1) await coupons.check('EXPIRTEST1', { attempt: { customerId, ip } });
    }
    expect(await coupons.check('STADITEST1', { attempt: { customerId: (await fan('f3')).id, ip } })).toMatchObject({ reason: 'too-many-attempts' });
  });

  it('counts parallel failed checks exactly: none of a burst gets past the limit', async () => {
    const coupons = serviceWith();
    const attempt = { customerId: (await fan('burst')).id, ip: '192.0.2.44' };
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => coupons.check('ZZZZZZZZZZ', { attempt })));
    expect(outcomes.filter((outcome) => !outcome.ok && outcome.reason === 'unknown')).toHaveLength(3);
  });

  it('does not count a code that is not complete (never looked up)', async () => {
    const coupons = serviceWith();
    const attempt = { customerId: (await fan('typo')).id, ip: '192.0.2.45' };
    for (let i = 0; i < 6; i += 1) await coupons.check('ABC', { attempt });
    expect(await coupons.check('STADITEST1', { attempt })).toMatchObject({ ok: true });
  });

  it('refuses a code longer than ten characters as a format error, never a guess counted against the limit', async () => {
    const coupons = serviceWith();
    const attempt = { customerId: (await fan('too-long')).id, ip: '192.0.2.46' };
    // Its first ten are a real coupon: still not looked up.
    for (let i = 0; i < 6; i += 1) expect(await coupons.check('STADITEST1X', { attempt })).toEqual({ ok: false, reason: 'invalid', fields: { couponCode: 'tooLong' } });
    expect(await coupons.check('STADI-TEST1', { attempt })).toMatchObject({ ok: true });
  });
});


describe.runIf(process.env.TEST_DATABASE_KIND === 'postgres')('coupons.redeem on PostgreSQL, truly concurrent', () => {

  for (const firstEnds of ['commits', 'rolls back'] as const) {
    it(`the second waits for the first's row lock; the first ${firstEnds}, so the second ${firstEnds === 'commits' ? 'loses' : 'wins'}`, async () => {
      const code = await freshCoupon();
      const [ada, bea] = [await fan('ada'), await fan('bea')];
      const [firstMayEnd, releaseFirst] = signal();
      const [firstHasRedeemed, firstRedeemed] = signal();
      const rollback = new Error('first rolls back');

      const first = services()
        .transaction(async (inTransaction) => {
          const outcome = await inTransaction.coupons.redeem(code, ada.id);
          firstRedeemed();
          await firstMayEnd;
          if (firstEnds === 'rolls back') throw rollback;
          return outcome;
        })
        .catch((error: unknown) => (error === rollback ? null : Promise.reject(error as Error)));
      await firstHasRedeemed;
      const second = services().transaction((inTransaction) => inTransaction.coupons.redeem(code, bea.id));
      // The first still holds its transaction open while the second is blocked on the same row.
      await someoneWaitsForALock(database);
      releaseFirst();
      const [firstOutcome, secondOutcome] = await Promise.all([first, second]);
      if (firstEnds === 'commits') {
        expect(firstOutcome).toMatchObject({ ok: true });
        expect(secondOutcome).toEqual({ ok: false, reason: 'used', fields: { couponCode: 'used' } });
      } else {
        expect(secondOutcome).toMatchObject({ ok: true, value: { code } });
      }
      const [row] = await database.db.select().from(coupons).where(eq(coupons.code, code));
      expect(row?.redeemedBy).toBe(firstEnds === 'commits' ? ada.id : bea.id);
    });
  }
});
