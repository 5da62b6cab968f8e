import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../app/.server/db/client';
import { coupons } from '../app/.server/db/schema';
import * as devCoupons from '../app/routes/dev/coupons';
import { createTestDatabase } from './support/database';
import { devPageArgs, statusOf } from './support/dev-pages';

// The guard as tests/notify-me-dev-pages.test.ts checks it for /dev/stock, here for /dev/coupons.
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

const argsFor = (production: boolean, remoteAddress: string) => (init?: RequestInit) =>
  devPageArgs(database, production, remoteAddress)('/dev/coupons', init);

const mintPost = () => ({ method: 'POST', body: new URLSearchParams({ productId: 'stadium', validDays: '30' }) });

async function couponCount() {
  const [row] = await database.db.select({ rows: count() }).from(coupons);
  return row?.rows ?? 0;
}

describe('/dev/coupons', () => {
  it('answers 404 in production, even from this machine, and mints nothing', async () => {
    const before = await couponCount();
    const args = argsFor(true, '127.0.0.1');
    expect(await statusOf(() => devCoupons.loader(args()))).toBe(404);
    expect(await statusOf(() => devCoupons.action(args(mintPost())))).toBe(404);
    expect(await couponCount()).toBe(before);
  });

  it('answers 404 to another machine, even one that claims to be this one, and mints nothing', async () => {
    const before = await couponCount();
    const args = argsFor(false, '192.168.1.20');
    const spoofed = { headers: { 'X-Forwarded-For': '127.0.0.1' } };
    expect(await statusOf(() => devCoupons.loader(args(spoofed)))).toBe(404);
    expect(await statusOf(() => devCoupons.action(args({ ...mintPost(), ...spoofed })))).toBe(404);
    expect(await couponCount()).toBe(before);
  });

  // Past the guard the page needs its i18n, not set up here (e2e opens it from 127.0.0.1).
  it('lets a browser on this machine through (IPv4 or IPv6 loopback)', async () => {
    expect(await statusOf(() => devCoupons.loader(argsFor(false, '127.0.0.1')()))).not.toBe(404);
    expect(await statusOf(() => devCoupons.loader(argsFor(false, '::1')()))).not.toBe(404);
  });
});
