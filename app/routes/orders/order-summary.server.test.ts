import { describe, expect, it } from 'vitest';
import type { OrderSummary } from '../../.server/services/orders-contract';
import { createI18nInstance } from '../../i18n/instance';
import { resources } from '../../i18n/resources';
import { orderListRows, orderSummaryData } from './order-summary.server';
import { CARD_LINE, GIFT_LINE, anOrder } from './testing/order-views';

const tIn = (language: 'it' | 'en') => createI18nInstance(language, resources).t;

describe('orderSummaryData', () => {
  it('words the order in Italian: number, Rome time, status, lines with holders and codes, totals', () => {
    expect(orderSummaryData(anOrder(), 'it', tIn('it'))).toEqual({
      number: '100000042',
      placedAt: '01/12/2026, 10:05:00',
      status: 'Completato',
      payBy: null,
      payHref: null,
      lines: [
        { id: 'line-card', name: 'Carta del club', imageUrl: '/art/jcard.svg', holder: 'Titolare: Mario Rossi', follows: null, withdrawal: null, withdrawable: null, withdrawn: [], membershipCode: 'JM0123456789', codeNote: null, price: '10\u00a0€' },
        {
          id: 'line-gift',
          name: 'Kids 0–4',
          imageUrl: '/art/kids.svg',
          holder: 'Un regalo: il titolare sarà chi lo riscatta',
          follows: null,
          withdrawal: null,
          withdrawable: null,
          withdrawn: [],
          membershipCode: 'JMABCDEFGHJK',
          codeNote: null,
          price: '49,90\u00a0€',
        },
      ],
      totals: { subtotal: '59,90\u00a0€', voucher: null, shipping: '0\u00a0€', total: '59,90\u00a0€', refunded: null, refundPending: null },
    });
  });

  it('shows the pay-by time and promises the codes while the payment is awaited (English)', () => {
    const awaiting = anOrder({ status: 'awaiting_payment', paidAt: null, lines: [{ ...CARD_LINE, membershipCode: null }] });
    const summary = orderSummaryData(awaiting, 'en', tIn('en'));
    expect(summary.status).toBe('Awaiting payment');
    expect(summary.payBy).toBe('01/12/2026, 10:35:00');
    expect(summary.payHref).toBe(`/payment?orderId=${awaiting.id}`);
    expect(summary.lines[0]).toMatchObject({ membershipCode: null, codeNote: 'Issued once paid', price: '€10' });
  });

  it('says no code was issued for a closed order, and names the voucher and its discount', () => {
    const expired = anOrder({ status: 'expired', lines: [GIFT_LINE], voucherCode: 'WELCOME10', voucherDiscountCents: 499, totalCents: 4491 });
    const summary = orderSummaryData(expired, 'en', tIn('en'));
    expect(summary.status).toBe('Expired');
    expect(summary.payBy).toBeNull();
    expect(summary.payHref).toBeNull();
    expect(summary.lines[0]).toMatchObject({ holder: 'A gift: the holder is whoever redeems it', codeNote: 'Not issued' });
    expect(summary.totals).toEqual({ subtotal: '€59.90', voucher: { label: 'Voucher WELCOME10', amount: '−€4.99' }, shipping: '€0', total: '€44.91', refunded: null, refundPending: null });
  });

  it('names the buyer as holder of a line bought for themselves without a holder snapshot', () => {
    const order = anOrder({ lines: [{ ...CARD_LINE, holder: null }] });
    expect(orderSummaryData(order, 'it', tIn('it')).lines[0]?.holder).toBe('Titolare: Mario Rossi');
  });

  it('names the membership an upgrade or a renewal follows', () => {
    const upgrade = { ...GIFT_LINE, process: 'upgrade' as const, holder: { firstName: 'Mario', lastName: 'Rossi' }, follows: { process: 'upgrade' as const, membershipCode: 'JM0123456789' } };
    const renewal = { ...upgrade, process: 'renewal' as const, follows: { process: 'renewal' as const, membershipCode: 'JM0123456789' } };
    const [upgraded, renewed] = orderSummaryData(anOrder({ lines: [upgrade, renewal] }), 'en', tIn('en')).lines;
    expect(upgraded?.follows).toBe('Upgrade of membership JM0123456789');
    expect(renewed?.follows).toBe('Renewal of membership JM0123456789');
  });

  it('tells each membership’s withdrawal choice and the date it becomes active (Rome), or how it will be set while unpaid', () => {
    const membership = { ...GIFT_LINE, process: 'buy' as const, holder: { firstName: 'Mario', lastName: 'Rossi' } };
    // Paid on 1 December 2026: waived, active at once; kept, from 16 December (the 14 days are 2–15 December).
    const waived = { ...membership, id: 'waived', withdrawal: { waived: true, activatesAt: new Date('2026-12-01T09:06:00Z') } };
    const kept = { ...membership, id: 'kept', withdrawal: { waived: false, activatesAt: new Date('2026-12-15T23:00:00Z') } };
    const paid = orderSummaryData(anOrder({ lines: [waived, kept, CARD_LINE] }), 'en', tIn('en')).lines;
    expect(paid.map((line) => line.withdrawal)).toEqual([
      'Right of withdrawal waived: active from 01/12/2026',
      '14-day right of withdrawal kept: active from 16/12/2026',
      null,
    ]);
    expect(orderSummaryData(anOrder({ lines: [kept] }), 'it', tIn('it')).lines[0]?.withdrawal).toBe('Diritto di recesso di 14 giorni mantenuto: attiva dal 16/12/2026');
    const unpaid = anOrder({ status: 'awaiting_payment', paidAt: null, lines: [{ ...kept, withdrawal: { waived: false, activatesAt: null } }] });
    expect(orderSummaryData(unpaid, 'en', tIn('en')).lines[0]?.withdrawal).toBe('14-day right of withdrawal kept: active once the 14 days after payment are over');
  });
});

