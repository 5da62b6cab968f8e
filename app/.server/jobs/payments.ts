import type { Logger } from '../logger';
import type { PaymentsService } from '../services/payments';
import { startRepeatingJob, type RepeatingJob } from './repeating-job';

/**
 * How often the shop settles what payments left open: webhook items a crash left unprocessed,
 * attempts whose outcome is still unknown (asked again with backoff, payments.reconcileDue), and
 * cancels that failed. Every instance may run it: each step is a guarded, idempotent update.
 */
export const PAYMENTS_JOB_INTERVAL_MS = 30_000;

export type PaymentsJob = RepeatingJob;

export function startPaymentsJob(input: {
  payments: Pick<PaymentsService, 'events' | 'reconcileDue'>;
  logger: Pick<Logger, 'error'>;
  /** 0 starts no timer (tests drive `tick`). */
  intervalMs?: number;
}): PaymentsJob {
  const { payments, logger, intervalMs = PAYMENTS_JOB_INTERVAL_MS } = input;
  const pass = async () => {
    await payments.events.processLeft();
    await payments.reconcileDue();
  };
  return startRepeatingJob({ pass, intervalMs, onError: (error) => logger.error({ err: error }, 'payments: a settlement pass failed') });
}
