import { describe, expect, it } from 'vitest';
import { summariseAddress, type StoredAddress } from './address-summary';

const stored: StoredAddress = {
  id: 'a-1',
  firstName: 'Ada',
  lastName: 'Rossi',
  phone: '00393331234567',
  street: 'Via Roma',
  number: '12',
  extraInfo: null,
  countryCode: 'IT',
  provinceCode: 'TO',
  state: 'Torino',
  city: 'Moncalieri',
  postalCode: '10024',
  isPreferred: true,
};

describe('summariseAddress', () => {
  it('shows an Italian address with the province acronym and a readable phone', () => {
    expect(summariseAddress(stored, 'Italia')).toEqual({
      id: 'a-1',
      name: 'Ada Rossi',
      street: 'Via Roma 12',
      extraInfo: null,
      place: '10024 Moncalieri (TO)',
      country: 'Italia',
      countryCode: 'IT',
      phone: '+39 333 123 4567',
      isPreferred: true,
      restricted: false,
    });
  });

  it('shows a free-text state after the city, and no number when there is none', () => {
    const summary = summariseAddress(
      { ...stored, countryCode: 'US', provinceCode: null, state: 'CA', city: 'San Francisco', postalCode: '94103', number: null },
      'United States',
    );
    expect(summary).toMatchObject({ street: 'Via Roma', place: '94103 San Francisco, CA' });
  });

  it('shows no province for the EE a billing address gets abroad: it is an invoicing placeholder, not the fan’s', () => {
    const paris = { ...stored, countryCode: 'FR', provinceCode: null, city: 'Paris', postalCode: '75001' };
    expect(summariseAddress({ ...paris, state: 'EE' }, 'Francia').place).toBe('75001 Paris');
    expect(summariseAddress({ ...paris, state: ' EE ' }, 'Francia').place).toBe('75001 Paris');
    expect(summariseAddress({ ...paris, state: 'Île-de-France' }, 'Francia').place).toBe('75001 Paris, Île-de-France');
  });

  it('flags restricted countries and keeps an unusual phone as stored', () => {
    const summary = summariseAddress({ ...stored, countryCode: 'RU', provinceCode: null, state: null, phone: 'ab12' }, 'Russia');
    expect(summary).toMatchObject({ restricted: true, place: '10024 Moncalieri', phone: 'ab12' });
  });
});
