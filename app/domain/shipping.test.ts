import { describe, expect, it } from 'vitest';
import { initialShippingAddressId, needsShipping, SHIPPING_RATE_CENTS, shippingCostCents, shippingRestriction, shippingZoneOf } from './shipping';

const anywhere = { availableInCountries: null, notAvailableInCountries: null };

describe('needsShipping', () => {
  it('ships a physical product bought or redeemed with a coupon, never a virtual one or a gift', () => {
    expect(needsShipping({ virtual: false, process: 'buy' })).toBe(true);
    expect(needsShipping({ virtual: false, process: 'coupon' })).toBe(true);
    expect(needsShipping({ virtual: false, process: 'gift' })).toBe(false);
    expect(needsShipping({ virtual: true, process: 'buy' })).toBe(false);
  });
});

describe('initialShippingAddressId', () => {
  const preferred = { id: 'a1', countryCode: 'IT' };
  const notInUs = { availableInCountries: null, notAvailableInCountries: ['US'] };

  it("gives an item that ships the fan's preferred address", () => {
    expect(initialShippingAddressId({ virtual: false, process: 'buy' }, anywhere, preferred)).toBe('a1');
    expect(initialShippingAddressId({ virtual: false, process: 'upgrade' }, notInUs, preferred)).toBe('a1');
  });

  it('gives none without a preferred address, or to an item that ships nothing', () => {
    expect(initialShippingAddressId({ virtual: false, process: 'buy' }, anywhere, null)).toBeNull();
    expect(initialShippingAddressId({ virtual: true, process: 'buy' }, anywhere, preferred)).toBeNull();
    expect(initialShippingAddressId({ virtual: false, process: 'gift' }, anywhere, preferred)).toBeNull();
  });

  it("gives none when the product may not go to the preferred address's country", () => {
    expect(initialShippingAddressId({ virtual: false, process: 'buy' }, notInUs, { id: 'a2', countryCode: 'US' })).toBeNull();
    expect(initialShippingAddressId({ virtual: false, process: 'buy' }, anywhere, { id: 'a3', countryCode: 'RU' })).toBeNull();
    expect(initialShippingAddressId({ virtual: false, process: 'buy' }, { availableInCountries: ['IT'], notAvailableInCountries: null }, { id: 'a4', countryCode: 'FR' })).toBeNull();
  });
});

describe('shippingRestriction', () => {
  it('refuses the restricted countries for every product', () => {
    expect(shippingRestriction(anywhere, 'RU')).toBe('restrictedCountry');
    expect(shippingRestriction(anywhere, 'KP')).toBe('restrictedCountry');
    expect(shippingRestriction(anywhere, 'IT')).toBeNull();
  });

  it("follows a product's only-in and not-in lists", () => {
    expect(shippingRestriction({ availableInCountries: null, notAvailableInCountries: ['US'] }, 'US')).toBe('notAvailableForProduct');
    expect(shippingRestriction({ availableInCountries: null, notAvailableInCountries: ['US'] }, 'FR')).toBeNull();
    expect(shippingRestriction({ availableInCountries: ['IT', 'SM', 'VA'], notAvailableInCountries: null }, 'FR')).toBe('notAvailableForProduct');
    expect(shippingRestriction({ availableInCountries: ['IT', 'SM', 'VA'], notAvailableInCountries: null }, 'SM')).toBeNull();
  });

  it('says "restricted" first when a country is both restricted and outside the product’s list', () => {
    expect(shippingRestriction({ availableInCountries: ['IT'], notAvailableInCountries: null }, 'RU')).toBe('restrictedCountry');
  });
});

describe('shipping zones and cost', () => {
  it('puts San Marino and the Vatican with Italy, the EU members together, and everything else in the world zone', () => {
    expect(['IT', 'SM', 'VA'].map(shippingZoneOf)).toEqual(['italy', 'italy', 'italy']);
    expect(['FR', 'DE', 'HR', 'ie'].map(shippingZoneOf)).toEqual(['eu', 'eu', 'eu', 'eu']);
    // Close to the EU but not in it.
    expect(['CH', 'GB', 'NO', 'US'].map(shippingZoneOf)).toEqual(['world', 'world', 'world', 'world']);
  });

  it('charges each distinct destination once, at its zone’s rate, and nothing when nothing ships', () => {
    expect(shippingCostCents([])).toBe(0);
    expect(SHIPPING_RATE_CENTS).toEqual({ italy: 500, eu: 900, world: 1500 });
    const home = { key: 'address:1', countryCode: 'IT' };
    expect(shippingCostCents([home, home, home])).toBe(500);
    expect(shippingCostCents([home, { key: 'item:2', countryCode: 'IT' }])).toBe(1000);
    expect(shippingCostCents([home, { key: 'item:2', countryCode: 'FR' }, { key: 'item:3', countryCode: 'US' }])).toBe(500 + 900 + 1500);
  });
});
