import { describe, expect, it } from 'vitest';
import type { Language } from '../../../domain/catalogue-types';
import { createI18nInstance } from '../../../i18n/instance';
import { resources } from '../../../i18n/resources';
import type { WithdrawalPreview } from '../../../.server/services/withdrawals-contract';
import { CARD_LINE, GIFT_LINE, anOrder } from '../../orders/testing/order-views';
import { chooseStep, confirmStep, refusedStep } from './withdrawal.server';

const tIn = (language: Language) => createI18nInstance(language, resources).t;
const KEY = 'c8a1e5f2-3b4d-4c6e-8f9a-0b1c2d3e4f5a';
const order = anOrder({ lines: [{ ...CARD_LINE, withdrawable: { until: new Date('2026-12-15T23:00:00Z') } }, GIFT_LINE] });

const PREVIEW: WithdrawalPreview = {
  orderId: order.id,
  orderNumber: order.number,
  placedAt: order.placedAt,
  lines: [
    { itemId: 'line-card', name: CARD_LINE.name, holder: { firstName: 'Mario', lastName: 'Rossi' }, membershipCode: 'JM0123456789', refundCents: 950, couponCode: null },
    { itemId: 'line-coupon', name: { it: 'Stadium', en: 'Stadium' }, holder: null, membershipCode: null, refundCents: 0, couponCode: 'CPN-ABCD' },
  ],
  shippingRefundCents: 490,
  refundCents: 1440,
  method: { method: 'scheme', brand: 'visa', lastFour: '1111' },
  until: new Date('2026-12-15T23:00:00Z'),
};

describe('the withdrawal page’s steps', () => {
  it('confirms what comes back, per item and in all, to which card, and until when (the last day, Rome)', () => {
    const step = confirmStep(order, PREVIEW, KEY, 'en', tIn('en'));
    expect(step).toMatchObject({
      step: 'confirm',
      title: 'Withdraw from order 100000042',
      action: `/account/orders/${order.id}/withdrawal`,
      key: KEY,
      itemIds: ['line-card', 'line-coupon'],
      shipping: '€4.90',
      total: '€14.40',
      method: 'The refund goes back to your Visa card ending in 1111.',
      deadline: 'You may withdraw from these items until 15/12/2026 (included).',
      error: null,
    });
    expect(step.lines[1]).toMatchObject({ name: 'Stadium', membershipCode: null, amount: '€0', couponBack: 'Coupon CPN-ABCD given back' });
  });

  it('names PayPal, a card it knows nothing of, or no refund at all for a free order (Italian)', () => {
    const t = tIn('it');
    expect(confirmStep(order, { ...PREVIEW, method: { method: 'paypal', brand: null, lastFour: null } }, KEY, 'it', t).method).toBe('Il rimborso torna sul tuo conto PayPal.');
    expect(confirmStep(order, { ...PREVIEW, method: { method: 'scheme', brand: null, lastFour: null } }, KEY, 'it', t).method).toBe('Il rimborso torna sulla carta con cui hai pagato.');
    expect(confirmStep(order, { ...PREVIEW, method: null, shippingRefundCents: 0 }, KEY, 'it', t)).toMatchObject({ method: "L'ordine non è costato nulla: non c'è denaro da rimborsare.", shipping: null });
  });

  it('says why each item may not be withdrawn, an id not in the order included', () => {
    const step = refusedStep(order, { 'line-gift': 'gift-redeemed', '3f0c9a52-8d1e-4b7a-9c3e-5a2b1d0e4f61': 'not-found' }, 'en', tIn('en'));
    expect(step.refusals).toEqual([
      { id: 'line-gift', name: 'Kids 0–4 – A gift: the holder is whoever redeems it', reason: 'The gift has already been redeemed.' },
      { id: '3f0c9a52-8d1e-4b7a-9c3e-5a2b1d0e4f61', name: 'An item that is not in this order', reason: 'It is not part of this order.' },
    ]);
    expect(step.canChooseAgain).toBe(true);
  });

  it('offers the choice of the items still withdrawable, with the message of a bad one', () => {
    expect(chooseStep(order, 'en', tIn('en'), 'orders:withdrawal.errors.nothingChosen')).toMatchObject({
      options: [{ id: 'line-card', label: 'Club Card JM0123456789 – Holder: Mario Rossi (until 15/12/2026)' }],
      error: 'orders:withdrawal.errors.nothingChosen',
    });
  });
});
