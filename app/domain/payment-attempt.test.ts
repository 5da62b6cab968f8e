import { describe, expect, it } from 'vitest';
import {
  refusalWordingKey,
  REFUSAL_WORDING_KEYS,
  canPayOrder,
  isPaymentMethod,
  paymentProcessFrom,
  paymentProcessOf,
  paymentReference,
  paymentReturnPath,
  payOrderPath,
  postedReturnPath,
  reconciliationDelayMs,
  refusalOf,
} from './payment-attempt';

describe('payment methods and return pages', () => {
  it('knows the card and PayPal, nothing else', () => {
    expect(['scheme', 'paypal'].every(isPaymentMethod)).toBe(true);
    for (const odd of ['SCHEME', 'card', 'ideal', '', null, 7, 'toString']) expect(isPaymentMethod(odd)).toBe(false);
  });

  it('comes back to the card or PayPal page, and reads any other process as the default', () => {
    expect(paymentReturnPath(paymentProcessOf('scheme'))).toBe('/paymentgateway/card');
    expect(paymentReturnPath(paymentProcessOf('paypal'))).toBe('/paymentgateway/paypal');
    expect(paymentProcessFrom('paypal')).toBe('paypal');
    for (const odd of ['PAYPAL', 'x', '', undefined]) expect(paymentProcessFrom(odd)).toBe('default');
  });

  it('names an order to pay by its id, encoded', () => {
    expect(payOrderPath('a b&c')).toBe('/payment?orderId=a+b%26c');
  });

  it('names a posted return by its handle alone', () => {
    expect(postedReturnPath('card', 'ar02MReaLSgiBmb4RRR1ZUq6UmJQ-yT-5xfmIIxJ_NU')).toBe('/paymentgateway/card?return=ar02MReaLSgiBmb4RRR1ZUq6UmJQ-yT-5xfmIIxJ_NU');
  });

  it('references an attempt by the order number and the attempt', () => {
    expect(paymentReference(100000042, 1)).toBe('100000042-1');
    expect(paymentReference(100000042, 12)).toBe('100000042-12');
  });
});

describe('reconciliationDelayMs', () => {
  it('asks again soon, then less often, then no more', () => {
    const delays = Array.from({ length: 8 }, (_, checks) => reconciliationDelayMs(checks));
    expect(delays).toEqual([60_000, 120_000, 300_000, 600_000, 1_800_000, 3_600_000, null, null]);
    expect(reconciliationDelayMs(-1)).toBeNull();
  });
});

describe('refusalOf', () => {
  it('keeps the code the PSP gave, else Adyen’s code for the reason', () => {
    expect(refusalOf('Refused', '2')).toEqual({ reason: 'Refused', code: '2' });
    expect(refusalOf('CVC Declined')).toEqual({ reason: 'CVC Declined', code: '24' });
    expect(refusalOf('Not enough balance', null)).toEqual({ reason: 'Not enough balance', code: '12' });
    expect(refusalOf('Something new')).toEqual({ reason: 'Something new', code: null });
  });

  it('is nothing without a reason, ignores a code that is not one, and never keeps a huge reason', () => {
    expect(refusalOf(null)).toBeNull();
    expect(refusalOf('  ')).toBeNull();
    expect(refusalOf('Expired Card', '<b>')).toEqual({ reason: 'Expired Card', code: '6' });
    expect(refusalOf('x'.repeat(5000))?.reason).toHaveLength(200);
    expect(refusalOf('toString')).toEqual({ reason: 'toString', code: null });
  });
});

describe('canPayOrder', () => {
  const now = new Date('2026-12-01T09:00:00Z');
  const order = { status: 'awaiting_payment' as const, payBy: new Date('2026-12-01T09:00:01Z'), totalCents: 1 };

  it('is payable while it awaits payment, until its window ends, when it costs something', () => {
    expect(canPayOrder(order, now)).toBe(true);
    expect(canPayOrder({ ...order, payBy: now }, now)).toBe(false);
    expect(canPayOrder({ ...order, totalCents: 0 }, now)).toBe(false);
    for (const status of ['paid', 'fulfilled', 'cancelled', 'expired'] as const) expect(canPayOrder({ ...order, status }, now)).toBe(false);
  });
});

describe('refusalWordingKey', () => {
  it('words the codes the fan can act on, each by its own code', () => {
    expect(refusalWordingKey('6')).toBe('6');
    expect(refusalWordingKey('24')).toBe('24');
    expect(refusalWordingKey('2')).toBe('2');
  });

  it('gives the generic text to an unknown code, no code, and the fraud codes Adyen asks not to show', () => {
    for (const code of [null, '0', '14', '20', '22', '31', '99', 'toString']) expect(refusalWordingKey(code)).toBe('generic');
  });
});

describe('the refusal wordings', () => {
  it('exist in both languages for every key the rule answers', async () => {
    for (const language of ['it', 'en']) {
      const { gateway } = (await import(`../locales/${language}/payment.json`)) as { gateway: { refusals: Record<string, string> } };
      expect(Object.keys(gateway.refusals).sort()).toEqual([...REFUSAL_WORDING_KEYS].sort());
    }
  });
});
