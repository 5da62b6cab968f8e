import type { ShopDb } from '../client';
import { vouchers } from '../schema';

/** Far enough ahead that the documented codes stay valid for as long as anyone tests with them. */
const VALID_UNTIL = new Date('2099-12-31T23:00:00Z');
/** Midnight in Rome on 1 January 2024: valid since long before anyone tests. */
const VALID_FROM = new Date('2023-12-31T23:00:00Z');

/**
 * Test vouchers for support and tests, listed in docs/forms.md ("Test vouchers"): a percentage,
 * a fixed amount, and one for each refusal the cart words. Public, hence never seeded in production.
 */
export const seedTestVoucherRows: (typeof vouchers.$inferInsert)[] = [
  { code: 'SCONTO10', discountType: 'percentage', amount: 10, validFrom: VALID_FROM, validUntil: VALID_UNTIL },
  { code: 'MENO5', discountType: 'amount', amount: 500, validFrom: VALID_FROM, validUntil: VALID_UNTIL },
  { code: 'SCADUTO', discountType: 'percentage', amount: 10, validFrom: VALID_FROM, validUntil: new Date('2024-12-31T23:00:00Z') },
  { code: 'ESAURITO', discountType: 'percentage', amount: 10, validFrom: VALID_FROM, validUntil: VALID_UNTIL, usageLimit: 1, timesUsed: 1 },
  { code: 'NATALE', discountType: 'percentage', amount: 15, validFrom: new Date('2099-11-30T23:00:00Z'), validUntil: VALID_UNTIL },
];

/**
 * Writes the test vouchers (outside production only; the caller decides). Idempotent and run on
 * every start; a code already there is left as it is.
 */
export async function seedTestVouchers(db: ShopDb): Promise<void> {
  await db.insert(vouchers).values(seedTestVoucherRows).onConflictDoNothing();
}
