import { describe, expect, it } from 'vitest';
import { FOREIGN_BILLING_STATE, billingAddressOf, billingStateOf, chooseBillingAddressId, showsTaxCode, writtenStateOf } from './billing';
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
