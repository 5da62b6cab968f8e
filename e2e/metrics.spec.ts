import os from 'node:os';
import { startShopProcess, type ShopProcess } from './support/shop-process';
import { expect, test } from './support/test';

/** This machine's first address outside loopback: a connection to it is not a local client's. */
function externalAddress(): string | null {
  for (const addresses of Object.values(os.networkInterfaces())) {
    const address = addresses?.find((each) => each.family === 'IPv4' && !each.internal);
    if (address) return address.address;
  }
  return null;
}

// Server behaviour, the same with and without JavaScript: one project is enough.
test.describe('probes and /metrics', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'no browser involved: once is enough');

  test('/healthz says the process answers, /readyz that it may have traffic (database, migrations)', async ({ request }) => {
    const health = await request.get('/healthz');
    expect(health.status()).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await request.get('/readyz');
    expect(ready.status()).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', database: 'pglite' });
  });

  test('this machine reads /metrics without a token: requests by route pattern (never the URL), the database’s figures, the process’s', async ({ request }) => {
    expect((await request.get('/products/jcard')).status()).toBe(200);
    expect((await request.get('/products')).status()).toBe(200);
    const response = await request.get('/metrics');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/plain; version=0.0.4');
    const text = await response.text();
    expect(text).toMatch(/^shop_http_request_duration_seconds_count\{route="\/products\/:id",method="GET",status="200"\} [1-9]/m);
    expect(text).toMatch(/^shop_http_request_duration_seconds_count\{route="\/products",method="GET",status="200"\} [1-9]/m);
    expect(text).not.toContain('jcard');
    expect(text).toMatch(/^shop_database_up 1$/m);
    expect(text).toMatch(/^shop_database_info\{kind="pglite"\} 1$/m);
    expect(text).toMatch(/^shop_orders_awaiting_payment \d+$/m);
    expect(text).toMatch(/^shop_job_backlog\{job="order-expiry"\} \d+$/m);
    expect(text).toMatch(/^shop_payment_events_oldest_unprocessed_seconds \d/m);
    expect(text).toMatch(/^shop_mail_outbox\{state="pending"\} \d+$/m);
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
  });

  test('a request that came through a proxy is not local: /metrics is answered as any unknown path is', async ({ request }) => {
    const forwarded = await request.get('/metrics', { headers: { 'X-Forwarded-For': '203.0.113.7' }, maxRedirects: 0 });
    const unknown = await request.get('/no-such-page', { maxRedirects: 0 });
    expect(forwarded.status()).toBe(unknown.status());
    expect(forwarded.headers()['location']).toBe(unknown.headers()['location']);
  });

  test.describe('with METRICS_TOKEN', () => {
    test.setTimeout(180_000);
    const token = 'e2e-metrics-token-0123456789abcdef';
    let shop: ShopProcess | undefined;

    test.beforeAll(async () => {
      test.setTimeout(180_000);
      // All interfaces, so that a client can reach it from outside loopback too.
      shop = await startShopProcess('metrics', { METRICS_TOKEN: token, HOST: '0.0.0.0' });
    });

    test.afterAll(async () => {
      await shop?.stop();
    });

    test('only the bearer token opens /metrics, to this machine as to any other', async ({ request }) => {
      const base = shop!.baseUrl;
      const refused = async (url: string, headers: Record<string, string> = {}) => {
        const response = await request.get(url, { headers, maxRedirects: 0 });
        expect(response.status()).toBe(302);
        expect(response.headers()['location']).toBe('/');
      };
      await refused(`${base}/metrics`);
      await refused(`${base}/metrics`, { Authorization: `Bearer ${token}x` });
      const local = await request.get(`${base}/metrics`, { headers: { Authorization: `Bearer ${token}` } });
      expect(local.status()).toBe(200);
      expect(await local.text()).toMatch(/^shop_database_up 1$/m);

      const address = externalAddress();
      test.skip(address === null, 'this machine has no address outside loopback');
      const remoteBase = base.replace('127.0.0.1', address!);
      await refused(`${remoteBase}/metrics`);
      expect((await request.get(`${remoteBase}/metrics`, { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(200);
    });
  });
});
