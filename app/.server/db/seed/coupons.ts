import type { ShopDb } from '../client';
import { coupons } from '../schema';

/** Far enough ahead that the documented codes stay valid for as long as anyone tests with them. */
const VALID_UNTIL = new Date('2099-12-31T23:00:00Z');

/**
 * Test coupons for support and tests, listed in docs/forms.md ("Test coupons"): one valid code
 * per membership, one expired, one used. Public, hence never seeded in production.
 */
export const seedTestCouponRows: (typeof coupons.$inferInsert)[] = [
  { code: 'J1897TEST1', productId: 'j1897', expiresAt: VALID_UNTIL },
  { code: 'BNWTETEST1', productId: 'black-and-white', expiresAt: VALID_UNTIL },
  { code: 'STADITEST1', productId: 'stadium', expiresAt: VALID_UNTIL },
  { code: 'YOUNGTEST1', productId: 'young', expiresAt: VALID_UNTIL },
  { code: 'JUNIOTEST1', productId: 'junior', expiresAt: VALID_UNTIL },
  { code: 'KIDSSTEST1', productId: 'kids', expiresAt: VALID_UNTIL },
  { code: 'EXPIRTEST1', productId: 'stadium', expiresAt: new Date('2025-01-01T00:00:00Z') },
  // Used by nobody in particular: the seed has no fans.
  { code: 'USEDDTEST1', productId: 'stadium', expiresAt: VALID_UNTIL, redeemedAt: new Date('2025-09-01T10:00:00Z') },
];

/**
 * Writes the test coupons (outside production only; the caller decides). Idempotent and run on
 * every start, so an existing development database gets them too; a code already there — used
 * by a test run, say — is left as it is.
 */
export async function seedTestCoupons(db: ShopDb): Promise<void> {
  await db.insert(coupons).values(seedTestCouponRows).onConflictDoNothing();
}
