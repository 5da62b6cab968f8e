import { describe, expect, it } from 'vitest';
import { countryRestriction, isAvailableInCountry, isSoldOut, purchaseActions, restrictionNoticeFor } from './availability';
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

describe('whom the product page shows a country rule (issue 30)', () => {
  const onlyItaly = aProduct('a', { availableInCountries: ['IT', 'SM'] });
  const notUs = aProduct('b', { notAvailableInCountries: ['US'] });
  const ONLY_ITALY = { kind: 'only-in', countryCodes: ['IT', 'SM'] };
  const NOT_US = { kind: 'not-in', countryCodes: ['US'] };

  it('shows nothing of a product without a rule, to anyone', () => {
    for (const countries of [null, [], ['US'], ['KP']]) expect(restrictionNoticeFor(aProduct('c'), countries)).toEqual({ kind: 'none' });
  });

  it('keeps a neutral line when whom it concerns is not known: nobody signed in, or no saved address', () => {
    expect(restrictionNoticeFor(onlyItaly, null)).toEqual({ kind: 'neutral', rule: ONLY_ITALY });
    expect(restrictionNoticeFor(notUs, [])).toEqual({ kind: 'neutral', rule: NOT_US });
  });

  it('shows nothing to a fan every one of whose addresses it admits', () => {
    expect(restrictionNoticeFor(onlyItaly, ['IT'])).toEqual({ kind: 'none' });
    expect(restrictionNoticeFor(onlyItaly, ['IT', 'sm', 'IT'])).toEqual({ kind: 'none' });
    expect(restrictionNoticeFor(notUs, ['IT', 'CA', 'FR'])).toEqual({ kind: 'none' });
  });

  it('warns a fan one of whose addresses it refuses, naming those countries once each, in the order given', () => {
    expect(restrictionNoticeFor(onlyItaly, ['FR'])).toEqual({ kind: 'concerns', rule: ONLY_ITALY, countryCodes: ['FR'] });
    expect(restrictionNoticeFor(onlyItaly, ['IT', 'de', 'FR', 'DE'])).toEqual({ kind: 'concerns', rule: ONLY_ITALY, countryCodes: ['DE', 'FR'] });
    expect(restrictionNoticeFor(notUs, ['IT', 'us'])).toEqual({ kind: 'concerns', rule: NOT_US, countryCodes: ['US'] });
  });

  it('judges only the product’s own rule: the shop’s restricted countries are the cart’s business', () => {
    expect(restrictionNoticeFor(notUs, ['RU'])).toEqual({ kind: 'none' });
    expect(restrictionNoticeFor(onlyItaly, ['RU'])).toEqual({ kind: 'concerns', rule: ONLY_ITALY, countryCodes: ['RU'] });
  });
});
