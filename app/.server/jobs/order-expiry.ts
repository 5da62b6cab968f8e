import type { Logger } from '../logger';
import type { OrdersService } from '../services/orders';
import { startRepeatingJob, type RepeatingJob } from './repeating-job';

/**
 * How often the shop looks for unpaid orders whose payment window has passed. The window is
 * 30 minutes (ORDER_PAYMENT_WINDOW_MS): a minute more before a held size is sold again is
 * immaterial beside it, and the look itself is one read of a partial index (`orders_unpaid`),
 * cheap enough for every instance to run it every minute.
 */
export const ORDER_EXPIRY_INTERVAL_MS = 60_000;

export type OrderExpiryJob = RepeatingJob;

/**
 * Expires unpaid orders past their payment window in the background, giving back their stock,
 * voucher use and coupons (`services.orders.expireDue`). The timer is unref'd. Any number of
 * instances may run it on one database: each order moves out of `awaiting_payment` by one
 * guarded UPDATE, so only one pass releases what it held (order-closing.ts).
 */
export function startOrderExpiry(input: {
  orders: Pick<OrdersService, 'expireDue'>;
  logger: Pick<Logger, 'error'>;
  /** 0 starts no timer (tests drive `tick`). */
  intervalMs?: number;
}): OrderExpiryJob {
  const { orders, logger, intervalMs = ORDER_EXPIRY_INTERVAL_MS } = input;
  return startRepeatingJob({ job: 'order-expiry', pass: () => orders.expireDue(), intervalMs, onError: (error) => logger.error({ err: error }, 'orders: expiry pass failed') });
}
