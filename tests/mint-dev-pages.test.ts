import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../app/.server/db/client';
import { coupons, vouchers } from '../app/.server/db/schema';
import * as devCoupons from '../app/routes/dev/coupons';
import * as devVouchers from '../app/routes/dev/vouchers';
import { createTestDatabase } from './support/database';
import { devPageArgs, statusOf } from './support/dev-pages';

// The guard as tests/notify-me-dev-pages.test.ts checks it for /dev/stock, here for the pages that
// mint codes: /dev/coupons and /dev/vouchers (minting itself: the services' tests and e2e).
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

/** A support page's server side, as devPageArgs calls it (its args are typed `never`). */
type SupportPage = { loader(args: never): Promise<unknown>; action(args: never): Promise<unknown> };

const PAGES: { path: string; page: SupportPage; mintForm: Record<string, string>; table: typeof coupons | typeof vouchers }[] = [
  {
    path: '/dev/coupons',
    page: devCoupons,
    mintForm: { productId: 'stadium', validDays: '30' },
    table: coupons,
  },
  {
    path: '/dev/vouchers',
    page: devVouchers,
    mintForm: { code: 'GUARDED', discountType: 'percentage', amount: '10', validDays: '30', usageLimit: '' },
    table: vouchers,
  },
];

describe.each(PAGES)('$path', ({ path, page, mintForm, table }) => {
  const argsFor = (production: boolean, remoteAddress: string) => (init?: RequestInit) => devPageArgs(database, production, remoteAddress)(path, init);
  const mintPost = () => ({ method: 'POST', body: new URLSearchParams(mintForm) });
  const rowCount = async () => (await database.db.select({ rows: count() }).from(table))[0]?.rows ?? 0;

  it('answers 404 in production, even from this machine, and mints nothing', async () => {
    const before = await rowCount();
    const args = argsFor(true, '127.0.0.1');
    expect(await statusOf(() => page.loader(args()))).toBe(404);
    expect(await statusOf(() => page.action(args(mintPost())))).toBe(404);
    expect(await rowCount()).toBe(before);
  });

  it('answers 404 to another machine, even one that claims to be this one, and mints nothing', async () => {
    const before = await rowCount();
    const args = argsFor(false, '192.168.1.20');
    const spoofed = { headers: { 'X-Forwarded-For': '127.0.0.1' } };
    expect(await statusOf(() => page.loader(args(spoofed)))).toBe(404);
    expect(await statusOf(() => page.action(args({ ...mintPost(), ...spoofed })))).toBe(404);
    expect(await rowCount()).toBe(before);
  });

  // Past the guard the page needs its i18n, not set up here (e2e opens it from 127.0.0.1).
  it('lets a browser on this machine through (IPv4 or IPv6 loopback)', async () => {
    expect(await statusOf(() => page.loader(argsFor(false, '127.0.0.1')()))).not.toBe(404);
    expect(await statusOf(() => page.loader(argsFor(false, '::1')()))).not.toBe(404);
  });
});
