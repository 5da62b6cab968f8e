import { Router } from 'express';
import type { Clock } from '../../clock';
import type { ShopDb } from '../../db/client';
import type { Logger } from '../../logger';
import type { PaymentsConfig } from '../config';
import { simulatorUrls, type SimulatorContext } from './context';
import { webhookDelivery } from './delivery';
import { settleDuePending } from './engine';
import { actionRoutes } from './action-routes';
import { hostedRoutes } from './hosted-routes';
import { checkoutApiRouter } from './router';
import { supportRoutes } from './support-page';

/**
 * The Adyen-compatible payment simulator (issue 14; docs/payments.md "The simulator"): Checkout
 * API v72 at `/checkout`, the hosted page and its challenge and PayPal pages, a support page,
 * and the webhooks it owes the shop, delivered in the background. Mounted by server.ts at
 * SIMULATOR_PATH when no Adyen account is configured. Its state is in the shop's database
 * (`psp_sim_*`), so a restarted simulator carries on where it stopped.
 */

export type PaymentSimulator = {
  router: Router;
  /** One delivery pass (settles due pending payments first); how many webhooks the shop accepted. */
  deliverDue(): Promise<number>;
  /** Stops the timer and waits for a running pass. */
  stop(): Promise<void>;
};

/** How often queued webhooks are looked for: soon enough that the shop hears within seconds. */
export const DEFAULT_DELIVERY_INTERVAL_MS = 3_000;

export function createPaymentSimulator(input: {
  config: PaymentsConfig;
  db: ShopDb;
  clock: Clock;
  logger: Logger;
  publicUrl: string;
  webhookUrl: string;
  /** 0 starts no timer (tests drive deliverDue). */
  deliveryIntervalMs?: number;
}): PaymentSimulator {
  const context: SimulatorContext = { config: input.config, db: input.db, clock: input.clock, logger: input.logger, urls: simulatorUrls(input.publicUrl) };
  const delivery = webhookDelivery({ db: input.db, clock: input.clock, logger: input.logger, webhookUrl: input.webhookUrl, basicAuth: input.config.webhookAuth });

  let running: Promise<number> | null = null;
  let stopped = false;
  const deliverDue = (): Promise<number> => {
    if (stopped) return Promise.resolve(0);
    running ??= input.db
      .transaction((tx) => settleDuePending(tx, context))
      .then(() => delivery.deliverDue())
      .finally(() => {
        running = null;
      });
    return running;
  };
  const deliverInBackground = () => {
    deliverDue().catch((error: unknown) => input.logger.error({ err: error }, 'payment simulator: webhook delivery pass failed'));
  };
  const intervalMs = input.deliveryIntervalMs ?? DEFAULT_DELIVERY_INTERVAL_MS;
  const timer = intervalMs > 0 ? setInterval(deliverInBackground, intervalMs) : undefined;
  timer?.unref();

  const router = Router();
  router.use('/checkout', checkoutApiRouter(context));
  // What the support page queues goes out at once rather than at the next tick; tests (no timer) deliver themselves.
  const deliverSoon = () => {
    if (timer) deliverInBackground();
  };
  router.use(hostedRoutes(context), actionRoutes(context), supportRoutes(context, { deliverSoon }));

  return {
    router,
    deliverDue,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
