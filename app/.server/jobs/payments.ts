import type { Logger } from '../logger';
import type { PaymentsService } from '../services/payments';

/**
 * How often the shop settles what payments left open: webhook items a crash left unprocessed,
 * attempts whose outcome is still unknown (asked again with backoff, payments.reconcileDue), and
 * cancels that failed. Every instance may run it: each step is a guarded, idempotent update.
 */
export const PAYMENTS_JOB_INTERVAL_MS = 30_000;

export type PaymentsJob = {
  /** One pass (what the timer runs; tests call it). Never rejects; a pass already running is awaited. */
  tick(): Promise<void>;
  stop(): Promise<void>;
};

export function startPaymentsJob(input: {
  payments: Pick<PaymentsService, 'events' | 'reconcileDue'>;
  logger: Pick<Logger, 'error'>;
  /** 0 starts no timer (tests drive `tick`). */
  intervalMs?: number;
}): PaymentsJob {
  const { payments, logger, intervalMs = PAYMENTS_JOB_INTERVAL_MS } = input;
  let running: Promise<void> | null = null;
  let stopped = false;

  const pass = async () => {
    await payments.events.processLeft();
    await payments.reconcileDue();
  };
  const tick = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    running ??= pass()
      .catch((error: unknown) => logger.error({ err: error }, 'payments: a settlement pass failed'))
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
