import { describe, expect, it } from 'vitest';
import { giftDeliveryOf, redeemGiftPath } from './gift-delivery';

describe('giftDeliveryOf', () => {
  it('sends the link to the recipient’s e-mail when the gifter gave one', () => {
    expect(giftDeliveryOf({ recipient: 'someone', message: 'Forza!', contact: { type: 'EMAIL', email: 'amica@example.org' } })).toEqual({
      to: 'recipient',
      email: 'amica@example.org',
    });
  });

  it('gives it to the gifter for a gift to themselves, and (no text messages yet) for a phone', () => {
    expect(giftDeliveryOf({ recipient: 'myself', message: '' })).toEqual({ to: 'gifter', phone: null });
    expect(giftDeliveryOf({ recipient: 'someone', message: '', contact: { type: 'PHONE', phone: '+393331234567' } })).toEqual({ to: 'gifter', phone: '+393331234567' });
  });
});

describe('redeemGiftPath', () => {
  it('is the spec’s link, its values encoded', () => {
    expect(redeemGiftPath('JM0123456789', 'ABCD EFGH')).toBe('/redeem-gift?code=JM0123456789&giftCode=ABCD+EFGH');
  });
});
