import { readdirSync, statSync } from 'node:fs';
import type { APIRequestContext, APIResponse, Page, Response } from '@playwright/test';
import { test as shopTest, expect } from './support/test';
import { startCluster, type Cluster } from './support/cluster';
import { eventually } from './support/eventually';
import { setWorkerShopUrl } from './support/shop';
import { CARD_WITH_DOCUMENT, CART_TEXTS, cartItem, saveAddress } from './pages/cart';
import { CHECKOUT_TEXTS } from './pages/checkout';
import { signUpFanWithProfile } from './pages/configure';
import { GIFT_TEXTS, giveBlackAndWhite } from './pages/gift';
import { HostedCheckout } from './pages/payment';

// The `cluster` project only (playwright.config.ts): two shop instances on one PostgreSQL database
// behind nginx running deploy/nginx.conf, every fan-facing request through nginx, the payment
// simulator's webhooks too (they go to PUBLIC_URL, nginx's address). nginx names the instance
// that answered in `X-Upstream`. Round-robin over two instances alternates (one turn shared by
// nginx's workers, `zone`), so a test that needs the next request on the other instance first
// asks /healthz until the instance it wants to leave has answered (`steerAwayFrom`), then checks
// in the response itself that the step did land there. Without JavaScript: every step is one
// request whose answer names its instance (the js/no-js projects cover the pages themselves).

const test = shopTest.extend<object, { cluster: Cluster }>({
  cluster: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const cluster = await startCluster();
      setWorkerShopUrl(cluster.url);
      await use(cluster);
      setWorkerShopUrl(undefined);
      await cluster.stop();
    },
    // Creates a database, starts two shops one after the other (the first migrates) and nginx.
    { scope: 'worker', timeout: 300_000 },
  ],
  baseURL: async ({ cluster }, use) => {
    await use(cluster.url);
  },
});

// One cluster for the file: the tests share a worker (and the webhook check reads both payments).
test.describe.configure({ mode: 'serial' });
test.use({ language: 'en' });

function upstreamOf(response: APIResponse | Response | null): string {
  const upstream = response?.headers()['x-upstream'];
  expect(upstream, 'nginx names the instance that answered').toBeTruthy();
  return upstream!;
}

/** After this, round-robin sends the next request to the instance other than `instance`. */
async function steerAwayFrom(request: APIRequestContext, instance: string): Promise<void> {
  for (let asked = 0; asked < 4; asked += 1) {
    if (upstreamOf(await request.get('/healthz')) === instance) return;
  }
  throw new Error(`nginx never sent /healthz to ${instance}`);
}

function otherThan(cluster: Cluster, instance: string): string {
  return instance === cluster.instances.a ? cluster.instances.b : cluster.instances.a;
}

/** Which instance answered each of the page's document requests (the POSTs' redirects too). */
function recordUpstreams(page: Page): Set<string> {
  const seen = new Set<string>();
  page.on('response', (response) => {
    const upstream = response.headers()['x-upstream'];
    if (upstream && response.request().resourceType() === 'document') seen.add(upstream);
  });
  return seen;
}

test('the club card: documents uploaded through one instance, the order placed and paid through the other', async ({ page, auth, cluster }) => {
  test.setTimeout(240_000);
  const texts = CHECKOUT_TEXTS.en;
  await signUpFanWithProfile(page, auth, 'en');
  await saveAddress(page.request, { countryCode: 'IT', provinceCode: 'TO', cityCode: 'L219', postalCode: '10121', street: 'Via Roma', number: '1' });

  const stored = await test.step('the card and its identity document are posted: one instance stores them', async () => {
    const added = await page.request.post('/products/jcard/configure/buy', {
      multipart: CARD_WITH_DOCUMENT,
      maxRedirects: 0,
    });
    expect(added.status(), 'the add answers 303 to the cart').toBe(303);
    return upstreamOf(added);
  });
  const other = otherThan(cluster, stored);

  await test.step('the other instance lists the stored document by name', async () => {
    await page.goto('/cart');
    await steerAwayFrom(page.request, stored);
    const [edit] = await Promise.all([
      page.waitForResponse((response) => response.request().resourceType() === 'document' && /\/configure\//.test(response.url())),
      page.getByRole('link', { name: /^Modify\s?: Club Card/ }).click(),
    ]);
    expect(upstreamOf(edit)).toBe(other);
    await expect(page.getByText('front.png (png)')).toBeVisible();
  });

  await test.step('the other instance places the order (the card, its document and the Via Roma address) and the PSP is paid', async () => {
    await page.goto('/cart');
    await expect(cartItem(page, 'Club Card').getByRole('combobox', { name: new RegExp(`^${CART_TEXTS.en.shipTo}`) }).locator('option:checked')).toHaveText(/Via Roma 1/);
    await page.goto('/checkout');
    await page.getByRole('checkbox', { name: texts.membershipTerms }).check();
    for (const declaration of texts.cardDeclarations) await page.getByRole('checkbox', { name: declaration }).check();
    await steerAwayFrom(page.request, stored);
    const [placed] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/checkout'),
      page.getByRole('button', { name: texts.pay, exact: true }).click(),
    ]);
    expect(upstreamOf(placed)).toBe(other);
    const hosted = new HostedCheckout(page, 'en');
    await hosted.expectOpen();
    await hosted.payByCard('APPROVED');
    await expect(page).toHaveURL(/\/thankyou\?orderId=[0-9a-f-]{36}$/);
    await expect(page.getByRole('main').getByRole('code').filter({ hasText: /^JM[0-9A-Z]{10}$/ })).toHaveCount(1);
  });
});

