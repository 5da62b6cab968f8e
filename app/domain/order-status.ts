/**
 * An order's life (issue 13; docs/decisions/checkout-and-orders.md "Order statuses"). An order is
 * placed awaiting payment with its stock reserved, or — when it costs nothing — paid at once. Paid
 * orders are fulfilled (memberships issued, gift codes made, confirmation mail queued) exactly
 * once. An unpaid order is cancelled or expires, and either gives back what it held (stock, the
 * voucher's use, its coupons). Nothing leaves `fulfilled`, `cancelled` or `expired`.
 *
 *   awaiting_payment ──paid──▶ paid ──fulfil──▶ fulfilled
 *          │
 *          ├──cancel──▶ cancelled
 *          └──expire──▶ expired
 */
export const ORDER_STATUSES = ['awaiting_payment', 'paid', 'fulfilled', 'cancelled', 'expired'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

const NEXT: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  awaiting_payment: ['paid', 'cancelled', 'expired'],
  paid: ['fulfilled'],
  fulfilled: [],
  cancelled: [],
  expired: [],
};

export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return NEXT[from].includes(to);
}

/** The statuses an order may be in just before it becomes `to` (the guard of the UPDATE that moves it). */
export function orderStatusesBefore(to: OrderStatus): OrderStatus[] {
  return ORDER_STATUSES.filter((from) => canMoveOrder(from, to));
}

/** Statuses in which the order gives back what it reserved (stock, voucher use, coupons). */
export function releasesReservations(status: OrderStatus): boolean {
  return status === 'cancelled' || status === 'expired';
}

/**
 * How long an order waits for its payment before it expires and gives its stock back: long
 * enough for a 3-D Secure challenge or a PayPal login, short enough that a sold-out size is not
 * held for an abandoned tab. Adyen's payment sessions last an hour by default; ours ends first.
 */
export const ORDER_PAYMENT_WINDOW_MS = 30 * 60 * 1000;

export function paymentDeadline(placedAt: Date): Date {
  return new Date(placedAt.getTime() + ORDER_PAYMENT_WINDOW_MS);
}

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}
