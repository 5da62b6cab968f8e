import { describe, expect, it } from 'vitest';
import { keepDigits, keepDigitsAtCaret } from './digits';

describe('keepDigits', () => {
  it.each([
    ['12345', '12345'],
    [' 12 345 ', '12345'],
    ['1.000', '1000'], // Italian thousands separator
    ['IT 012 345 678 90', '01234567890'], // a VAT number typed with its prefix and spaces
    ['-2', '2'],
    ['five', ''],
    ['٣', ''], // Arabic-Indic digit: not an ASCII digit
    ['', ''],
  ])('%j → %j', (typed, kept) => {
    expect(keepDigits(typed)).toBe(kept);
  });
});

describe('keepDigitsAtCaret', () => {
  it('keeps the caret after the digits it followed', () => {
    // "12x|34": the x typed at position 3 goes, the caret stays between 2 and 3.
    expect(keepDigitsAtCaret('12x34', 3)).toEqual({ value: '1234', caret: 2 });
  });

  it('leaves digits-only text and its caret alone', () => {
    expect(keepDigitsAtCaret('1234', 2)).toEqual({ value: '1234', caret: 2 });
  });

  it('puts the caret at the start when nothing before it was a digit', () => {
    expect(keepDigitsAtCaret('ab12', 2)).toEqual({ value: '12', caret: 0 });
  });
});
