import { describe, expect, it } from 'vitest';
import { ORDER_PAYMENT_WINDOW_MS, ORDER_STATUSES, canMoveOrder, isOrderStatus, orderStatusesBefore, paymentDeadline, releasesReservations } from './order-status';

describe('the order status machine', () => {
  it('moves an unpaid order to paid, cancelled or expired, and a paid one only to fulfilled', () => {
    const moves = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.filter((to) => canMoveOrder(from, to)).map((to) => `${from}→${to}`));
    expect(moves).toEqual(['awaiting_payment→paid', 'awaiting_payment→cancelled', 'awaiting_payment→expired', 'paid→fulfilled']);
  });

  it('never leaves fulfilled, cancelled or expired, and never moves to where it is', () => {
    for (const end of ['fulfilled', 'cancelled', 'expired'] as const) {
      expect(ORDER_STATUSES.some((to) => canMoveOrder(end, to))).toBe(false);
    }
    for (const status of ORDER_STATUSES) expect(canMoveOrder(status, status)).toBe(false);
  });

  it('names the status each move starts from (the guard of its UPDATE)', () => {
    expect(orderStatusesBefore('paid')).toEqual(['awaiting_payment']);
    expect(orderStatusesBefore('fulfilled')).toEqual(['paid']);
    expect(orderStatusesBefore('expired')).toEqual(['awaiting_payment']);
    expect(orderStatusesBefore('awaiting_payment')).toEqual([]);
  });

  it('gives reservations back only when an unpaid order is closed', () => {
    expect(ORDER_STATUSES.filter(releasesReservations)).toEqual(['cancelled', 'expired']);
  });

  it('gives 30 minutes to pay, to the millisecond', () => {
    const placedAt = new Date('2026-12-01T09:00:00.000Z');
    expect(ORDER_PAYMENT_WINDOW_MS).toBe(1_800_000);
    expect(paymentDeadline(placedAt).toISOString()).toBe('2026-12-01T09:30:00.000Z');
  });

  it('knows its statuses', () => {
    expect(isOrderStatus('paid')).toBe(true);
    expect(isOrderStatus('PAID')).toBe(false);
    expect(isOrderStatus('')).toBe(false);
  });
});
