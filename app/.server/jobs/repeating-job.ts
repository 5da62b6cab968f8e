import { recordJobRun, type JobName } from '../metrics/job-metrics';

/**
 * A pass the shop repeats in the background (order expiry, payment settlement): one pass at a
 * time — a tick while one runs awaits it instead of starting another — on an unref'd timer, a
 * failure logged and left to the next pass. Safe on every instance when the pass is idempotent.
 */
export type RepeatingJob = {
  /** One pass (what the timer runs; tests call it directly). Never rejects. */
  tick(): Promise<void>;
  /** Stops the timer and waits for a running pass; later ticks do nothing. */
  stop(): Promise<void>;
};

export function startRepeatingJob(input: {
  /** Names its passes in /metrics (shop_job_runs_total). */
  job: JobName;
  pass: () => Promise<unknown>;
  intervalMs: number;
  onError: (error: unknown) => void;
}): RepeatingJob {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    running ??= input
      .pass()
      .then(
        () => recordJobRun(input.job, 'ok'),
        (error: unknown) => {
          recordJobRun(input.job, 'failed');
          input.onError(error);
        },
      )
      .finally(() => {
        running = null;
      });
    return running;
  };
  // 0 starts no timer: tests drive `tick`.
  const timer = input.intervalMs > 0 ? setInterval(() => void tick(), input.intervalMs) : undefined;
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
