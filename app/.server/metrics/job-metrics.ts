import { Counter, Gauge } from 'prom-client';

/**
 * The background jobs' passes, counted in this process (every instance runs every job;
 * Prometheus sums the instances). Registered in no registry here: each shop's registry
 * (registry.ts) adds them, so two shops in one test process share one process-wide count.
 */
export const jobRuns = new Counter({
  name: 'shop_job_runs_total',
  help: 'Passes of a background job in this process, by outcome (ok, failed).',
  labelNames: ['job', 'outcome'] as const,
  registers: [],
});

export const jobLastSuccess = new Gauge({
  name: 'shop_job_last_success_timestamp_seconds',
  help: 'When a pass of the background job last ended without an error in this process (Unix seconds).',
  labelNames: ['job'] as const,
  registers: [],
});

/** The jobs' names as the metrics show them (one label value each). */
export type JobName = 'order-expiry' | 'payments' | 'membership-activation' | 'renewal-offers' | 'document-retention' | 'mail-delivery';

export function recordJobRun(job: JobName, outcome: 'ok' | 'failed'): void {
  jobRuns.inc({ job, outcome });
  if (outcome === 'ok') jobLastSuccess.set({ job }, Date.now() / 1000);
}
