import { describe, expect, it } from 'vitest';
import type { AddressDraft } from '../../domain/address-check';
import type { PostalAddress } from '../../domain/shipping';
import { canCheckout } from '../../domain/cart-summary';
import { cartNotice, modifyHref } from './cart.server';
import { isUnchanged } from './item-address.server';

describe('cartNotice', () => {
  it('says what was done, with the cart snackbar timing', () => {
    expect(cartNotice({ key: 'cart:notice.removed', values: { name: 'Kids' } }, { removedWithoutDocuments: [] }, 'en')).toEqual({
      key: 'cart:notice.removed',
      values: { name: 'Kids' },
      timing: 'cart',
    });
  });

  it('names the cards the cart rules removed for missing documents, in the page language', () => {
    const effects = { removedWithoutDocuments: [{ it: 'Carta del club', en: 'Club Card' }] };
    expect(cartNotice({ key: 'cart:notice.voucherApplied' }, effects, 'it')).toEqual({
      key: 'cart:notice.removedWithoutDocuments',
      values: { names: 'Carta del club' },
      timing: 'cart',
    });
  });
});

describe('the cart page helpers', () => {
  it('modifies an item through its own configure process, prefilled', () => {
    expect(modifyHref({ id: '0b7f5c3e-9a51-4c8e-8d2a-2f1e6f0a9b11', productId: 'black-and-white', process: 'gift', previousMembership: null })).toBe(
      '/products/black-and-white/configure/gift?cartItem=0b7f5c3e-9a51-4c8e-8d2a-2f1e6f0a9b11',
    );
  });

  it('modifies an upgrade or a renewal on its own page, named by the membership it follows', () => {
    const previousMembership = { id: '5d0c2b1a-0000-4000-8000-000000000001', code: 'JM0123456789', season: '2025/26' };
    const item = { id: '0b7f5c3e-9a51-4c8e-8d2a-2f1e6f0a9b11', productId: 'j1897', previousMembership };
    expect(modifyHref({ ...item, process: 'upgrade' })).toBe('/products/j1897/upgrade/JM0123456789?cartItem=0b7f5c3e-9a51-4c8e-8d2a-2f1e6f0a9b11');
    expect(modifyHref({ ...item, process: 'renewal' })).toBe('/products/j1897/renewal/JM0123456789?cartItem=0b7f5c3e-9a51-4c8e-8d2a-2f1e6f0a9b11');
  });

  it('lets the cart go to checkout only when nothing blocks it', () => {
    expect(canCheckout([])).toBe(true);
    expect(canCheckout(['addressesMissing'])).toBe(false);
  });
});

describe('isUnchanged (spec §4: Confirm sends the values only if something changed)', () => {
  const stored: PostalAddress = {
    firstName: 'Mario',
    lastName: 'Rossi',
    phone: '00390212345678',
    street: 'Corso Como',
    number: '5',
    extraInfo: null,
    countryCode: 'IT',
    provinceCode: 'MI',
    state: 'Milano',
    region: 'Lombardia',
    city: 'Milano',
    cityCode: 'F205',
    postalCode: '20121',
  };
  const asShown: AddressDraft = {
    firstName: 'Mario',
    lastName: 'Rossi',
    phone: '+39 02 1234 5678',
    street: 'Corso Como',
    number: '5',
    extraInfo: '',
    countryCode: 'IT',
    provinceCode: 'MI',
    state: '',
    cityCode: 'F205',
    city: '',
    postalCode: '20121',
  };

  it('finds no change in the form as it was shown (phone formatted, spaces around)', () => {
    expect(isUnchanged({ ...asShown, street: ' Corso Como ' }, stored)).toBe(true);
    expect(isUnchanged({ ...asShown, phone: '0039 02 12345678' }, stored)).toBe(true);
  });

  it('finds no change when the phone was stored without a prefix and the form shows it with +39', () => {
    expect(isUnchanged({ ...asShown, phone: '+39 02 1234 5678' }, { ...stored, phone: '0212345678' })).toBe(true);
  });

  it('sees a change in any field, and always saves when nothing is stored yet', () => {
    expect(isUnchanged({ ...asShown, number: '7' }, stored)).toBe(false);
    expect(isUnchanged({ ...asShown, extraInfo: 'Scala B' }, stored)).toBe(false);
    expect(isUnchanged(asShown, null)).toBe(false);
  });
});
