import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from './order-status';
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

  it('pays an order that waits for it, and nothing else', () => {
    expect(ORDER_STATUSES.filter((status) => effectOfPaymentEvent(authorised, status) === 'pay-order')).toEqual(['awaiting_payment']);
  });

  it('cancels an authorisation that comes after the order expired or was cancelled, and ignores one for a paid order (a replay)', () => {
    expect(effectOfPaymentEvent(authorised, 'expired')).toBe('cancel-authorisation');
    expect(effectOfPaymentEvent(authorised, 'cancelled')).toBe('cancel-authorisation');
    expect(effectOfPaymentEvent(authorised, 'paid')).toBe('none');
    expect(effectOfPaymentEvent(authorised, 'fulfilled')).toBe('none');
  });

  it('records a refusal while the order waits; afterwards it changes nothing', () => {
    expect(effectOfPaymentEvent(refused, 'awaiting_payment')).toBe('record-refusal');
    for (const status of ['paid', 'fulfilled', 'cancelled', 'expired'] as const) expect(effectOfPaymentEvent(refused, status)).toBe('none');
  });

  it('records cancellations whatever the order, and leaves other events alone', () => {
    for (const eventCode of ['CANCELLATION', 'TECHNICAL_CANCEL', 'CANCEL_OR_REFUND']) {
      expect(effectOfPaymentEvent({ eventCode, success: true }, 'expired')).toBe('record-cancellation');
      expect(effectOfPaymentEvent({ eventCode, success: false }, 'paid')).toBe('record-cancellation');
    }
    for (const eventCode of ['REPORT_AVAILABLE', 'RECURRING_CONTRACT', 'authorisation', '']) {
      expect(effectOfPaymentEvent({ eventCode, success: true }, 'awaiting_payment')).toBe('none');
    }
  });
});
