import { describe, expect, it } from 'vitest';
import { countryRestriction, isAvailableInCountry, isSoldOut, purchaseActions } from './availability';
import { aProduct } from './testing/catalogue-product';

describe('isSoldOut and purchaseActions', () => {
  it('offers buy and gift for a priced, available product', () => {
    expect(purchaseActions(aProduct('a', { tags: ['membership'] }))).toEqual({ kind: 'buy-or-gift', gift: true });
  });

  it('offers the club card to buy, not as a gift (its holder sends documents)', () => {
    expect(purchaseActions(aProduct('a', { tags: ['jcard'] }))).toEqual({ kind: 'buy-or-gift', gift: false });
  });

  it('offers only a coupon for a product without a price', () => {
    expect(purchaseActions(aProduct('a', { priceCents: null }))).toEqual({ kind: 'coupon' });
  });

  it.each([
    ['the soldOut flag', { soldOut: true }],
    ['availability not_available', { availability: 'not_available' as const }],
    ['either, even without a price', { soldOut: true, priceCents: null }],
  ])('is sold out by %s', (_label, overrides) => {
    const product = aProduct('a', overrides);
    expect(isSoldOut(product)).toBe(true);
    expect(purchaseActions(product)).toEqual({ kind: 'sold-out' });
  });
});

describe('country restrictions', () => {
  const onlyItaly = aProduct('a', { availableInCountries: ['IT', 'SM'] });
  const notUs = aProduct('b', { notAvailableInCountries: ['US'] });

  it('reads the available-only list', () => {
    expect(countryRestriction(onlyItaly)).toEqual({ kind: 'only-in', countryCodes: ['IT', 'SM'] });
    expect(isAvailableInCountry(onlyItaly, 'IT')).toBe(true);
    expect(isAvailableInCountry(onlyItaly, 'sm')).toBe(true);
    expect(isAvailableInCountry(onlyItaly, 'FR')).toBe(false);
  });

  it('reads the not-available list', () => {
    expect(countryRestriction(notUs)).toEqual({ kind: 'not-in', countryCodes: ['US'] });
    expect(isAvailableInCountry(notUs, 'US')).toBe(false);
    expect(isAvailableInCountry(notUs, 'IT')).toBe(true);
  });

  it('treats missing or empty lists as no restriction', () => {
    expect(countryRestriction(aProduct('c'))).toBeNull();
    expect(countryRestriction(aProduct('d', { availableInCountries: [], notAvailableInCountries: [] }))).toBeNull();
    expect(isAvailableInCountry(aProduct('c'), 'KP')).toBe(true);
  });
});
