import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type * as LibPhoneNumber from 'libphonenumber-js/min';
import { describe, expect, it, vi } from 'vitest';
import { DISPLAYED_PHONES_CAP, formatPhoneForDisplay, isAcceptablePhone, isSamePhone, normalisePhoneForStorage } from './phone';

// The real parser, watched: the memo test counts how often a number is parsed.
vi.mock('libphonenumber-js/min', async (importOriginal) => {
  const real = await importOriginal<typeof LibPhoneNumber>();
  return { ...real, parsePhoneNumberFromString: vi.fn(real.parsePhoneNumberFromString) };
});

describe('isAcceptablePhone', () => {
  it.each([
    ['+39 333 123 4567'],
    ['3331234567'],
    ['1234'], // exactly four digits
    ['06-1234'],
    ['(06) 1234.5678'],
    ['+39 333/1234567'],
    ['333\u00a0123\u00a04567'], // no-break spaces pasted from a web page
    [' 1 2 3 4 '],
    ['٠١٢٣'], // Arabic-Indic digits are digits too
  ])('accepts %j', (phone) => {
    expect(isAcceptablePhone(phone)).toBe(true);
  });

  it.each([[''], ['123'], ['+39'], ['+ - ( ) . /'], ['1 2 3'], ['12-3']])('refuses fewer than 4 digits: %j', (phone) => {
    expect(isAcceptablePhone(phone)).toBe(false);
  });

  it.each([
    ['ab12'],
    ['333 123 4567 ext. 5'],
    ['<b>3331234567</b>'],
    ['333_1234567'],
    ['333#1234567'],
    ['333*1234567'],
    ['3331234567\u202e'],
  ])('refuses anything but digits, spaces and + - ( ) . /: %j', (phone) => {
    expect(isAcceptablePhone(phone)).toBe(false);
  });
});

describe('normalisePhoneForStorage', () => {
  it.each([
    ['+39 333 123 4567', '00393331234567'],
    ['  +41 44 668 18 00 ', '0041446681800'],
    ['+ 39 333 1234567', '00393331234567'],
    ['333\u00a0123\u00a04567', '3331234567'], // no-break spaces pasted from a web page
    ['0039 333 1234567', '00393331234567'],
    ['06-1234-5678', '06-1234-5678'],
    ['', ''],
  ])('%j → %j', (input, stored) => {
    expect(normalisePhoneForStorage(input)).toBe(stored);
  });

  it('rewrites only a leading plus', () => {
    expect(normalisePhoneForStorage('333+1234')).toBe('333+1234');
  });
});

describe('formatPhoneForDisplay', () => {
  it.each([
    ['00393331234567', '+39 333 123 4567'],
    ['3331234567', '+39 333 123 4567'], // no prefix: Italian
    ['0612345678', '+39 06 1234 5678'], // Rome landline keeps its leading 0
    ['0041446681800', '+41 44 668 18 00'],
  ])('%j → %j', (stored, shown) => {
    expect(formatPhoneForDisplay(stored)).toBe(shown);
  });

  it('shows what it cannot recognise unchanged', () => {
    expect(formatPhoneForDisplay('1234')).toBe('1234');
    expect(formatPhoneForDisplay('ext 12')).toBe('ext 12');
  });

  it('parses a stored phone once, and again only after the memo has started over', () => {
    const parse = vi.mocked(parsePhoneNumberFromString);
    parse.mockClear();
    expect(formatPhoneForDisplay('00390298765432')).toBe('+39 02 9876 5432');
    expect(formatPhoneForDisplay('00390298765432')).toBe('+39 02 9876 5432');
    expect(parse).toHaveBeenCalledTimes(1);
    for (let other = 0; other < DISPLAYED_PHONES_CAP; other += 1) formatPhoneForDisplay(`0039333${String(other).padStart(7, '0')}`);
    parse.mockClear();
    expect(formatPhoneForDisplay('00390298765432')).toBe('+39 02 9876 5432');
    expect(parse).toHaveBeenCalledTimes(1);
  });
});

describe('isSamePhone', () => {
  it('is the stored number however it is typed back: prefix, spaces, the form’s own display', () => {
    expect(isSamePhone('+39 02 123 4567', '021234567')).toBe(true); // shown with +39, stored without
    expect(isSamePhone('02 1234567', '0039021234567')).toBe(true);
    expect(isSamePhone(' 0039 333 1234567 ', '+393331234567')).toBe(true);
    expect(isSamePhone('1234', '1234')).toBe(true); // not a valid number: compared as stored
    expect(isSamePhone('12 34', '1234')).toBe(true); // spaces never count
  });

  it('differs by one digit, another country or an unrecognised number written otherwise', () => {
    expect(isSamePhone('02 1234568', '021234567')).toBe(false);
    expect(isSamePhone('+41 44 123 45 67', '0441234567')).toBe(false);
    expect(isSamePhone('12-34', '1234')).toBe(false);
  });
});
