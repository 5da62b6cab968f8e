import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../app/.server/db/client';
import * as devComponents from '../app/routes/dev/components';
import * as devComponentsDialog from '../app/routes/dev/components-dialog';
import { createTestDatabase } from './support/database';
import { devPageArgs, statusOf } from './support/dev-pages';

// The guard of the other /dev pages (tests/notify-me-dev-pages.test.ts), for the component
// library's pages (issue 16): /dev/components and its dialog's page.
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

const PAGES: { path: string; loader(args: never): unknown }[] = [
  { path: '/dev/components', loader: devComponents.loader },
  { path: '/dev/components/dialog', loader: devComponentsDialog.loader },
];

describe.each(PAGES)('$path', ({ path, loader }) => {
  const load = (production: boolean, remoteAddress: string, init?: RequestInit) => () =>
    Promise.resolve().then(() => loader(devPageArgs(database, production, remoteAddress)(path, init)));

  it('answers 404 in production, even from this machine', async () => {
    expect(await statusOf(load(true, '127.0.0.1'))).toBe(404);
  });

  it('answers 404 to another machine, even one that claims to be this one', async () => {
    expect(await statusOf(load(false, '192.168.1.20', { headers: { 'X-Forwarded-For': '127.0.0.1' } }))).toBe(404);
  });

  // Past the guard the page needs its i18n, not set up here (e2e opens it from 127.0.0.1).
  it('lets a browser on this machine through (IPv4 or IPv6 loopback)', async () => {
    expect(await statusOf(load(false, '127.0.0.1'))).not.toBe(404);
    expect(await statusOf(load(false, '::1'))).not.toBe(404);
  });
});
