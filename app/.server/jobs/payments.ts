import type { Logger } from '../logger';
import type { PaymentsService } from '../services/payments';
import { startRepeatingJob, type RepeatingJob } from './repeating-job';

/**
 * How often the shop settles what payments left open: ledger events a crash or an outage left
 * unsettled, reversals owed but not sent (never sent, failed, cut off), and attempts whose outcome
 * is still unknown (asked again with backoff, payments.reconcileDue). Every instance may run it:
 * settling is under the order's lock, a reversal is claimed with a lease and sent with its own
 * Idempotency-Key.
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
  return startRepeatingJob({ job: 'payments', pass, intervalMs, onError: (error) => logger.error({ err: error }, 'payments: a settlement pass failed') });
}
