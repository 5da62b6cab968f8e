import type { Logger } from '../logger';
import type { OrdersService } from '../services/orders';

/**
 * How often the shop looks for unpaid orders whose payment window has passed. The window is
 * 30 minutes (ORDER_PAYMENT_WINDOW_MS): a minute more before a held size is sold again is
 * immaterial beside it, and the look itself is one read of a partial index (`orders_unpaid`),
 * cheap enough for every instance to run it every minute.
 */
export const ORDER_EXPIRY_INTERVAL_MS = 60_000;

export type OrderExpiryJob = {
  /**
   * One expiry pass (what the timer runs; tests call it directly). Never rejects: a failure is
   * logged and the next pass tries again. A pass already running is awaited, not doubled.
   */
  tick(): Promise<void>;
  /** Stops the timer and waits for a running pass; later ticks do nothing. */
  stop(): Promise<void>;
};

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
  let running: Promise<void> | null = null;
  let stopped = false;

  const tick = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    running ??= orders
      .expireDue()
      .then(() => undefined)
      .catch((error: unknown) => logger.error({ err: error }, 'orders: expiry pass failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = intervalMs > 0 ? setInterval(() => void tick(), intervalMs) : undefined;
  timer?.unref();

  return {
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
