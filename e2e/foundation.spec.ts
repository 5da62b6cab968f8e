import { expectNoAxeViolations } from './support/axe';
import { waitForHydration, renderedHtml } from './support/shop';
import { expect, test } from './support/test';

test.describe('shop shell', () => {
  test('the home page redirects to the products in Italian by default', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Scegli il tuo abbonamento');
    await expect(page.getByRole('article')).toHaveCount(8);
    await expect(page).toHaveTitle('Fan Shop Abbonamenti – Abbonamenti e carta del club');
    await expectNoAxeViolations(page);
  });

  test('the language switch turns the same page into English and back, and is remembered', async ({ page }) => {
    await page.goto('/products?group=kids');
    await page.getByRole('button', { name: 'Switch to English' }).click();
    await expect(page).toHaveURL(/\/products\?group=kids$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose your membership');
    await expectNoAxeViolations(page);

    await page.goto('/error');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const cookies = await page.context().cookies();
    const languageCookie = cookies.find((cookie) => cookie.name === 'jc_prf_lng');
    expect(languageCookie?.value).toBe('en');
    // 365 days, give or take the test's own duration.
    expect(languageCookie!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);

    await page.getByRole('button', { name: "Passa all'italiano" }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  });

  test('?lng=en shows a page in English and the alternates point at both languages', async ({ page }) => {
    await page.goto('/products?lng=en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const alternates = page.locator('link[rel="alternate"]');
    await expect(alternates).toHaveCount(3);
    await expect(page.locator('link[rel="alternate"][hreflang="it"]')).toHaveAttribute('href', /\/products\?lng=it$/);
    await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute('href', /\/products$/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'index, follow');
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /^http.*\/social\.png$/);
  });

  test('an unknown path redirects home', async ({ page }) => {
    await page.goto('/no/such/page?x=1');
    await expect(page).toHaveURL(/\/products$/);
  });

  test('the skip link is the first stop of the keyboard and leads to the content', async ({ page }) => {
    await page.goto('/products');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Vai al contenuto principale' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main$/);
  });

  test('the layout fits a 320 px wide screen without horizontal scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/products');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
  });
});

