import { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../app/.server/db/client';
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

/** A production shop's context: the development pages must not exist there. */
function productionContext() {
  const config = readConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'https://shop.example',
    SESSION_SECRET: 'a-production-secret-of-at-least-32-characters',
  });
  const context = new RouterContextProvider();
  context.set(shopContext, { config, clock: systemClock, services: servicesFor(database) });
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

describe('development pages in production', () => {
  // Only what these loaders read; cast at the call: the full route args come from the framework.
  const args = (path: string, init?: RequestInit) => ({
    request: new Request(`https://shop.example${path}`, init),
    context: productionContext(),
    params: {},
    unstable_pattern: path,
  });

  it('/dev/outbox and /dev/stock answer 404 and restock nothing', async () => {
    expect(await statusOf(() => devOutbox.loader(args('/dev/outbox') as never))).toBe(404);
    expect(await statusOf(() => devStock.loader(args('/dev/stock') as never))).toBe(404);
    const body = new URLSearchParams({ intent: 'sell-out', productId: 'j1897' });
    expect(await statusOf(() => devStock.action(args('/dev/stock', { method: 'POST', body }) as never))).toBe(404);
    const [j1897] = (await servicesFor(database).catalogue.listProducts()).filter((product) => product.id === 'j1897');
    expect(j1897?.soldOut).toBe(false);
  });
});
