// @ts-check
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatOrders, summarisePhase } from './orders.js';

test('a phase gives orders per second of wall time, p50/p95 per order and CPU per order', () => {
  const durationsMs = Array.from({ length: 100 }, (_, index) => index + 1);
  assert.deepEqual(summarisePhase({ concurrency: 8, durationsMs, wallMs: 2000, cpuMs: 500 }), {
    concurrency: 8,
    orders: 100,
    ordersPerSecond: 50,
    p50Ms: 50,
    p95Ms: 95,
    cpuMsPerOrder: 5,
  });
  assert.deepEqual(summarisePhase({ concurrency: 1, durationsMs: [], wallMs: 0, cpuMs: 0 }), {
    concurrency: 1,
    orders: 0,
    ordersPerSecond: null,
    p50Ms: null,
    p95Ms: null,
    cpuMsPerOrder: null,
  });
});

test('the report has a row per database and phase, and says why a database was skipped', () => {
  const phase = summarisePhase({ concurrency: 1, durationsMs: [10, 20], wallMs: 40, cpuMs: 8 });
  const text = formatOrders(
    [
      { database: 'pglite', phases: [phase] },
      { database: 'postgres', skipped: 'PostgreSQL unreachable at postgres://127.0.0.1:5432/postgres (ECONNREFUSED)' },
    ],
    { orders: 2, pinned: null },
  );
  assert.match(text, /PGlite\s+\|\s+1 \|\s+2 \|\s+50 \|\s+10\.0 \|\s+20\.0 \|\s+4\.00/);
  assert.match(text, /! PostgreSQL not measured: PostgreSQL unreachable/);
  assert.doesNotMatch(text, /PostgreSQL \|/);
});
