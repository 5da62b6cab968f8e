// @ts-check
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatPerDatabase, percentile, timings } from './in-process.js';

test('percentile is nearest-rank: a time that occurred, whatever the order', () => {
  const values = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
  assert.equal(percentile(values, 50), 5);
  assert.equal(percentile(values, 95), 10);
  assert.equal(percentile(values, 0), 1);
  assert.equal(percentile([42], 95), 42);
  assert.equal(percentile([], 50), null);
  assert.equal(percentile([1, Number.NaN, 3], 100), 3);
});

test('p99 of a hundred times is the second slowest (nearest rank), of fewer the slowest', () => {
  const hundred = Array.from({ length: 100 }, (_, index) => index + 1);
  assert.equal(percentile(hundred, 99), 99);
  assert.equal(percentile(hundred.slice(0, 50), 99), 50);
});

test('timings: units per second of wall time, p50/p95/p99 per unit, CPU per unit; none for no units', () => {
  const durationsMs = Array.from({ length: 200 }, (_, index) => index + 1);
  assert.deepEqual(timings({ concurrency: 8, durationsMs, wallMs: 4000, cpuMs: 1000 }), {
    count: 200,
    perSecond: 50,
    p50Ms: 100,
    p95Ms: 190,
    p99Ms: 198,
    cpuMsEach: 5,
  });
  assert.deepEqual(timings({ concurrency: 1, durationsMs: [], wallMs: 0, cpuMs: 0 }), { count: 0, perSecond: null, p50Ms: null, p95Ms: null, p99Ms: null, cpuMsEach: null });
});

test('a figure table: a row per database and phase, a line per skipped database, then the notes', () => {
  const text = formatPerDatabase({
    title: 'Some figure',
    header: ['at once', 'n'],
    results: [
      { database: 'pglite', phases: [{ at: 1, n: 3 }, { at: 8, n: 4 }] },
      { database: 'postgres', skipped: 'PostgreSQL unreachable' },
    ],
    row: (phase) => [String(phase.at), String(phase.n)],
    notes: ['a note'],
  });
  assert.deepEqual(text.split('\n'), [
    'Some figure',
    'database | at once | n',
    '---------+---------+--',
    'PGlite   |       1 | 3',
    'PGlite   |       8 | 4',
    '! PostgreSQL not measured: PostgreSQL unreachable',
    '  a note',
  ]);
});
