import { describe, expect, it } from 'vitest';
import {
  FOREIGN_BILLING_STATE,
  billingAddressOf,
  billingStateOf,
  chooseBillingAddressId,
  isBillingAddressRequired,
  itemsRefusedByBillingCountry,
  showsTaxCode,
  writtenStateOf,
} from './billing';
import type { PostalAddress } from './shipping';

const TURIN: PostalAddress = {
  firstName: 'Ada',
  lastName: 'Rossi',
  phone: '00393331234567',
  street: 'Via Roma',
  number: '1',
  extraInfo: null,
  countryCode: 'IT',
  provinceCode: 'TO',
  state: 'Torino',
  region: 'Piemonte',
  city: 'Torino',
  cityCode: 'L219',
  postalCode: '10121',
};
const PARIS: PostalAddress = { ...TURIN, countryCode: 'FR', provinceCode: null, state: null, region: null, city: 'Paris', cityCode: null, postalCode: '75001' };

describe('billing state', () => {
  it('keeps the Italian province', () => {
    expect(billingStateOf(TURIN)).toBe('Torino');
  });

  it('is EE abroad when the fan wrote no state (spec §9), and theirs when they did', () => {
    expect(FOREIGN_BILLING_STATE).toBe('EE');
    expect(billingStateOf(PARIS)).toBe('EE');
    expect(billingStateOf({ ...PARIS, state: '   ' })).toBe('EE');
    expect(billingStateOf({ ...PARIS, state: ' Île-de-France ' })).toBe('Île-de-France');
  });

  it('makes the order’s billing address with its id', () => {
    expect(billingAddressOf('a1', PARIS)).toEqual({ ...PARIS, addressId: 'a1', state: 'EE' });
  });

  it('shows the state the fan wrote: not the EE billing fills in abroad', () => {
    expect(writtenStateOf(billingAddressOf('a1', PARIS))).toBeNull();
    expect(writtenStateOf({ ...PARIS, state: ' Île-de-France ' })).toBe('Île-de-France');
    expect(writtenStateOf({ ...PARIS, state: '' })).toBeNull();
    expect(writtenStateOf(TURIN)).toBe('Torino');
  });
});

describe('the tax code on checkout', () => {
  it('is shown only for an Italian billing country', () => {
    expect(showsTaxCode('IT')).toBe(true);
    expect(showsTaxCode('SM')).toBe(false);
    expect(showsTaxCode('FR')).toBe(false);
    expect(showsTaxCode(null)).toBe(false);
  });
});

describe('which address bills the cart', () => {
  const owned = new Set(['q', 'c', 'p']);

  it('takes the chooser’s, then the cart’s, then the preferred one', () => {
    expect(chooseBillingAddressId({ fromQuery: 'q', onCart: 'c', preferred: 'p' }, owned)).toBe('q');
    expect(chooseBillingAddressId({ fromQuery: null, onCart: 'c', preferred: 'p' }, owned)).toBe('c');
    expect(chooseBillingAddressId({ fromQuery: null, onCart: null, preferred: 'p' }, owned)).toBe('p');
    expect(chooseBillingAddressId({ fromQuery: null, onCart: null, preferred: null }, owned)).toBeNull();
  });

  it('skips an id that is not the fan’s (someone else’s, deleted)', () => {
    expect(chooseBillingAddressId({ fromQuery: 'someone-else', onCart: 'gone', preferred: 'p' }, owned)).toBe('p');
    expect(chooseBillingAddressId({ fromQuery: 'someone-else', onCart: null, preferred: null }, owned)).toBeNull();
  });
});

describe('the country rules the billing address answers', () => {
  // Stadium: virtual, sold only in Italy, San Marino and the Vatican; J1897: ships, not sold in the US.
  const stadium = { id: 'stadium', needsShipping: false, product: { availableInCountries: ['IT', 'SM', 'VA'], notAvailableInCountries: null } };
  const j1897Shipped = { id: 'j1897', needsShipping: true, product: { availableInCountries: null, notAvailableInCountries: ['US'] } };
  const j1897Gift = { ...j1897Shipped, id: 'j1897-gift', needsShipping: false };
  const kids = { id: 'kids', needsShipping: false, product: { availableInCountries: null, notAvailableInCountries: null } };
  const ids = (items: readonly { id: string }[]) => items.map((item) => item.id);

  it.each([
    ['IT', []],
    ['sm', []],
    ['VA', []],
    ['FR', ['stadium']],
    ['US', ['stadium', 'j1897-gift']],
  ])('billed in %s refuses %j', (country, refused) => {
    expect(ids(itemsRefusedByBillingCountry([stadium, j1897Shipped, j1897Gift, kids], country))).toEqual(refused);
  });

  it('leaves an item that ships to its shipping address, and one without a rule to any country', () => {
    expect(itemsRefusedByBillingCountry([j1897Shipped, kids], 'US')).toEqual([]);
  });

  it('needs a billing address to pay, and for an item it answers even when nothing is paid', () => {
    expect(isBillingAddressRequired(1, [kids])).toBe(true);
    expect(isBillingAddressRequired(0, [kids, j1897Shipped])).toBe(false);
    expect(isBillingAddressRequired(0, [stadium])).toBe(true);
    expect(isBillingAddressRequired(0, [])).toBe(false);
  });
});
