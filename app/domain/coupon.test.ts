import { describe, expect, it } from 'vitest';
import { COUPON_ALPHABET, couponCodeFrom, couponState, isCouponProduct } from './coupon';
import { isCompleteCouponCode } from './coupon-code';

describe('couponState', () => {
  const expiresAt = new Date('2026-06-30T22:00:00Z');

  it('is valid until the instant before expiry and expired from it on', () => {
    expect(couponState({ expiresAt, redeemedAt: null }, new Date('2026-06-30T21:59:59.999Z'))).toBe('valid');
    expect(couponState({ expiresAt, redeemedAt: null }, expiresAt)).toBe('expired');
  });

  it('is used once redeemed, expired or not', () => {
    const redeemedAt = new Date('2026-05-01T10:00:00Z');
    expect(couponState({ expiresAt, redeemedAt }, new Date('2026-05-02T00:00:00Z'))).toBe('used');
    expect(couponState({ expiresAt, redeemedAt }, new Date('2027-01-01T00:00:00Z'))).toBe('used');
  });
});

describe('isCouponProduct', () => {
  it('accepts memberships and not the club card', () => {
    expect(isCouponProduct({ tags: ['membership'] })).toBe(true);
    expect(isCouponProduct({ tags: ['jcard'] })).toBe(false);
  });
});

describe('couponCodeFrom', () => {
  it('draws ten characters of the alphabet, a complete normalised code', () => {
    let next = 0;
    const code = couponCodeFrom((below) => (next++ * 7) % below);
    expect(code).toHaveLength(10);
    expect(isCompleteCouponCode(code)).toBe(true);
  });

  it('reaches both ends of the alphabet', () => {
    expect(couponCodeFrom(() => 0)).toBe('AAAAAAAAAA');
    expect(couponCodeFrom((below) => below - 1)).toBe('9999999999');
    expect(COUPON_ALPHABET).toHaveLength(36);
  });
});