describe('orderSummaryData: withdrawals (issue 31)', () => {
  it('gives the last day an item may be withdrawn, in Rome: the day before the period’s exclusive end', () => {
    // Paid on 1 December: over at 16 December 00:00 in Rome (15 December 23:00 UTC), so the 15th is the last day.
    const line = { ...CARD_LINE, withdrawable: { until: new Date('2026-12-15T23:00:00Z') } };
    expect(orderSummaryData(anOrder({ lines: [line] }), 'it', tIn('it')).lines[0]?.withdrawable).toBe('Puoi recedere fino al 15/12/2026');
    expect(orderSummaryData(anOrder({ lines: [line] }), 'en', tIn('en')).lines[0]?.withdrawable).toBe('You may withdraw until 15/12/2026');
  });

  it('words each withdrawn item’s state with its amount, and a coupon given back', () => {
    const at = new Date('2026-12-03T22:30:00Z');
    const withdrawn = (state: 'requested' | 'refunded' | 'failed' | 'completed', couponCode: string | null = null) => ({
      ...CARD_LINE,
      id: state,
      withdrawn: { state, at, refundCents: state === 'completed' ? 0 : 1000, couponCode },
    });
    const lines = orderSummaryData(anOrder({ lines: [withdrawn('requested'), withdrawn('refunded'), withdrawn('failed'), withdrawn('completed', 'CPN-ABCD')] }), 'en', tIn('en')).lines;
    expect(lines.map((line) => line.withdrawn)).toEqual([
      ['Withdrawn on 03/12/2026: refund of €10 requested'],
      ['Withdrawn on 03/12/2026: €10 refunded'],
      ['Withdrawn on 03/12/2026: the refund of €10 is being handled by our staff'],
      ['Withdrawn on 03/12/2026', 'Coupon CPN-ABCD given back'],
    ]);
    expect(orderSummaryData(anOrder({ lines: [withdrawn('refunded')] }), 'it', tIn('it')).lines[0]?.withdrawn).toEqual(['Recesso del 03/12/2026: rimborsati 10\u00a0€']);
  });

  it('adds what was refunded and what is on its way to the totals, only when there is some', () => {
    const totals = orderSummaryData(anOrder({ refunds: { refundedCents: 1000, pendingCents: 4990 } }), 'en', tIn('en')).totals;
    expect(totals).toMatchObject({ refunded: '−€10', refundPending: '−€49.90' });
    expect(orderSummaryData(anOrder({ refunds: { refundedCents: 1000, pendingCents: 0 } }), 'en', tIn('en')).totals).toMatchObject({ refunded: '−€10', refundPending: null });
  });
});

describe('orderListRows', () => {
  it('words each order for the list, linking to its receipt (and its payment while it awaits one), in the order given', () => {
    const orders: OrderSummary[] = [
      { id: 'b', number: 100000002, status: 'awaiting_payment', placedAt: new Date('2026-12-02T23:30:00Z'), totalCents: 1000, itemCount: 1 },
      { id: 'a', number: 100000001, status: 'cancelled', placedAt: new Date('2026-12-01T09:00:00Z'), totalCents: 0, itemCount: 3 },
    ];
    expect(orderListRows(orders, 'it', tIn('it'))).toEqual([
      // 23:30 UTC on the 2nd is already the 3rd in Rome.
      { id: 'b', href: '/account/orders/b', title: 'Ordine 100000002', placedOn: '03/12/2026', status: 'In attesa di pagamento', itemCount: '1', total: '10\u00a0€', payHref: '/payment?orderId=b', payLabel: "Paga ora l'ordine 100000002" },
      { id: 'a', href: '/account/orders/a', title: 'Ordine 100000001', placedOn: '01/12/2026', status: 'Annullato', itemCount: '3', total: '0\u00a0€', payHref: null, payLabel: "Paga ora l'ordine 100000001" },
    ]);
    expect(orderListRows(orders, 'en', tIn('en'))[1]).toMatchObject({ title: 'Order 100000001', status: 'Cancelled', total: '€0' });
  });
});
