/**
 * Coupon rules (issue 11): a coupon unlocks one membership at price 0, once, until it expires.
 * The code's shape is domain/coupon-code.ts; these are the rules about the record.
 */
import { COUPON_CODE_LENGTH } from './coupon-code';

/** The code alphabet (ASCII A–Z and 0–9): 36^10 ≈ 3.7·10^15 codes, about 52 bits. */
export const COUPON_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export type CouponState = 'valid' | 'used' | 'expired';

/**
 * A used coupon is 'used' whatever its expiry (that is what the fan needs to hear); an unused
 * one is valid strictly before `expiresAt` — at that instant it has expired.
 */
export function couponState(coupon: { expiresAt: Date; redeemedAt: Date | null }, now: Date): CouponState {
  if (coupon.redeemedAt !== null) return 'used';
  return now.getTime() < coupon.expiresAt.getTime() ? 'valid' : 'expired';
}

/**
 * Coupons unlock memberships (the spec's coupon carousel: "the coupon covers the price" of the
 * membership whose holder the fan names); the club card needs documents and is bought.
 */
export function isCouponProduct(product: { tags: readonly string[] }): boolean {
  return product.tags.includes('membership');
}

/**
 * A code of ten characters drawn with `randomIndex(36)` (an unbiased random integer below its
 * argument, e.g. node:crypto's `randomInt`): the randomness is the caller's, the shape is here.
 */
export function couponCodeFrom(randomIndex: (below: number) => number): string {
  let code = '';
  for (let position = 0; position < COUPON_CODE_LENGTH; position += 1) {
    code += COUPON_ALPHABET[randomIndex(COUPON_ALPHABET.length)];
  }
  return code;
}
