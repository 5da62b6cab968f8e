import { describe, expect, it } from 'vitest';
import { cardResult, isUnexpired, testCardOf } from './test-cards';

describe('testCardOf', () => {
  it('knows Adyen’s Visa and Mastercard test cards, typed with spaces or hyphens, and the 3-D Secure one', () => {
    expect(testCardOf('4111 1111 1111 1111')).toEqual({ brand: 'visa', lastFour: '1111', threeDSecure: false });
    expect(testCardOf('5555-5555-5555-4444')).toEqual({ brand: 'mc', lastFour: '4444', threeDSecure: false });
    expect(testCardOf('4212345678910006')).toEqual({ brand: 'visa', lastFour: '0006', threeDSecure: true });
  });

  it('knows no other number', () => {
    for (const other of ['4111111111111112', '411111111111111', '', 'toString', '4111 1111 1111 1111 1']) expect(testCardOf(other)).toBeNull();
  });
});

describe('cardResult', () => {
  const paying = (holderName: string, cvc = '737') => cardResult({ holderName, cvc });

  it('follows Adyen’s holder-name outcomes, whatever the case and spaces', () => {
    expect(paying('APPROVED')).toEqual({ resultCode: 'Authorised' });
    expect(paying(' declined ')).toEqual({ resultCode: 'Refused', refusalReason: 'Refused', refusalReasonCode: '2' });
    expect(paying('CARD_EXPIRED')).toEqual({ resultCode: 'Refused', refusalReason: 'Expired Card', refusalReasonCode: '6' });
    expect(paying('NOT_ENOUGH_BALANCE')).toEqual({ resultCode: 'Refused', refusalReason: 'Not enough balance', refusalReasonCode: '12' });
    expect(paying('ERROR')).toEqual({ resultCode: 'Error', refusalReason: 'Acquirer Error', refusalReasonCode: '4' });
    expect(paying('PENDING')).toEqual({ resultCode: 'Received' });
  });

  it('authorises an ordinary name, and declines a wrong security code whatever the name', () => {
    expect(paying('Mario Rossi')).toEqual({ resultCode: 'Authorised' });
    expect(paying('APPROVED', '123')).toEqual({ resultCode: 'Refused', refusalReason: 'CVC Declined', refusalReasonCode: '24' });
    expect(paying('Mario Rossi', '')).toMatchObject({ resultCode: 'Refused' });
  });
});

describe('isUnexpired', () => {
  const november2026 = new Date('2026-11-25T12:00:00Z');
  it('accepts this month and later, refuses earlier months and nonsense', () => {
    expect(isUnexpired({ month: 11, year: 2026 }, november2026)).toBe(true);
    expect(isUnexpired({ month: 3, year: 2030 }, november2026)).toBe(true);
    expect(isUnexpired({ month: 10, year: 2026 }, november2026)).toBe(false);
    expect(isUnexpired({ month: 12, year: 2025 }, november2026)).toBe(false);
    for (const odd of [{ month: 0, year: 2030 }, { month: 13, year: 2030 }, { month: 1.5, year: 2030 }, { month: Number.NaN, year: 2030 }]) {
      expect(isUnexpired(odd, november2026)).toBe(false);
    }
  });
});
