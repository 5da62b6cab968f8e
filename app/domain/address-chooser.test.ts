import { describe, expect, it } from 'vitest';
import { canChooseFor, initialChoice, parseAddressType, parseReturnPath, withAddressId } from './address-chooser';

describe('parseAddressType', () => {
  it.each(['shipping', 'billing'])('accepts %j', (type) => expect(parseAddressType(type)).toBe(type));
  it.each(['Shipping', 'pickup', '', null, undefined, ['shipping']])('refuses %j', (type) =>
    expect(parseAddressType(type)).toBeNull(),
  );
});

describe('parseReturnPath', () => {
  it('accepts same-origin paths with their query and hash', () => {
    expect(parseReturnPath('/cart/123')).toBe('/cart/123');
    expect(parseReturnPath('/checkout?step=2#billing')).toBe('/checkout?step=2#billing');
  });

  it.each(['https://evil.example/', '//evil.example', '/\\evil.example', 'cart', '', null, '/\t/evil.example'])(
    'refuses %j',
    (target) => expect(parseReturnPath(target)).toBeNull(),
  );
});

describe('withAddressId', () => {
  it('appends address_id and keeps the other parameters and the hash', () => {
    expect(withAddressId('/cart/123', 'a-1')).toBe('/cart/123?address_id=a-1');
    expect(withAddressId('/checkout?step=2#billing', 'a-1')).toBe('/checkout?step=2&address_id=a-1#billing');
  });

  it('replaces an earlier choice instead of adding a second one', () => {
    expect(withAddressId('/cart/1?address_id=old&x=1', 'new')).toBe('/cart/1?address_id=new&x=1');
  });

  it('encodes the id', () => {
    expect(withAddressId('/cart/1', 'a b&c')).toBe('/cart/1?address_id=a+b%26c');
  });
});

describe('canChooseFor', () => {
  it('refuses restricted countries for shipping only', () => {
    expect(canChooseFor('shipping', 'RU')).toBe(false);
    expect(canChooseFor('billing', 'RU')).toBe(true);
    expect(canChooseFor('shipping', 'IT')).toBe(true);
  });
});

describe('initialChoice', () => {
  const addresses = [
    { id: 'a', isPreferred: false, selectable: true },
    { id: 'b', isPreferred: true, selectable: true },
    { id: 'r', isPreferred: false, selectable: false },
  ];

  it('selects the address named in the URL, else the preferred one', () => {
    expect(initialChoice(addresses, 'a')).toBe('a');
    expect(initialChoice(addresses, null)).toBe('b');
    expect(initialChoice(addresses, 'unknown')).toBe('b');
  });

  it('never selects an address that cannot be chosen', () => {
    expect(initialChoice(addresses, 'r')).toBe('b');
    const preferredRestricted = [{ id: 'r', isPreferred: true, selectable: false }];
    expect(initialChoice(preferredRestricted, null)).toBeNull();
    expect(initialChoice([], null)).toBeNull();
  });
});
