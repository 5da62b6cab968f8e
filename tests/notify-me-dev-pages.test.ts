import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../app/.server/db/client';
import * as devOutbox from '../app/routes/dev/outbox';
import * as devStock from '../app/routes/dev/stock';
import { createTestDatabase } from './support/database';
import { devPageArgs, statusOf } from './support/dev-pages';
import { servicesFor } from './support/services';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

// `database` is read at the call: describe blocks build their args before beforeAll has run.
const argsFor = (production: boolean, remoteAddress: string) => (path: string, init?: RequestInit) =>
  devPageArgs(database, production, remoteAddress)(path, init);

describe('development pages in production', () => {
  const args = argsFor(true, '127.0.0.1');

  it('/dev/outbox and /dev/stock answer 404 and restock nothing', async () => {
    expect(await statusOf(() => devOutbox.loader(args('/dev/outbox')))).toBe(404);
    expect(await statusOf(() => devStock.loader(args('/dev/stock')))).toBe(404);
    const body = new URLSearchParams({ intent: 'sell-out', productId: 'j1897' });
    expect(await statusOf(() => devStock.action(args('/dev/stock', { method: 'POST', body })))).toBe(404);
    const [j1897] = (await servicesFor(database).catalogue.listProducts()).filter((product) => product.id === 'j1897');
    expect(j1897?.soldOut).toBe(false);
  });
});

describe('development pages offline', () => {
  it('answer 404 to another machine, even one that claims to be this one, and restock nothing', async () => {
    const args = argsFor(false, '192.168.1.20');
    const spoofed = { headers: { 'X-Forwarded-For': '127.0.0.1' } };
    expect(await statusOf(() => devOutbox.loader(args('/dev/outbox', spoofed)))).toBe(404);
    expect(await statusOf(() => devStock.loader(args('/dev/stock', spoofed)))).toBe(404);
    const body = new URLSearchParams({ intent: 'sell-out', productId: 'j1897' });
    expect(await statusOf(() => devStock.action(args('/dev/stock', { method: 'POST', body })))).toBe(404);
    const [j1897] = (await servicesFor(database).catalogue.listProducts()).filter((product) => product.id === 'j1897');
    expect(j1897?.soldOut).toBe(false);
  });

  // Past the guard the loaders need the page's i18n, not set up here (e2e opens them from 127.0.0.1).
  it('let a browser on this machine through (IPv4 or IPv6 loopback)', async () => {
    expect(await statusOf(() => devOutbox.loader(argsFor(false, '127.0.0.1')('/dev/outbox')))).not.toBe(404);
    expect(await statusOf(() => devStock.loader(argsFor(false, '::1')('/dev/stock')))).not.toBe(404);
  });
});
