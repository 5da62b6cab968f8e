import { describe, expect, it } from 'vitest';
import { dropInPaymentMethodOf, dropInRiskDataOf, MAX_RISK_CLIENT_DATA_LENGTH } from './drop-in-data';

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

describe('dropInRiskDataOf', () => {
  // What Adyen Web sends: base64 of its fingerprint's JSON.
  const CLIENT_DATA = Buffer.from(JSON.stringify({ version: '1.0.0', deviceFingerprint: 'DpqwU4zEdN0050000000000000BTWDfYZVR30089146776cVB94iKzBGoFrCVXOBNb5S16Goh5Mk0045zgp4q8JSa00000qZkTE00000q6IQbnyNfpEDJdTiKtEc:40' })).toString('base64');

  it('takes Drop-in’s { clientData } as it is, up to 8192 characters', () => {
    expect(dropInRiskDataOf({ clientData: CLIENT_DATA })).toEqual({ clientData: CLIENT_DATA });
    expect(dropInRiskDataOf({ clientData: 'A' })).toEqual({ clientData: 'A' });
    const longest = 'A'.repeat(MAX_RISK_CLIENT_DATA_LENGTH - 2) + '==';
    expect(MAX_RISK_CLIENT_DATA_LENGTH).toBe(8192);
    expect(dropInRiskDataOf({ clientData: longest })).toEqual({ clientData: longest });
    expect(dropInRiskDataOf({ clientData: 'a-b_c' })).toEqual({ clientData: 'a-b_c' });
  });

  it('keeps only clientData: nothing else a client adds goes on to the PSP', () => {
    expect(dropInRiskDataOf({ clientData: CLIENT_DATA, shopperIP: '6.6.6.6', extra: { a: 1 } })).toEqual({ clientData: CLIENT_DATA });
  });

  it('refuses one character too many, an empty value, text that is not base64, and other shapes', () => {
    expect(dropInRiskDataOf({ clientData: 'A'.repeat(MAX_RISK_CLIENT_DATA_LENGTH + 1) })).toBeNull();
    for (const clientData of ['', '   ', 'abc def', 'abc\n', 'ab=c', 'abc===', '<script>', 'é', 7, null, undefined, ['abc'], { value: 'abc' }]) {
      expect(dropInRiskDataOf({ clientData }), JSON.stringify(clientData) ?? 'undefined').toBeNull();
    }
    for (const odd of [null, undefined, CLIENT_DATA, 42, [], [{ clientData: CLIENT_DATA }], {}, { clientdata: CLIENT_DATA }]) {
      expect(dropInRiskDataOf(odd)).toBeNull();
    }
  });
});
