import { describe, expect, it } from 'vitest';
import { GIFT_CODE_BYTES, GIFT_CODE_LENGTH, MEMBERSHIP_CODE_BYTES, giftCodeOf, membershipCodeOf, normaliseGiftCode } from './issued-codes';

const bytes = (length: number, fill: (index: number) => number) => Uint8Array.from({ length }, (_, index) => fill(index));

describe('issued codes', () => {
  it('makes a gift code of 16 Crockford characters, one per byte', () => {
    const code = giftCodeOf(bytes(GIFT_CODE_BYTES, (index) => index * 17));
    expect(code).toHaveLength(GIFT_CODE_LENGTH);
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
  });

  it('uses the whole alphabet and never I, L, O or U', () => {
    const all = giftCodeOf(bytes(16, (index) => index)) + giftCodeOf(bytes(16, (index) => index + 16));
    expect(new Set(all).size).toBe(32);
    expect(all).not.toMatch(/[ILOU]/);
  });

  it('maps bytes 32 apart to the same character (low five bits, no bias)', () => {
    expect(giftCodeOf(bytes(16, () => 1))).toBe(giftCodeOf(bytes(16, () => 33)));
    expect(giftCodeOf(bytes(16, () => 255))).toBe('Z'.repeat(16));
  });

  it('makes a membership code JM + ten characters', () => {
    expect(membershipCodeOf(bytes(MEMBERSHIP_CODE_BYTES, () => 0))).toBe('JM0000000000');
  });

  it('refuses the wrong amount of randomness', () => {
    expect(() => giftCodeOf(bytes(15, () => 0))).toThrow();
    expect(() => membershipCodeOf(bytes(11, () => 0))).toThrow();
  });

  it('reads a typed gift code back, in any case, with spaces or hyphens', () => {
    expect(normaliseGiftCode('abcd-efgh 1234 5678')).toBe('ABCDEFGH12345678');
    expect(normaliseGiftCode('ABCDEFGH1234567')).toBeNull();
    expect(normaliseGiftCode('ABCDEFGH123456789')).toBeNull();
    expect(normaliseGiftCode('ABCDEFGH1234567U')).toBeNull();
  });
});
