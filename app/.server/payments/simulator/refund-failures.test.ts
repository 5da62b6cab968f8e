import { describe, expect, it } from 'vitest';
import type { PaymentRow } from './engine';
import { canFailLater, readRefundsFail, REFUND_FAILED_REASON, refundFailedEvent, type RefundRow } from './refund-failures';

const payment = { pspReference: 'PAYMENT000000001', merchantAccount: 'FanShop', merchantReference: '100000042-1', currency: 'EUR', brand: 'visa' } as PaymentRow;

function refundRow(fields: Partial<RefundRow> = {}): RefundRow {
  return {
    pspReference: 'REFUND0000000001',
    kind: 'refund',
    merchantAccount: 'FanShop',
    paymentPspReference: payment.pspReference,
    paymentReference: payment.merchantReference,
    reference: '100000042-W1',
    amountValue: 1990,
    currency: 'EUR',
    success: true,
    reason: null,
    createdAt: new Date('2026-11-25T10:00:00Z'),
    ...fields,
  };
}

describe('the refund switch’s form', () => {
  it('reads on and off, and nothing else', () => {
    expect(readRefundsFail({ refundsFail: 'on' })).toBe(true);
    expect(readRefundsFail({ refundsFail: 'off' })).toBe(false);
    for (const form of [{}, { refundsFail: 'ON' }, { refundsFail: 'true' }, { refundsFail: ['on'] }, { refundsFail: '' }]) expect(readRefundsFail(form)).toBeNull();
  });
});

describe('a REFUND_FAILED for a refund that went through', () => {
  it('carries the refund’s pspReference and amount, the payment as originalReference, the merchantReference given, success true', () => {
    const now = new Date('2026-11-26T09:00:00Z');
    expect(refundFailedEvent(payment, refundRow(), '100000042-W1', now)).toEqual({
      eventCode: 'REFUND_FAILED',
      pspReference: 'REFUND0000000001',
      originalReference: 'PAYMENT000000001',
      merchantAccountCode: 'FanShop',
      merchantReference: '100000042-W1',
      amount: { value: 1990, currency: 'EUR' },
      success: true,
      reason: REFUND_FAILED_REASON,
      paymentMethod: 'visa',
      eventDate: now,
    });
  });

  it('is offered only for a refund that succeeded', () => {
    expect(canFailLater(refundRow())).toBe(true);
    expect(canFailLater(refundRow({ success: false, reason: REFUND_FAILED_REASON }))).toBe(false);
    expect(canFailLater(refundRow({ kind: 'cancel' }))).toBe(false);
  });
});
