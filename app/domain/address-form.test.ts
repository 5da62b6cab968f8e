import { describe, expect, it } from 'vitest';
import { clearStaleAddressLocation, type AddressFormLocation } from './address-form';

const turin: AddressFormLocation = {
  countryCode: 'IT',
  provinceCode: 'TO',
  state: '',
  cityCode: 'L219',
  city: '',
  postalCode: '10121',
};

const paris: AddressFormLocation = {
  countryCode: 'FR',
  provinceCode: '',
  state: 'Île-de-France',
  cityCode: '',
  city: 'Paris',
  postalCode: '75001',
};

describe('clearStaleAddressLocation', () => {
  it('changes nothing when nothing changed', () => {
    expect(clearStaleAddressLocation(turin, turin)).toEqual(turin);
    expect(clearStaleAddressLocation(paris, paris)).toEqual(paris);
  });

  it('clears province, city and zip when the country changes', () => {
    expect(clearStaleAddressLocation(turin, { ...turin, countryCode: 'FR' })).toEqual({
      countryCode: 'FR',
      provinceCode: '',
      state: '',
      cityCode: '',
      city: '',
      postalCode: '',
    });
    expect(clearStaleAddressLocation(paris, { ...paris, countryCode: 'DE' })).toEqual({
      ...paris,
      countryCode: 'DE',
      state: '',
      city: '',
      postalCode: '',
    });
  });

  it('keeps what was typed in the same step as the country change', () => {
    const next = { ...turin, countryCode: 'FR', city: 'Lyon', postalCode: '69001' };
    expect(clearStaleAddressLocation(turin, next)).toMatchObject({ city: 'Lyon', postalCode: '69001', cityCode: '' });
  });

  it('clears the city (and with it the zip) when the Italian province changes', () => {
    expect(clearStaleAddressLocation(turin, { ...turin, provinceCode: 'RM' })).toEqual({
      ...turin,
      provinceCode: 'RM',
      cityCode: '',
      postalCode: '',
    });
  });

  it('clears a city picked from the old province’s list in the same step', () => {
    expect(clearStaleAddressLocation(turin, { ...turin, provinceCode: 'RM', cityCode: 'H501' }).cityCode).toBe('');
  });

  it('keeps the zip when only the Italian city changes', () => {
    expect(clearStaleAddressLocation(turin, { ...turin, cityCode: 'F335' })).toEqual({ ...turin, cityCode: 'F335' });
  });

  it('leaves no zip on an Italian address without a city', () => {
    const noCity = { ...turin, cityCode: '', postalCode: '10121' };
    expect(clearStaleAddressLocation(noCity, noCity).postalCode).toBe('');
  });

  it('does not apply the Italian rules elsewhere: a free-text state may change alone', () => {
    expect(clearStaleAddressLocation(paris, { ...paris, state: 'Paris' })).toEqual({ ...paris, state: 'Paris' });
  });
});
