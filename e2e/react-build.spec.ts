import { startShopProcess, type ShopProcess } from './support/shop-process';
import { expect, test } from './support/test';

// `npm start` with no variables: React's production build, the shop's offline defaults.
test.describe('npm start without NODE_ENV', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'a server behaviour: one shop process is enough');
  let shop: ShopProcess | undefined;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // HOST empty counts as unset: the offline default (this machine only) applies.
    shop = await startShopProcess('react-build', { LOG_LEVEL: 'info', HOST: '' });
  });

  test.afterAll(async () => {
    await shop?.stop();
  });

  test('renders with React’s production build and keeps the offline defaults', async ({ request }) => {
    // start.js logs the build React itself reports (captureOwnerStack exists only in the development one).
    const listening = () =>
      shop!
        .output()
        .split('\n')
        .map((line) => (line.startsWith('{') ? (JSON.parse(line) as { msg?: string; react?: string; host?: string }) : {}))
        .find((entry) => entry.msg?.startsWith('shop listening'));
    await expect.poll(listening).toMatchObject({ react: 'production', host: '127.0.0.1' });

    // Not the production strictness: no HSTS, and the support pages answer on this machine.
    const page = await request.get(`${shop!.baseUrl}/products`);
    expect(page.status()).toBe(200);
    expect(page.headers()['strict-transport-security']).toBeUndefined();
    expect((await request.get(`${shop!.baseUrl}/dev/stock`)).status()).toBe(200);
  });
});