test('a gift bought through the proxy is redeemed by another fan, both instances serving them', async ({ page, auth, cluster }) => {
  test.setTimeout(240_000);
  const texts = GIFT_TEXTS.en;
  const upstreams = recordUpstreams(page);
  const gifter = await signUpFanWithProfile(page, auth, 'en');
  const link = await test.step('the gifter buys Black & White for a friend and pays: the link is mailed', () => giveBlackAndWhite(page, 'en', `gift-cluster-${Date.now()}@example.org`));
  await auth.signOut();

  await signUpFanWithProfile(page, auth, 'en');
  await test.step('the friend accepts the gift and holds it', async () => {
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.confirmTitle(gifter.firstName));
    await page.getByLabel(texts.membershipTerms).check();
    await page.getByLabel(texts.guardianDeclaration).check();
    await page.getByRole('button', { name: texts.accept }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.holderTitle(texts.product));
    await page.getByRole('button', { name: texts.activate }).click();
    await expect(page).toHaveURL(/\/thankyou\?gift=1&product=black-and-white$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.giftActive);
  });
  expect([...upstreams].sort(), 'both instances served this fan’s pages').toEqual([cluster.instances.a, cluster.instances.b].sort());
});

test('nginx serves the build’s hashed files itself: a year’s immutable caching, gzipped for a browser that asks', async ({ page }) => {
  // The catalogue ships no JavaScript: any script of the build will do (the folder nginx serves).
  // The largest, well over gzip_min_length.
  const script = readdirSync('build/client/assets')
    .filter((name) => name.endsWith('.js'))
    .toSorted((a, b) => statSync(`build/client/assets/${b}`).size - statSync(`build/client/assets/${a}`).size)[0];
  expect(script, 'a hashed script in the build').toBeTruthy();
  const asset = await page.request.get(`/assets/${script}`, { headers: { 'Accept-Encoding': 'gzip' } });
  expect(asset.status()).toBe(200);
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(asset.headers()['content-encoding']).toBe('gzip');
  // From the build folder on disk: no instance answered it.
  expect(asset.headers()['x-upstream']).toBeUndefined();
});

test('the simulator’s webhooks went through nginx and were accepted by whichever instance they reached', async ({ cluster }) => {
  const webhooks = async () => (await cluster.accessLog()).split('\n').filter((line) => line.includes('"POST /webhooks/adyen '));
  // Two payments (the card, the gift): at least one AUTHORISATION each, delivered in the background.
  await eventually(async () => (await webhooks()).length >= 2, 'two webhooks through nginx');
  for (const line of await webhooks()) {
    expect(line, 'accepted').toMatch(/" 200 /);
    const upstream = /upstream=(\S+)/.exec(line)?.[1];
    expect([cluster.instances.a, cluster.instances.b], `an instance answered: ${line}`).toContain(upstream);
  }
  test.info().annotations.push({ type: 'webhooks', description: (await webhooks()).map((line) => /upstream=(\S+)/.exec(line)?.[1]).join(', ') });
});

// Last in the file: it takes the cluster's database away (and gives it back in any case).
test('a database outage: through nginx every request gets an instance’s own 503 page, and pages again once it is back', async ({ page, cluster }) => {
  const instances = [cluster.instances.a, cluster.instances.b];
  const readiness = async (instance: string) => (await page.request.get(`http://${instance}/readyz`)).status();
  await cluster.cutDatabase();
  try {
    // Every instance answers 503 at once (each asked on its own port): what used to get both
    // marked failed, and every fan nginx's bare 502 "no live upstreams".
    for (const instance of instances) await eventually(async () => (await readiness(instance)) === 503, `${instance} sees the outage`);
    const asks = [
      ['GET', '/products'],
      ['GET', '/products/j1897'],
      ['POST', '/cart'],
      ['GET', '/products'],
    ] as const;
    for (const [method, path] of asks) {
      const response = await page.request.fetch(path, { method, maxRedirects: 0 });
      const upstreams = upstreamOf(response);
      const what = `${method} ${path} through nginx (upstream ${upstreams})`;
      expect(response.status(), what).toBe(503);
      expect(response.headers()['retry-after'], `${what}: the shop’s Retry-After`).toBeDefined();
      expect(await response.text(), `${what}: the shop’s own error page`).toContain('Error 503');
      expect(instances, `${what}: answered by an instance`).toContain(upstreams.split(', ').at(-1));
    }
    // The shop's address itself only redirects: it still does, to a page that shows the 503 screen.
    const home = await page.request.get('/', { maxRedirects: 0 });
    expect([home.status(), home.headers().location], 'GET / during the outage').toEqual([302, '/products']);
  } finally {
    await cluster.restoreDatabase();
  }
  for (const instance of instances) await eventually(async () => (await readiness(instance)) === 200, `${instance} is ready again`);
  for (let asked = 0; asked < 2; asked += 1) expect((await page.request.get('/products')).status(), 'pages again, no restart').toBe(200);
});