test.describe('error screens', () => {
  for (const language of ['it', 'en'] as const) {
    test(`/error shows the message, ID, code and the ways out (${language})`, async ({ page }) => {
      const error = JSON.stringify({ id: 'abc-123', label: 'PAYMENT_ERROR', code: 'E42' });
      await page.goto(`/error?lng=${language}&error=${encodeURIComponent(error)}`);
      await expect(page.getByText(language === 'it' ? 'Errore nel pagamento.' : 'Payment error.')).toBeVisible();
      await expect(page.getByText('abc-123')).toBeVisible();
      await expect(page.getByText('E42')).toBeVisible();
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
      await expect(page.getByRole('link', { name: language === 'it' ? 'Torna alla home' : 'Go to the home page' })).toHaveAttribute('href', '/products');
      await expectNoAxeViolations(page);
    });
  }

  test('/error never shows free text from the URL', async ({ page }) => {
    const error = JSON.stringify({ label: 'Call 555-0100 to claim your prize', id: '<script>' });
    await page.goto(`/error?lng=en&error=${encodeURIComponent(error)}`);
    await expect(page.getByText('An unexpected error occurred.')).toBeVisible();
    await expect(page.getByText('claim your prize')).toHaveCount(0);
    await expect(page.getByText('<script>')).toHaveCount(0);
  });

  test('a 404 met by a client-side navigation shows the error screen with the site’s styles', async ({ page, fan: _signedIn, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, 'only the browser’s router navigates without a document request');
    await page.goto('/account?lng=en');
    await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
    // The router exists only once the page has hydrated (CI once navigated before that).
    await expect.poll(() => page.evaluate(() => '__reactRouterDataRouter' in window)).toBe(true);
    // The root error boundary takes over and React mounts the layout again (CI found it via /cart/{id}).
    await page.evaluate(async () => {
      const router = (window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }).__reactRouterDataRouter;
      await router.navigate('/cart/00000000-0000-4000-8000-000000000000');
    });
    await expect(page.getByText('Error 404')).toBeVisible();
    // The site's inline stylesheet still applies (the skip link sits above the page until focused).
    await expect(page.getByRole('link', { name: 'Skip to main content' })).not.toBeInViewport();
    const base = page.locator('style[data-href~="shop-css-base"]');
    await expect(base).toHaveCount(1);
    expect(await base.evaluate((style) => style.textContent?.length ?? 0)).toBeGreaterThan(1000);
    // The error screen's buttons: the components sheet (issue 32).
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveCSS('border-radius', '999px');
    await expectNoAxeViolations(page);
  });

  test('a client-side navigation links the sheets the next page needs and shows it styled (issue 32)', async ({ page, fan: _signedIn, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, 'only the browser’s router navigates without a document request');
    await page.goto('/account?lng=en');
    await expect.poll(() => page.evaluate(() => '__reactRouterDataRouter' in window)).toBe(true);
    // The account page inlines its own sheets; the orders' is not in it.
    await expect(page.locator('style[data-href~="shop-css-account"]')).toHaveCount(1);
    await expect(page.locator('[data-href~="shop-css-orders"], link[rel="stylesheet"][href*="/orders-"]')).toHaveCount(0);
    await page.evaluate(async () => {
      const router = (window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }).__reactRouterDataRouter;
      await router.navigate('/account/orders');
    });
    await expect(page).toHaveURL(/\/account\/orders$/);
    await expect(page.locator('link[rel="stylesheet"][data-precedence="shop"][href*="/orders-"]')).toHaveCount(1);
    // React shows the page once its sheet is in: the orders page is a grid.
    await expect(page.locator('.order-page')).toHaveCSS('display', 'grid');
  });

  test('a bad request renders the error screen with status 400 and its catalogue text', async ({ page }) => {
    const response = await page.request.post('/language', {
      form: { lng: 'xx', returnTo: '/products' },
      headers: { Cookie: 'jc_prf_lng=en' },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(400);
    const html = await renderedHtml(response);
    expect(html).toContain('Wrong request: the data is incomplete or wrong.');
    expect(html).not.toMatch(/at .*\.js:\d+/); // no stack trace
  });
});

