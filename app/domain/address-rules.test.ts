import { describe, expect, it } from 'vitest';
import {
  canAddAddress,
  MAX_ADDRESSES_PER_FAN,
  applyAddressClearingRules,
  applyHolderClearingRules,
  isValidZip,
} from './address-rules';

describe('isValidZip', () => {
  it.each(['00184', '10121', 'SW1A 1AA', '1000', '123456789', ' 20121 '])('accepts %j', (zip) => {
    expect(isValidZip(zip)).toBe(true);
  });

  it.each(['', '   ', '1234567890', '12345-67890'])('refuses %j', (zip) => {
    expect(isValidZip(zip)).toBe(false);
  });
});

// A holder born in Turin, with data as the lookups fill it in.
const bornInTurin = {
  firstName: 'Anna',
  dob: '2001-02-28',
  birthCountryCode: 'IT',
  birthCountry: 'Italia',
  birthProvince: 'Torino',
  birthProvinceCode: 'TO',
  provinceId: '84',
  birthCity: 'Torino',
  birthCityCode: 'L219',
  taxCode: 'DLLNMR01B68L219F',
};
const noProvinceNoCity = { birthProvince: '', birthProvinceCode: '', provinceId: '', birthCity: '', birthCityCode: '' };

describe('applyHolderClearingRules', () => {
  it('does not add fields the record lacks', () => {
    const previous = { dob: '2001-02-28', birthCountryCode: 'FR', birthCity: 'Lyon' };
    expect(applyHolderClearingRules(previous, { ...previous, birthCountryCode: 'CH' })).toEqual({
      dob: '2001-02-28',
      birthCountryCode: 'CH',
      birthCity: '',
    });
  });

  it('leaves its inputs untouched', () => {
    const next = { ...bornInTurin, birthCountryCode: 'FR' };
    const [previousCopy, nextCopy] = [{ ...bornInTurin }, { ...next }];
    applyHolderClearingRules(bornInTurin, next);
    expect([bornInTurin, next]).toEqual([previousCopy, nextCopy]);
  });

  it('changes nothing when no trigger field changed', () => {
    const next = { ...bornInTurin, firstName: 'Anna Maria', taxCode: 'DLLNMR01B68L219X' };
    expect(applyHolderClearingRules(bornInTurin, next)).toEqual(next);
  });

  it('clears province and city after a new birth date', () => {
    const next = { ...bornInTurin, dob: '2001-03-01' };
    expect(applyHolderClearingRules(bornInTurin, next)).toEqual({ ...next, ...noProvinceNoCity });
  });

  it('clears province, city and tax code after a new birth country', () => {
    const next = { ...bornInTurin, birthCountryCode: 'FR', birthCountry: 'Francia' };
    expect(applyHolderClearingRules(bornInTurin, next)).toEqual({ ...next, ...noProvinceNoCity, taxCode: '' });
  });

  it('clears the city after a new province picked from the list', () => {
    const next = { ...bornInTurin, birthProvince: 'Milano', birthProvinceCode: 'MI', provinceId: '56' };
    expect(applyHolderClearingRules(bornInTurin, next)).toEqual({ ...next, birthCity: '', birthCityCode: '' });
  });

  it('clears the city after a new free-text province abroad', () => {
    const abroad = { dob: '1988-10-09', birthCountryCode: 'CN', birthProvince: 'Hubei', birthCity: 'Wuhan' };
    const next = { ...abroad, birthProvince: 'Hunan' };
    expect(applyHolderClearingRules(abroad, next)).toEqual({ ...next, birthCity: '' });
  });

  it('keeps a dependent field changed in the same step', () => {
    const next = { ...bornInTurin, birthProvinceCode: 'MI', birthCity: 'Milano', birthCityCode: 'F205' };
    expect(applyHolderClearingRules(bornInTurin, next)).toEqual(next);
  });

  it('keeps what was typed for a field that has just been cleared', () => {
    const cleared = applyHolderClearingRules(bornInTurin, { ...bornInTurin, birthCountryCode: 'CH' });
    const next = { ...cleared, birthCity: 'Lugano' };
    expect(applyHolderClearingRules(cleared, next)).toEqual(next);
  });
});

// An address in Rome as the lookups fill it in.
const romeAddress = {
  firstName: 'Mario',
  lastName: 'Rossi',
  phone: '00393331234567',
  street: 'Via Appia Nuova 12',
  countryCode: 'IT',
  country: 'Italia',
  state: 'RM',
  subAdministrativeArea: 'Lazio',
  provinceId: '58',
  city: 'Roma',
  cityCode: 'H501',
  zip: '00183',
  postalCode: '00183',
};
const noLocation = {
  state: '',
  subAdministrativeArea: '',
  provinceId: '',
  city: '',
  cityCode: '',
  zip: '',
  postalCode: '',
};

describe('address country clearing', () => {
  it('clears state, region, city, city code, zip and postal code when the country changed', () => {
    const next = { ...romeAddress, countryCode: 'FR', country: 'Francia' };
    expect(applyAddressClearingRules(romeAddress, next)).toEqual({ ...next, ...noLocation });
  });

  it('keeps the location when the country did not change', () => {
    const next = { ...romeAddress, city: 'Fiumicino', zip: '00054', postalCode: '00054' };
    expect(applyAddressClearingRules(romeAddress, next)).toEqual(next);
  });

  it('keeps location fields changed together with the country', () => {
    const next = { ...romeAddress, countryCode: 'CH', city: 'Lugano', zip: '6900' };
    expect(applyAddressClearingRules(romeAddress, next)).toEqual({
      ...next,
      state: '',
      subAdministrativeArea: '',
      provinceId: '',
      cityCode: '',
      postalCode: '',
    });
  });
});

describe('canAddAddress', () => {
  it('lets a fan add addresses up to the cap, and no more', () => {
    expect(MAX_ADDRESSES_PER_FAN).toBe(20);
    expect(canAddAddress(0)).toBe(true);
    expect(canAddAddress(19)).toBe(true);
    expect(canAddAddress(20)).toBe(false);
    expect(canAddAddress(21)).toBe(false);
  });
});
