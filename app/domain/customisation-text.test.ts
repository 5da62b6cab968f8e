import { describe, expect, it } from 'vitest';
import {
  customisationLengthBounds,
  DEFAULT_CUSTOMISATION_MAX_LENGTH,
  DEFAULT_CUSTOMISATION_MIN_LENGTH,
  normaliseCustomisationText,
  readCustomisationText,
} from './customisation-text';

describe('normaliseCustomisationText', () => {
  it.each([
    ['del10', 'DEL10'],
    ['  abc ', 'ABC'],
    ['Nicolò', 'NICOLO'], // precomposed ò folded
    ['Nicolo\u0300', 'NICOLO'], // decomposed ò folded the same way
    ['Çığ ', 'Çığ'], // dotless ı has no ASCII base: kept as typed (and refused), not uppercased to I
    ['straße', 'straße'], // not uppercased to STRASSE
    ['\u00a0ab\u00a0', 'AB'], // no-break spaces trimmed
    ['', ''],
  ])('%j → %j', (input, text) => {
    expect(normaliseCustomisationText(input)).toBe(text);
  });
});

describe('readCustomisationText with the default bounds (0..5)', () => {
  it('defaults to 0 and 5', () => {
    expect([DEFAULT_CUSTOMISATION_MIN_LENGTH, DEFAULT_CUSTOMISATION_MAX_LENGTH]).toEqual([0, 5]);
    expect(customisationLengthBounds()).toEqual({ min: 0, max: 5 });
    expect(customisationLengthBounds({ minLength: null, maxLength: null })).toEqual({ min: 0, max: 5 });
    expect(customisationLengthBounds({ minLength: 2, maxLength: 8 })).toEqual({ min: 2, max: 8 });
  });

  it.each([
    ['', null], // 0: optional
    ['   ', null],
    ['a', null], // 1
    ['abcd', null], // 4
    ['abc12', null], // 5
    ['abc123', 'tooLong'], // 6
    ['Nicolò', 'tooLong'], // 6 once folded
    ['Jé10', null], // accents folded, then 4
  ])('%j → %j', (input, problem) => {
    expect(readCustomisationText(input).problem).toBe(problem);
  });

  it.each([
    ['AB CD'], // inner space
    ['AB-CD'],
    ["D'AN"],
    ['AB.1'],
    ['ß'],
    ['ØLE'],
    ['ΑΒΓ'], // Greek
    ['ЖУК'], // Cyrillic
    ['１２'], // full-width digits
    ['٣'], // Arabic-Indic digit
    ['A😀'],
    ['A\u200bB'], // zero-width space
  ])('refuses anything but letters A–Z and digits 0–9: %j', (input) => {
    expect(readCustomisationText(input).problem).toBe('characters');
  });

  it('says what is wrong with the characters before the length', () => {
    expect(readCustomisationText('AB CD EF').problem).toBe('characters');
  });

  it('returns the text as stored', () => {
    expect(readCustomisationText(' del10 ')).toEqual({ text: 'DEL10', problem: null });
  });
});

describe('readCustomisationText with the schema bounds', () => {
  const twoToEight = { minLength: 2, maxLength: 8 };
  it.each([
    ['', 'required'], // 0 when a minimum is set
    ['A', 'tooShort'], // 1
    ['AB', null], // 2
    ['ABCDEFGH', null], // 8
    ['ABCDEFGHI', 'tooLong'], // 9
  ])('2..8: %j → %j', (input, problem) => {
    expect(readCustomisationText(input, twoToEight).problem).toBe(problem);
  });

  it('takes the default maximum when only a minimum is given', () => {
    expect(readCustomisationText('ABCDE', { minLength: 1 }).problem).toBeNull();
    expect(readCustomisationText('ABCDEF', { minLength: 1 }).problem).toBe('tooLong');
  });

  it('honours an exact length', () => {
    expect(readCustomisationText('ABC', { minLength: 3, maxLength: 3 }).problem).toBeNull();
    expect(readCustomisationText('AB', { minLength: 3, maxLength: 3 }).problem).toBe('tooShort');
    expect(readCustomisationText('ABCD', { minLength: 3, maxLength: 3 }).problem).toBe('tooLong');
  });
});
