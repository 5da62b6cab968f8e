import { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../app/.server/db/client';
import { expressContext } from '../app/.server/auth/context';
import { readConfig } from '../app/.server/env';
import { shopContext } from '../app/context';
import * as devOutbox from '../app/routes/dev/outbox';
import * as devStock from '../app/routes/dev/stock';
import { systemClock } from '../app/.server/clock';
import { createTestDatabase } from './support/database';
import { servicesFor } from './support/services';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

/** A shop's context for a request from `remoteAddress` (the socket's, not X-Forwarded-For). */
function shopContextFor(production: boolean, remoteAddress: string) {
  const config = readConfig({
    NODE_ENV: production ? 'production' : 'development',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'https://shop.example',
    SESSION_SECRET: 'a-production-secret-of-at-least-32-characters',
  });
  const context = new RouterContextProvider();
  context.set(shopContext, { config, clock: systemClock, services: servicesFor(database) });
  // Only what the guard reads of the Express request; the rest is never touched here.
  context.set(expressContext, { req: { socket: { remoteAddress } }, res: {} } as never);
  return context;
}

async function statusOf(call: () => Promise<unknown>): Promise<number | 'no error'> {
  try {
    await call();
    return 'no error';
  } catch (error) {
    const status = (error as { init?: { status?: number } }).init?.status;
    return status ?? -1;
  }
}

// Only what these loaders read; cast at the call: the full route args come from the framework.
const argsFor = (production: boolean, remoteAddress: string) => (path: string, init?: RequestInit) => ({
  request: new Request(`https://shop.example${path}`, init),
  context: shopContextFor(production, remoteAddress),
  params: {},
  unstable_pattern: path,
});

describe('development pages in production', () => {
  const args = argsFor(true, '127.0.0.1');

  it('/dev/outbox and /dev/stock answer 404 and restock nothing', async () => {
    expect(await statusOf(() => devOutbox.loader(args('/dev/outbox') as never))).toBe(404);
    expect(await statusOf(() => devStock.loader(args('/dev/stock') as never))).toBe(404);
    const body = new URLSearchParams({ intent: 'sell-out', productId: 'j1897' });
    expect(await statusOf(() => devStock.action(args('/dev/stock', { method: 'POST', body }) as never))).toBe(404);
    const [j1897] = (await servicesFor(database).catalogue.listProducts()).filter((product) => product.id === 'j1897');
    expect(j1897?.soldOut).toBe(false);
  });
});

describe('development pages offline', () => {
  it('answer 404 to another machine, even one that claims to be this one, and restock nothing', async () => {
    const args = argsFor(false, '192.168.1.20');
    const spoofed = { headers: { 'X-Forwarded-For': '127.0.0.1' } };
    expect(await statusOf(() => devOutbox.loader(args('/dev/outbox', spoofed) as never))).toBe(404);
    expect(await statusOf(() => devStock.loader(args('/dev/stock', spoofed) as never))).toBe(404);
    const body = new URLSearchParams({ intent: 'sell-out', productId: 'j1897' });
    expect(await statusOf(() => devStock.action(args('/dev/stock', { method: 'POST', body }) as never))).toBe(404);
    const [j1897] = (await servicesFor(database).catalogue.listProducts()).filter((product) => product.id === 'j1897');
    expect(j1897?.soldOut).toBe(false);
  });

  // Past the guard the loaders need the page's i18n, not set up here (e2e opens them from 127.0.0.1).
  it('let a browser on this machine through (IPv4 or IPv6 loopback)', async () => {
    expect(await statusOf(() => devOutbox.loader(argsFor(false, '127.0.0.1')('/dev/outbox') as never))).not.toBe(404);
    expect(await statusOf(() => devStock.loader(argsFor(false, '::1')('/dev/stock') as never))).not.toBe(404);
  });
});
