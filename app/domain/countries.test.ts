import { describe, expect, it } from 'vitest';
import { isItaly, isRestrictedCountry, RESTRICTED_COUNTRY_CODES } from './countries';

describe('RESTRICTED_COUNTRY_CODES', () => {
  it('lists the 26 codes of the spec, in its order', () => {
    expect(RESTRICTED_COUNTRY_CODES).toEqual(
      'AF AQ BY KP CU IR LY RU EH SY SO SD SS UA SH FK GS PM CX BV IO PC CC HM PN TF'.split(' '),
    );
  });
});

describe('isRestrictedCountry', () => {
  it.each(['RU', 'UA', 'TF', 'ru', ' KP '])('restricts %j', (code) => {
    expect(isRestrictedCountry(code)).toBe(true);
  });

  it.each(['IT', 'US', 'CH', 'GB', 'UY', ''])('allows %j', (code) => {
    expect(isRestrictedCountry(code)).toBe(false);
  });
});

describe('isItaly', () => {
  it.each(['IT', 'it', ' IT '])('is true for %j', (code) => expect(isItaly(code)).toBe(true));
  it.each(['SM', 'VA', '', 'ITA'])('is false for %j', (code) => expect(isItaly(code)).toBe(false));
});
