import { describe, expect, it } from 'vitest';
import { amountText, disputeReferenceOf, parseEuroAmount, readEventForm } from './support-events';

describe('parseEuroAmount', () => {
  it('reads euros with a point or a comma and up to two decimals, in cents', () => {
    expect(parseEuroAmount('49.90')).toBe(4990);
    expect(parseEuroAmount(' 49,9 ')).toBe(4990);
    expect(parseEuroAmount('0')).toBe(0);
    expect(parseEuroAmount('0,05')).toBe(5);
    expect(parseEuroAmount('9999999.99')).toBe(999_999_999);
  });

  it('refuses anything else', () => {
    for (const text of ['', '49.999', '-1', '1e3', '1,000.50', '10000000', '4 9', 'abc', '.5']) expect(parseEuroAmount(text)).toBeNull();
  });
});

describe('amountText', () => {
  it('writes two decimals with the language’s separator', () => {
    expect(amountText(4990, 'en')).toBe('49.90');
    expect(amountText(4990, 'it')).toBe('49,90');
    expect(amountText(5, 'it')).toBe('0,05');
  });
});

describe('disputeReferenceOf', () => {
  it('is one 16-character reference per payment, the same every time', () => {
    const reference = disputeReferenceOf('ABCDEFGHIJKLMNOP');
    expect(reference).toMatch(/^[A-Z0-9]{16}$/);
    expect(disputeReferenceOf('ABCDEFGHIJKLMNOP')).toBe(reference);
    expect(disputeReferenceOf('ABCDEFGHIJKLMNOQ')).not.toBe(reference);
  });
});

describe('readEventForm', () => {
  it('reads a choice', () => {
    expect(readEventForm({ eventCode: 'REFUND', amount: '12,50', success: 'false' })).toEqual({ ok: true, choice: { eventCode: 'REFUND', amountValue: 1250, success: false, hold: false } });
    expect(readEventForm({ eventCode: 'AUTHORISATION', amount: '1', success: 'true', hold: 'on' })).toMatchObject({ ok: true, choice: { hold: true } });
  });

  it('names each field in error by its id, keeping what was typed', () => {
    expect(readEventForm({ eventCode: 'REPORT_AVAILABLE', amount: 'x', success: '' })).toEqual({
      ok: false,
      errors: { 'event-code': 'support.errors.eventCode', 'event-amount': 'support.errors.amount', 'event-success': 'support.errors.success' },
      values: { eventCode: 'REPORT_AVAILABLE', amount: 'x', success: '', hold: false },
    });
    expect(readEventForm({ eventCode: ['REFUND'], success: 'true' })).toMatchObject({ ok: false, errors: { 'event-code': 'support.errors.eventCode', 'event-amount': 'support.errors.amountRequired' } });
  });
});
