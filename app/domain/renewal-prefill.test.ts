import { describe, expect, it } from 'vitest';
import { renewalPrefill, type RenewalPreferences } from './renewal-prefill';
import type { PostalAddress } from './shipping';

const HOME: PostalAddress = {
  firstName: 'Mario',
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

const NONE: RenewalPreferences = { preferredVariantSize: null, shippingAddress: null, billingAddress: null };
const VIRTUAL = { variants: [], shipsHome: false };
const SHIPPED = { variants: [], shipsHome: true };
const SIZED = {
  variants: [
    { id: 'kit-44', variantSize: 44, stockQty: 3 },
    { id: 'kit-48', variantSize: 48, stockQty: 0 },
  ],
  shipsHome: true,
};

describe('renewalPrefill', () => {
  it('takes nothing when there is no preference: the cart asks for an address as for any item', () => {
    expect(renewalPrefill(NONE, SHIPPED, new Set())).toEqual({ ok: true, value: { variantId: null, shipping: null, billingAddressId: null } });
  });

  it('ships to the preferred address while it is in the fan’s book, else to the copy kept with the preference', () => {
    const preferences = { ...NONE, shippingAddress: { ...HOME, addressId: 'a1' } };
    expect(renewalPrefill(preferences, SHIPPED, new Set(['a1']))).toMatchObject({ value: { shipping: { kind: 'saved', addressId: 'a1' } } });
    expect(renewalPrefill(preferences, SHIPPED, new Set(['a2']))).toMatchObject({ value: { shipping: { kind: 'temporary', address: HOME } } });
  });

  it('ships nothing for a product that is not shipped, whatever the preference', () => {
    const preferences = { ...NONE, shippingAddress: { ...HOME, addressId: 'a1' } };
    expect(renewalPrefill(preferences, VIRTUAL, new Set(['a1']))).toMatchObject({ value: { shipping: null } });
  });

  it('bills the preferred address only while it is still one of the fan’s', () => {
    const preferences = { ...NONE, billingAddress: { ...HOME, addressId: 'b1' } };
    expect(renewalPrefill(preferences, VIRTUAL, new Set(['b1']))).toMatchObject({ value: { billingAddressId: 'b1' } });
    expect(renewalPrefill(preferences, VIRTUAL, new Set())).toMatchObject({ value: { billingAddressId: null } });
  });

  it('picks the variant of the preferred size; a product with sizes needs one that is sold', () => {
    expect(renewalPrefill({ ...NONE, preferredVariantSize: 44 }, SIZED, new Set())).toMatchObject({ value: { variantId: 'kit-44' } });
    expect(renewalPrefill(NONE, SIZED, new Set())).toEqual({ ok: false, problem: 'sizeMissing' });
    expect(renewalPrefill({ ...NONE, preferredVariantSize: 48 }, SIZED, new Set())).toEqual({ ok: false, problem: 'sizeUnavailable' });
    expect(renewalPrefill({ ...NONE, preferredVariantSize: 52 }, SIZED, new Set())).toEqual({ ok: false, problem: 'sizeUnavailable' });
  });

  it('ignores a preferred size for a product without sizes', () => {
    expect(renewalPrefill({ ...NONE, preferredVariantSize: 44 }, VIRTUAL, new Set())).toMatchObject({ ok: true, value: { variantId: null } });
  });
});
