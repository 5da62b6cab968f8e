import { describe, expect, it } from 'vitest';
import {
  COUPON_CODE_LENGTH,
  formatCouponCode,
  formatCouponCodeAtCaret,
  isCompleteCouponCode,
  normaliseCouponCode,
  readCouponCode,
} from './coupon-code';

describe('normaliseCouponCode', () => {
  it.each([
    ['abcde12345', 'ABCDE12345'], // lowercase
    ['ABCDE-12345', 'ABCDE12345'], // the displayed form pasted back
    [' abc de 123 45 ', 'ABCDE12345'], // spaces
    ['AB_C.D/E!1@2#3$4%5', 'ABCDE12345'], // punctuation
    ['ABCDE1234', 'ABCDE1234'], // 9: kept, incomplete
    ['ABCDE12345', 'ABCDE12345'], // 10
    ['ABCDE123456', 'ABCDE12345'], // 11: cut to 10
    ['ABCDE-12345-X', 'ABCDE12345'], // 11 code characters around hyphens
    ['', ''],
    ['---', ''],
  ])('%j → %j', (input, code) => {
    expect(normaliseCouponCode(input)).toBe(code);
  });

  it.each([
    ['ÀBCDÉ12345', 'BCD12345'], // accented letters are not in the code alphabet
    ['straße1234', 'STRAE1234'], // ß is dropped, not uppercased to SS
    ['ıııı', ''], // dotless i would uppercase to I
    ['ﬁ', ''], // the ligature would uppercase to FI
    ['１２３', ''], // full-width digits
    ['٠١٢٣', ''], // Arabic-Indic digits
    ['ABC\u200bDE', 'ABCDE'], // zero-width space
  ])('keeps ASCII letters and digits only: %j → %j', (input, code) => {
    expect(normaliseCouponCode(input)).toBe(code);
  });
});

describe('formatCouponCode', () => {
  it.each([
    ['abcde12345', 'ABCDE-12345'],
    ['ABCDE-12345', 'ABCDE-12345'], // idempotent
    ['abcde 1234 5xyz', 'ABCDE-12345'],
    ['ABCD', 'ABCD'],
    ['ABCDE', 'ABCDE'], // 5: no hyphen yet
    ['ABCDEF', 'ABCDE-F'], // 6: hyphen before the sixth
    ['ABCDE1234', 'ABCDE-1234'], // 9
    ['', ''],
  ])('%j → %j', (input, shown) => {
    expect(formatCouponCode(input)).toBe(shown);
  });
});

describe('formatCouponCodeAtCaret', () => {
  it.each([
    // typing the sixth character: the hyphen is inserted and the caret follows it
    ['abcdef', 6, 'ABCDE-F', 7],
    // typing the fifth: no hyphen, caret at the end
    ['abcde', 5, 'ABCDE', 5],
    // a stripped character typed mid-code does not move the caret on
    ['AB!CDE-F', 3, 'ABCDE-F', 2],
    // a character typed before the hyphen pushes the hyphen on; caret stays after it
    ['ABCXDE-FG', 4, 'ABCXD-EFG', 4],
    // caret right after the hyphen stays there
    ['ABCDE-FG', 6, 'ABCDE-FG', 5],
  ])('%j at %i → %j at %i', (input, caret, value, newCaret) => {
    expect(formatCouponCodeAtCaret(input, caret)).toEqual({ value, caret: newCaret });
  });
});

describe('isCompleteCouponCode and readCouponCode', () => {
  it('has ten characters', () => {
    expect(COUPON_CODE_LENGTH).toBe(10);
  });

  it.each([
    ['ABCDE1234', false], // 9
    ['ABCDE12345', true], // 10
    ['ABCDE123456', false], // 11: not a normalised code
    ['abcde12345', false], // not normalised
    ['ABCDE-1234', false], // the displayed form is not a code
    ['', false],
  ])('isCompleteCouponCode(%j) is %s', (code, complete) => {
    expect(isCompleteCouponCode(code)).toBe(complete);
  });

  it.each([
    ['', { code: '', problem: 'required' }],
    [' - ', { code: '', problem: 'required' }],
    ['abcde-1234', { code: 'ABCDE1234', problem: 'incomplete' }], // 9
    ['abcde-12345', { code: 'ABCDE12345', problem: null }], // 10
    ['abcde-123456', { code: 'ABCDE12345', problem: 'tooLong' }], // 11: a format error, never looked up as its first 10
    ['àbcde-12345', { code: 'BCDE12345', problem: 'incomplete' }], // an accented letter does not count
  ])('readCouponCode(%j) → %j', (input, read) => {
    expect(readCouponCode(input)).toEqual(read);
  });
});
