import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus } from './order-status';
import { effectOfPaymentEvent, outcomeOfResultCode, outcomeOfSessionStatus } from './payment-outcome';

describe('outcomeOfResultCode', () => {
  it.each([
    ['Authorised', 'authorised'],
    ['Refused', 'refused'],
    ['Cancelled', 'cancelled'],
    ['Error', 'error'],
    ['Pending', 'pending'],
    ['Received', 'pending'],
    ['RedirectShopper', 'action'],
    ['IdentifyShopper', 'action'],
    ['ChallengeShopper', 'action'],
    ['PresentToShopper', 'action'],
  ])('%s → %s', (resultCode, outcome) => {
    expect(outcomeOfResultCode(resultCode)).toBe(outcome);
  });

  it('is unknown for anything else, in any case, and for nothing', () => {
    for (const odd of ['authorised', 'AUTHORISED', 'PartiallyAuthorised', 'toString', '__proto__', '', undefined, null]) {
      expect(outcomeOfResultCode(odd)).toBe('unknown');
    }
  });
});

describe('outcomeOfSessionStatus', () => {
  it.each([
    ['completed', 'authorised'],
    ['paymentPending', 'pending'],
    ['refused', 'refused'],
    ['canceled', 'cancelled'],
    ['expired', 'expired'],
    ['active', 'open'],
  ])('%s → %s', (status, outcome) => {
    expect(outcomeOfSessionStatus(status)).toBe(outcome);
  });

  it('is unknown for anything else', () => {
    for (const odd of ['Completed', 'cancelled', 'constructor', '', undefined, null]) expect(outcomeOfSessionStatus(odd)).toBe('unknown');
  });
});

describe('effectOfPaymentEvent', () => {
  const authorised = { eventCode: 'AUTHORISATION', success: true };
  const refused = { eventCode: 'AUTHORISATION', success: false };
  const unpaid = (status: OrderStatus) => ({ status, paidBy: 'none' as const });

  it('pays an order that waits for it, and nothing else', () => {
    expect(ORDER_STATUSES.filter((status) => effectOfPaymentEvent(authorised, unpaid(status)) === 'pay-order')).toEqual(['awaiting_payment']);
  });

  it('cancels an authorisation that comes after the order expired or was cancelled', () => {
    expect(effectOfPaymentEvent(authorised, unpaid('expired'))).toBe('cancel-authorisation');
    expect(effectOfPaymentEvent(authorised, unpaid('cancelled'))).toBe('cancel-authorisation');
  });

  it('ignores the authorisation that paid the order (a replay), and cancels a second one from another attempt', () => {
    for (const status of ['paid', 'fulfilled'] as const) {
      expect(effectOfPaymentEvent(authorised, { status, paidBy: 'this-attempt' })).toBe('none');
      expect(effectOfPaymentEvent(authorised, { status, paidBy: 'another-attempt' })).toBe('cancel-authorisation');
    }
  });

  it('records a refusal while the order waits; afterwards it changes nothing', () => {
    expect(effectOfPaymentEvent(refused, unpaid('awaiting_payment'))).toBe('record-refusal');
    for (const status of ['paid', 'fulfilled', 'cancelled', 'expired'] as const) expect(effectOfPaymentEvent(refused, unpaid(status))).toBe('none');
  });

  it('records cancellations and refunds whatever the order, and leaves other events alone', () => {
    for (const eventCode of ['CANCELLATION', 'TECHNICAL_CANCEL', 'CANCEL_OR_REFUND', 'REFUND']) {
      expect(effectOfPaymentEvent({ eventCode, success: true }, unpaid('expired'))).toBe('record-cancellation');
      expect(effectOfPaymentEvent({ eventCode, success: false }, { status: 'paid', paidBy: 'this-attempt' })).toBe('record-cancellation');
    }
    for (const eventCode of ['REPORT_AVAILABLE', 'RECURRING_CONTRACT', 'authorisation', '']) {
      expect(effectOfPaymentEvent({ eventCode, success: true }, unpaid('awaiting_payment'))).toBe('none');
    }
  });
});