// Issue 30: the error pages' ways out and the header, for a signed-in fan. The `fan` is signed in;
// the shop runs with the default SUPPORT_URL.
test.describe('error pages of a signed-in fan', () => {
  test.use({ language: 'en' });
  const SUPPORT_URL = 'mailto:assistenza@fanshop.example';
  const MISSING_ITEM = '/cart/00000000-0000-4000-8000-000000000000';

  /** The page's error screen and header, read from its HTML (a post's answer is no page to open). */
  function expectErrorHtml(html: string, { requestId, retry, greeting }: { requestId: string; retry: string; greeting: string | null }) {
    expect(html).toContain(`<code id="error-id">${requestId}</code>`);
    expect(html).toContain(`href="${retry}" class="button">Try again</a>`);
    expect(html).toContain(`id="error-support" href="${SUPPORT_URL}"`);
    if (greeting) expect(html).toContain(greeting);
    else {
      expect(html).not.toContain('Hello, ');
      expect(html).toContain('>Sign in</a>');
    }
    expect(html).not.toMatch(/at .*\.js:\d+/); // no stack trace
  }

  for (const [status, path] of [[404, MISSING_ITEM], [500, '/dev/fail']] as const) {
    test(`a ${status} page: the header greets the fan; Try again, Contact support at SUPPORT_URL, the request id as the error ID`, async ({ page, fan }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(status);
      const requestId = response?.headers()['x-request-id'] ?? '';
      expect(requestId).toMatch(/^[\w.-]{8,64}$/);
      await expect(page.getByText(`Error ${status}`)).toBeVisible();
      await expect(page.getByText(`Hello, ${fan.firstName}`)).toBeVisible();
      await expect(page.locator('#error-id')).toHaveText(requestId);
      await expect(page.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', SUPPORT_URL);
      const retry = page.getByRole('link', { name: 'Try again' });
      await expect(retry).toHaveAttribute('href', path);
      await expectNoAxeViolations(page);
      // Trying again asks the server again (a new request, so a new id).
      const again = page.waitForResponse((answer) => new URL(answer.url()).pathname === path && answer.request().resourceType() === 'document');
      await retry.click();
      expect((await again).headers()['x-request-id']).not.toBe(requestId);
      await expect(page.getByText(`Error ${status}`)).toBeVisible();
    });
  }

  test('after a failed post: a secured page’s 404 still greets the fan; at the root, a 500 falls back to signed out but keeps the ID and the support link', async ({ page, fan }) => {
    // A secured action's error stops at the secured layout: the root loader runs.
    const configure = '/products/no-such-product/configure/buy';
    const missing = await page.request.post(configure, { form: { buyFor: 'BUY_CARD' }, maxRedirects: 0 });
    expect(missing.status()).toBe(404);
    expectErrorHtml(await renderedHtml(missing), { requestId: missing.headers()['x-request-id'] ?? '', retry: configure, greeting: `Hello, ${fan.firstName}` });
    // An action's error at the root: React Router runs no loader, so no one is known to be signed in.
    const failed = await page.request.post('/dev/fail', { form: { anything: 'x' }, maxRedirects: 0 });
    expect(failed.status()).toBe(500);
    expectErrorHtml(await renderedHtml(failed), { requestId: failed.headers()['x-request-id'] ?? '', retry: '/dev/fail', greeting: null });
  });

  test('the fallback page hydrates as the server drew it (a form posted from a page)', async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, 'hydration needs JavaScript');
    await page.goto('/error');
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/dev/fail');
    // A plain form, as a page without the router sends it: a document request.
    await page.evaluate(() => {
      const form = document.createElement('form');
      form.method = 'post';
      form.action = '/dev/fail';
      document.body.append(form);
      form.submit();
    });
    const requestId = (await answer).headers()['x-request-id'] ?? '';
    await expect(page.locator('#error-id')).toHaveText(requestId);
    await expect.poll(() => page.evaluate(() => '__reactRouterDataRouter' in window)).toBe(true);
    await expect(page.locator('#error-id')).toHaveText(requestId);
    await expect(page.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', SUPPORT_URL);
    await expectNoAxeViolations(page);
  });
});

test.describe('translations in the browser', () => {
  test.use({ language: 'en' });
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'namespaces load in the browser only with JavaScript');

  test('a page hydrates with the translations its HTML carries; the next page in the app loads the ones it lacks', async ({ page, fan: _signedIn }) => {
    const documents: string[] = [];
    const translations: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.resourceType() === 'document') documents.push(url.pathname);
      const locale = /\/locale-(\w+)-(\w+)-[\w-]+\.js$/.exec(url.pathname);
      if (locale) translations.push(`${locale[1]}/${locale[2]}`);
    });
    await page.goto('/account');
    await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
    const block = page.locator('script#page-translations');
    const listed = ((await block.getAttribute('data-i18n-namespaces')) ?? '').split(' ');
    expect(listed).toEqual(expect.arrayContaining(['common', 'account']));
    expect(listed).not.toContain('addresses');
    expect(await block.getAttribute('type')).toBe('application/json');
    const carried = JSON.parse((await block.textContent()) ?? '') as Record<string, unknown>;
    expect(Object.keys(carried).toSorted()).toEqual(listed.toSorted());

    // A link followed before hydration is an ordinary page load (CI once clicked that early).
    const addresses = page.getByRole('link', { name: 'Addresses', exact: true });
    await waitForHydration(addresses);
    // Hydrated without downloading a single translation.
    expect(translations).toEqual([]);
    await addresses.click();
    await expect(page).toHaveURL(/\/account\/addresses$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your addresses' })).toBeVisible();
    await expect(page.getByText('The addresses saved here can be chosen for delivery and billing.')).toBeVisible();
    expect(documents).toEqual(['/account']);
    expect(translations).toContain('en/addresses');
    // Only what the page lacked: nothing it carried, nothing of the other language.
    expect(translations.filter((name) => !name.startsWith('en/') || listed.includes(name.slice(3)))).toEqual([]);
  });
});
