import { describe, expect, it } from 'vitest';
import {
  applyAddressClearingRules,
  applyHolderClearingRules,
  clearOnAddressCountryChange,
  clearOnBirthCountryChange,
  clearOnBirthDateChange,
  clearOnBirthProvinceChange,
  isRestrictedCountry,
  isValidZip,
  requiredAddressFields,
  RESTRICTED_COUNTRY_CODES,
} from './address-rules';

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

describe('isValidZip', () => {
  it.each(['00184', '10121', 'SW1A 1AA', '1000', '123456789', ' 20121 '])('accepts %j', (zip) => {
    expect(isValidZip(zip)).toBe(true);
  });

  it.each(['', '   ', '1234567890', '12345-67890'])('refuses %j', (zip) => {
    expect(isValidZip(zip)).toBe(false);
  });
});

describe('requiredAddressFields', () => {
  const common = ['firstName', 'lastName', 'phone', 'street', 'city', 'country', 'countryCode', 'postalCode'];

  it('adds the province in Italy', () => {
    expect(requiredAddressFields('IT')).toEqual([...common, 'state']);
    expect(requiredAddressFields('it')).toEqual([...common, 'state']);
  });

  it('leaves the province optional elsewhere', () => {
    expect(requiredAddressFields('FR')).toEqual(common);
    expect(requiredAddressFields('')).toEqual(common);
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

describe('holder clearing rules, one at a time', () => {
  it('birth date: clears province and city, keeps the tax code', () => {
    expect(clearOnBirthDateChange(bornInTurin)).toEqual({ ...bornInTurin, ...noProvinceNoCity });
  });

  it('birth country: clears province, city and tax code', () => {
    expect(clearOnBirthCountryChange(bornInTurin)).toEqual({ ...bornInTurin, ...noProvinceNoCity, taxCode: '' });
  });

  it('province: clears the city only', () => {
    expect(clearOnBirthProvinceChange(bornInTurin)).toEqual({ ...bornInTurin, birthCity: '', birthCityCode: '' });
  });

  it('does not add fields the record lacks', () => {
    expect(clearOnBirthCountryChange({ dob: '2001-02-28', birthCity: 'Lyon' })).toEqual({
      dob: '2001-02-28',
      birthCity: '',
    });
  });

  it('leaves the input untouched', () => {
    const copy = { ...bornInTurin };
    clearOnBirthCountryChange(bornInTurin);
    expect(bornInTurin).toEqual(copy);
  });
});

describe('applyHolderClearingRules', () => {
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
  it('clears state, region, city, city code, zip and postal code', () => {
    expect(clearOnAddressCountryChange(romeAddress)).toEqual({ ...romeAddress, ...noLocation });
  });

  it('applies when the country changed', () => {
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
