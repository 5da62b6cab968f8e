import { describe, expect, it } from 'vitest';
import {
  hasBirthPlace,
  isTaxCodeRequired,
  missingForPurchase,
  missingProfileParts,
  profileCompletionHref,
  parseRequestedFields,
  requiredProfileParts,
  type ProfileSnapshot,
} from './profile-completeness';

const empty: ProfileSnapshot = {
  dob: null,
  gender: null,
  phone: null,
  birthCountryCode: null,
  birthProvinceCode: null,
  birthCityCode: null,
  taxCode: null,
};
const bornInRome: ProfileSnapshot = {
  dob: '1980-01-01',
  gender: 'M',
  phone: null,
  birthCountryCode: 'IT',
  birthProvinceCode: 'RM',
  birthCityCode: 'H501',
  taxCode: 'RSSMRA80A01H501U',
};

describe('parseRequestedFields', () => {
  it('reads comma-separated and repeated values in any case, once each', () => {
    expect(parseRequestedFields(['taxcode'])).toEqual(['taxcode']);
    expect(parseRequestedFields(['Phone, TAXCODE', 'taxcode'])).toEqual(['taxcode', 'phone']);
  });

  it('ignores unknown, empty and oversized values', () => {
    expect(parseRequestedFields([])).toEqual([]);
    expect(parseRequestedFields(['', 'password', '<script>'])).toEqual([]);
    expect(parseRequestedFields([`taxcode,${'x'.repeat(300)}`])).toEqual([]);
  });
});

describe('requiredProfileParts', () => {
  it('always wants date of birth, gender and birth place', () => {
    expect(requiredProfileParts([], 'FR')).toEqual(['dob', 'gender', 'birthPlace']);
  });

  it('wants the tax code when asked for or when born in Italy, the phone only when asked for', () => {
    expect(requiredProfileParts(['taxcode'], 'FR')).toEqual(['dob', 'gender', 'birthPlace', 'taxCode']);
    expect(requiredProfileParts([], 'it')).toEqual(['dob', 'gender', 'birthPlace', 'taxCode']);
    expect(requiredProfileParts(['phone'], 'FR')).toEqual(['dob', 'gender', 'phone', 'birthPlace']);
  });

  it('does not want the tax code of a foreign-born fan nobody asked it of, nor with no country yet', () => {
    expect(isTaxCodeRequired([], 'FR')).toBe(false);
    expect(isTaxCodeRequired([], null)).toBe(false);
    expect(isTaxCodeRequired(['taxcode'], null)).toBe(true);
  });
});

describe('missingProfileParts', () => {
  it('lists everything for a new fan asked for the tax code', () => {
    expect(missingProfileParts(empty, ['taxcode'])).toEqual(['dob', 'gender', 'birthPlace', 'taxCode']);
  });

  it('finds nothing missing in a complete Italian profile, whatever is asked but the phone', () => {
    expect(missingProfileParts(bornInRome, ['taxcode'])).toEqual([]);
    expect(missingProfileParts(bornInRome, ['phone'])).toEqual(['phone']);
  });

  it('treats blank values as missing', () => {
    expect(missingProfileParts({ ...bornInRome, taxCode: '  ', dob: '' }, [])).toEqual(['dob', 'taxCode']);
  });

  it('needs the province and municipality only for an Italian birth place', () => {
    expect(hasBirthPlace({ ...bornInRome, birthCityCode: null })).toBe(false);
    expect(hasBirthPlace({ ...bornInRome, birthProvinceCode: '' })).toBe(false);
    expect(hasBirthPlace({ ...empty, birthCountryCode: 'FR' })).toBe(true);
    expect(missingProfileParts({ ...bornInRome, birthCountryCode: 'FR', birthCityCode: null, taxCode: null }, [])).toEqual([]);
  });
});

describe('missingForPurchase', () => {
  it('asks what the checkout asks (birth data and tax code), never the phone', () => {
    expect(missingForPurchase(empty)).toEqual(['dob', 'gender', 'birthPlace', 'taxCode']);
    expect(missingForPurchase({ ...bornInRome, phone: null })).toEqual([]);
    expect(missingForPurchase({ ...bornInRome, taxCode: null })).toEqual(['taxCode']);
  });

  it('sends the fan to complete exactly that, and back', () => {
    expect(profileCompletionHref('/cart?x=1')).toBe('/account/profile/complete?fields=taxcode&redirectUri=%2Fcart%3Fx%3D1');
  });
});
