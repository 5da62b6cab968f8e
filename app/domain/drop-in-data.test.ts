import { describe, expect, it } from 'vitest';
import { dropInPaymentMethodOf } from './drop-in-data';

const CARD = {
  type: 'scheme',
  encryptedCardNumber: 'adyenjs_0_1_25$abc',
  encryptedExpiryMonth: 'adyenjs_0_1_25$m',
  encryptedExpiryYear: 'adyenjs_0_1_25$y',
  encryptedSecurityCode: 'adyenjs_0_1_25$c',
  holderName: ' Mario Rossi ',
};

describe('dropInPaymentMethodOf', () => {
  it('passes a new card’s encrypted fields and holder name, and nothing else', () => {
    expect(dropInPaymentMethodOf({ ...CARD, brand: 'visa', number: '4111111111111111', riskData: { x: 1 } })).toEqual({
      method: 'scheme',
      stored: false,
      fields: { ...CARD, holderName: 'Mario Rossi', brand: 'visa' },
    });
  });

  it('needs every encrypted field and the holder name (spec: holder name required)', () => {
    for (const missing of ['encryptedCardNumber', 'encryptedExpiryMonth', 'encryptedExpiryYear', 'encryptedSecurityCode', 'holderName']) {
      expect(dropInPaymentMethodOf({ ...CARD, [missing]: undefined })).toBeNull();
      expect(dropInPaymentMethodOf({ ...CARD, [missing]: '  ' })).toBeNull();
    }
  });

  it('takes a stored card only with its security code', () => {
    expect(dropInPaymentMethodOf({ type: 'scheme', storedPaymentMethodId: 'ABC123', encryptedSecurityCode: 'enc' })).toEqual({
      method: 'scheme',
      stored: true,
      fields: { type: 'scheme', storedPaymentMethodId: 'ABC123', encryptedSecurityCode: 'enc' },
    });
    expect(dropInPaymentMethodOf({ type: 'scheme', storedPaymentMethodId: 'ABC123' })).toBeNull();
    expect(dropInPaymentMethodOf({ type: 'scheme', storedPaymentMethodId: 'x'.repeat(65), encryptedSecurityCode: 'enc' })).toBeNull();
  });

  it('takes PayPal, with Drop-in’s subtypes only', () => {
    expect(dropInPaymentMethodOf({ type: 'paypal', subtype: 'sdk' })).toEqual({ method: 'paypal', stored: false, fields: { type: 'paypal', subtype: 'sdk' } });
    expect(dropInPaymentMethodOf({ type: 'paypal' })).toEqual({ method: 'paypal', stored: false, fields: { type: 'paypal' } });
    expect(dropInPaymentMethodOf({ type: 'paypal', subtype: 'express-ish' })).toBeNull();
  });

  it('refuses other methods, other shapes and huge values', () => {
    for (const odd of [null, 'scheme', [], {}, { type: 'ideal' }, { type: 'SCHEME' }, { ...CARD, encryptedCardNumber: 'x'.repeat(9000) }, { ...CARD, holderName: 7 }]) {
      expect(dropInPaymentMethodOf(odd)).toBeNull();
    }
  });
});
