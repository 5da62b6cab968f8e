import { describe, expect, it } from 'vitest';
import { AdyenApiError } from './api-errors';
import { readDetailsRequest, readPaymentRequest, readSessionRequest } from './api-requests';

const now = new Date('2026-11-25T10:00:00Z');
const session = { amount: { value: 100, currency: 'EUR' }, reference: 'ORD-1-1', returnUrl: 'https://shop.example/back?x=1' };

function codeOf(read: () => unknown): string {
  try {
    read();
  } catch (error) {
    if (error instanceof AdyenApiError) return `${error.status} ${error.errorCode}`;
    throw error;
  }
  return 'accepted';
}

describe('readSessionRequest', () => {
  it('takes Adyen’s defaults: embedded mode, storing disabled, no expiry of its own', () => {
    expect(readSessionRequest(session, now)).toMatchObject({ mode: 'embedded', storePaymentMethodMode: 'disabled', expiresAt: undefined });
  });

  it('keeps only the method types the simulator has, and refuses a list with none of them', () => {
    expect(readSessionRequest({ ...session, allowedPaymentMethods: ['ideal', 'paypal'] }, now).allowedPaymentMethods).toEqual(['paypal']);
    expect(codeOf(() => readSessionRequest({ ...session, allowedPaymentMethods: ['ideal'] }, now))).toBe('422 000');
  });

  it('accepts an expiry up to 24 hours ahead, not later nor past', () => {
    expect(codeOf(() => readSessionRequest({ ...session, expiresAt: '2026-11-26T10:00:00Z' }, now))).toBe('accepted');
    expect(codeOf(() => readSessionRequest({ ...session, expiresAt: '2026-11-26T10:00:01Z' }, now))).toBe('422 000');
    expect(codeOf(() => readSessionRequest({ ...session, expiresAt: '2026-11-25T09:59:59Z' }, now))).toBe('422 000');
  });

  it('refuses what is not a JSON object', () => {
    for (const body of [null, 'text', [session], 42]) expect(codeOf(() => readSessionRequest(body, now))).toBe('422 000');
  });
});

describe('readPaymentRequest', () => {
  const payment = { ...session, paymentMethod: { type: 'scheme', encryptedCardNumber: 'test_4111111111111111', encryptedExpiryMonth: 'test_03', encryptedExpiryYear: 'test_2030', encryptedSecurityCode: 'test_737' } };

  it('reads Adyen’s unencrypted test values', () => {
    expect(readPaymentRequest(payment).paymentMethod).toEqual({ kind: 'card', card: { number: '4111111111111111', expiryMonth: 3, expiryYear: 2030, cvc: '737', holderName: '' } });
  });

  it('reads a stored card by storedPaymentMethodId, and needs a shopperReference for it', () => {
    const stored = { ...session, shopperReference: 'fan-1', paymentMethod: { type: 'scheme', storedPaymentMethodId: 'ABCDEFGHIJKLMNOP' } };
    expect(readPaymentRequest(stored).paymentMethod).toEqual({ kind: 'stored', storedPaymentMethodId: 'ABCDEFGHIJKLMNOP', cvc: undefined });
    expect(codeOf(() => readPaymentRequest({ ...stored, shopperReference: undefined }))).toBe('422 000');
  });

  it('refuses a CVC of the wrong shape with Adyen’s 103', () => {
    expect(codeOf(() => readPaymentRequest({ ...payment, paymentMethod: { ...payment.paymentMethod, encryptedSecurityCode: 'test_73' } }))).toBe('422 103');
  });
});

describe('readDetailsRequest', () => {
  it('needs a redirectResult, or PayPal’s orderID with paymentData', () => {
    expect(codeOf(() => readDetailsRequest({ details: { redirectResult: 'abc' } }))).toBe('accepted');
    expect(codeOf(() => readDetailsRequest({ details: { orderID: 'o', payerID: 'p' }, paymentData: 'd' }))).toBe('accepted');
    expect(codeOf(() => readDetailsRequest({ details: { orderID: 'o' } }))).toBe('422 000');
    expect(codeOf(() => readDetailsRequest({}))).toBe('422 000');
  });
});
