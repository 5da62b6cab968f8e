// @ts-check
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatPayments, summarisePaymentPhase } from './payments.js';

test('a payment phase gives payments per second of wall time, p50/p95/p99 per round trip and CPU per payment', () => {
  const durationsMs = Array.from({ length: 100 }, (_, index) => index + 1);
  assert.deepEqual(summarisePaymentPhase({ concurrency: 8, durationsMs, wallMs: 4000, cpuMs: 1200 }), {
    concurrency: 8,
    payments: 100,
    paymentsPerSecond: 25,
    p50Ms: 50,
    p95Ms: 95,
    p99Ms: 99,
    cpuMsPerPayment: 12,
  });
});

test('the report has a row per database and phase, says why a database was skipped and what was checked after', () => {
  const phase = summarisePaymentPhase({ concurrency: 1, durationsMs: [10, 20, 30], wallMs: 60, cpuMs: 24 });
  const text = formatPayments(
    [
      { database: 'pglite', checked: { webhooksDelivered: 23, ordersFulfilledOnce: 23 }, phases: [phase] },
      { database: 'postgres', skipped: 'PostgreSQL unreachable at postgres://127.0.0.1:5432/postgres (ECONNREFUSED)' },
    ],
    { payments: 3, pinned: null },
  );
  assert.match(text, /PGlite\s+\|\s+1 \|\s+3 \|\s+50 \|\s+20\.0 \|\s+30\.0 \|\s+30\.0 \|\s+8\.00/);
  assert.match(text, /! PostgreSQL not measured: PostgreSQL unreachable/);
  assert.doesNotMatch(text, /PostgreSQL \|/);
  assert.match(text, /delivery loop is off during the rows/);
  assert.match(text, /pglite: 23 delivered, 23 orders fulfilled once/);
});
