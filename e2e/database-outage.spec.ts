import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { adminUrl, postgresTestUrl, TEST_DATABASE_PREFIX } from '../tests/support/postgres';
import { eventually } from './support/eventually';
import { startShopProcess, type ShopProcess } from './support/shop-process';
import { expect, test } from './support/test';

async function asAdmin(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

// The production shape: the built shop on PostgreSQL (a database of its own), which is then
// taken away under load — every session terminated, new ones refused — and given back.
test.describe('a PostgreSQL outage', () => {
  test.use({ language: 'en' });
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'a server behaviour: one shop process is enough');
  test.setTimeout(180_000);

  const name = `${TEST_DATABASE_PREFIX}outage_${randomBytes(4).toString('hex')}`;
  let shop: ShopProcess | undefined;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    await asAdmin(`create database "${name}"`);
    shop = await startShopProcess('outage', { DATABASE_URL: postgresTestUrl(name), LOG_LEVEL: 'fatal' });
  });

  test.afterAll(async () => {
    await shop?.stop();
    await asAdmin(`drop database if exists "${name}" with (force)`);
  });

  test('answers the 503 screen while the database is away, stays up and recovers without a restart', async ({ page, request }) => {
    const base = shop!.baseUrl;
    expect((await request.get(`${base}/products`)).status()).toBe(200);

    // Load while the database goes away: none of these may take the process down.
    let loading = true;
    const statuses = new Set<number>();
    const load = Promise.all(
      Array.from({ length: 6 }, async () => {
        while (loading) statuses.add((await request.get(`${base}/products`)).status());
      }),
    );
    await asAdmin(`alter database "${name}" allow_connections false`);
    await asAdmin(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`);
    await eventually(async () => (await request.get(`${base}/readyz`)).status() === 503, '/readyz answers 503');
    expect(await (await request.get(`${base}/readyz`)).json()).toEqual({ status: 'not-ready', reason: 'database-unavailable' });
    // Alive all the same: an orchestrator must not restart instances for the database's outage.
    expect((await request.get(`${base}/healthz`)).status()).toBe(200);
    // /metrics still answers, with what it knows.
    expect(await (await request.get(`${base}/metrics`)).text()).toMatch(/^shop_database_up 0$/m);
    loading = false;
    await load;
    expect([...statuses].filter((status) => status !== 200 && status !== 503)).toEqual([]);

    const response = await page.goto(`${base}/products`);
    expect(response?.status()).toBe(503);
    expect(response?.headers()['retry-after']).toBeDefined();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Error 503')).toBeVisible();
    // No root loader ran (the root middleware answered): the request's id, SUPPORT_URL and the
    // fan's language still reach the screen (issue 30).
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('#error-id')).toHaveText(response?.headers()['x-request-id'] ?? '');
    await expect(page.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', 'mailto:assistenza@fanshop.example');
    expect(shop!.exitMessage()).toBeNull();

    await asAdmin(`alter database "${name}" allow_connections true`);
    await eventually(async () => (await request.get(`${base}/readyz`)).status() === 200, '/readyz answers 200 again');
    expect((await page.goto(`${base}/products`))?.status()).toBe(200);
    expect(shop!.exitMessage()).toBeNull();
  });
});
