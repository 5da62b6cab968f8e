import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { probeHandlers } from './probes';

/** Everything the probes look at, set by each test. */
const state = { draining: false, databaseAnswers: true, migrationsApplied: 0 };

const database = {
  kind: 'postgres',
  db: { execute: async () => ({ rows: [{ applied: state.migrationsApplied }] }) },
} as unknown as Pick<Database, 'db' | 'kind'>;
const availability = {
  check: async () => {
    if (!state.databaseAnswers) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
  },
  isAvailable: () => state.databaseAnswers,
};
const logger = { warn: () => undefined, error: () => undefined };

let base = '';
let close = () => {};
let expectedMigrations = 0;

beforeAll(async () => {
  const probes = probeHandlers({ database, availability, logger, isDraining: () => state.draining });
  const app = express();
  app.get('/healthz', probes.healthz);
  app.get('/readyz', probes.readyz);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
  // What a fully migrated database reports: as many as drizzle's journal lists.
  const journal = JSON.parse(await readFile('app/.server/db/migrations/meta/_journal.json', 'utf8')) as { entries: unknown[] };
  expectedMigrations = journal.entries.length;
});

afterAll(() => close());

async function probe(path: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${base}${path}`);
  return { status: response.status, body: await response.json() };
}

describe('the probes', () => {
  it('all well: alive and ready', async () => {
    Object.assign(state, { draining: false, databaseAnswers: true, migrationsApplied: expectedMigrations });
    expect(expectedMigrations).toBeGreaterThan(0);
    expect(await probe('/healthz')).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await probe('/readyz')).toEqual({ status: 200, body: { status: 'ready', database: 'postgres' } });
  });

  it('the database away: still alive (no restart helps), not ready', async () => {
    Object.assign(state, { draining: false, databaseAnswers: false, migrationsApplied: expectedMigrations });
    expect(await probe('/healthz')).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await probe('/readyz')).toEqual({ status: 503, body: { status: 'not-ready', reason: 'database-unavailable' } });
  });

  it('a database without every migration of this build (an older backup restored): not ready, saying how many', async () => {
    Object.assign(state, { draining: false, databaseAnswers: true, migrationsApplied: expectedMigrations - 1 });
    expect(await probe('/readyz')).toEqual({
      status: 503,
      body: { status: 'not-ready', reason: 'migrations-pending', applied: expectedMigrations - 1, expected: expectedMigrations },
    });
    // A newer instance migrated further (a rolling upgrade): this one stays ready.
    state.migrationsApplied = expectedMigrations + 1;
    expect((await probe('/readyz')).status).toBe(200);
  });

  it('draining: both answer 503, so that load balancers stop sending traffic', async () => {
    Object.assign(state, { draining: true, databaseAnswers: true, migrationsApplied: expectedMigrations });
    expect(await probe('/healthz')).toEqual({ status: 503, body: { status: 'shutting-down' } });
    expect(await probe('/readyz')).toEqual({ status: 503, body: { status: 'not-ready', reason: 'shutting-down' } });
  });
});
