import { expect, test } from '@playwright/test';

// Server behaviour that is the same with and without JavaScript; the browser is not involved.
test.describe('HTTP contract', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'no browser involved: once is enough');

  test('pages carry an enforced CSP with a per-request nonce that the scripts and the inline CSS use', async ({ request }) => {
    const fetchPage = () => request.post('/language', { form: { lng: 'xx' }, maxRedirects: 0 });
    const first = await fetchPage();
    const csp = first.headers()['content-security-policy'];
    expect(csp).toBeDefined();
    expect(first.headers()['content-security-policy-report-only']).toBeUndefined();
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp ?? '')?.[1];
    expect(nonce).toBeTruthy();
    const html = await first.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    // The page's translations are a JSON data block: never run, so the CSP does not govern it.
    const dataBlocks = scripts.filter((script) => script.includes('type="application/json"'));
    expect(dataBlocks).toEqual([expect.stringContaining('id="page-translations"')]);
    const runnable = scripts.filter((script) => !dataBlocks.includes(script));
    expect(runnable.length).toBeGreaterThan(0);
    for (const script of runnable) expect(script).toContain(`nonce="${nonce}"`);
    // The site's CSS is inline (issues 10, 32); the nonce admits those <style>s and nothing else.
    expect(csp).toContain(`style-src 'self' 'nonce-${nonce}'`);
    const styles = [...html.matchAll(/<style\b[^>]*>/g)].map((match) => match[0]);
    expect(styles.length).toBeGreaterThan(0);
    for (const style of styles) expect(style).toContain(`nonce="${nonce}"`);
    const second = await fetchPage();
    expect(second.headers()['content-security-policy']).not.toBe(csp);
  });

  test('offline, the payment simulator answers at /_psp as Adyen would: without the API key, 401 in Adyen’s error format', async ({ request }) => {
    const response = await request.post('/_psp/checkout/v72/paymentMethods', { data: { merchantAccount: 'FanShopSimulator' } });
    expect(response.status()).toBe(401);
    expect(await response.json()).toEqual({ status: 401, errorCode: '000', message: 'HTTP Status Response - Unauthorized', errorType: 'security' });
  });

  test('the webhook endpoint: a body that is not JSON is a bare 400, one too large a 413, an unsigned item a 401 — never a 500', async ({ request }) => {
    const garbled = await request.post('/webhooks/adyen', { headers: { 'Content-Type': 'application/json' }, data: '{"notificationItems": [' });
    expect(garbled.status()).toBe(400);
    expect(await garbled.text()).toBe('Bad Request');
    const huge = await request.post('/webhooks/adyen', { headers: { 'Content-Type': 'application/json' }, data: `{"x":"${'a'.repeat(300_000)}"}` });
    expect(huge.status()).toBe(413);
    const item = { eventCode: 'AUTHORISATION', success: 'true', pspReference: 'ABCDEFGHIJKLMNOP', merchantReference: '100000001-1', additionalData: {} };
    const unsigned = await request.post('/webhooks/adyen', { data: { live: 'false', notificationItems: [{ NotificationRequestItem: item }] } });
    expect(unsigned.status()).toBe(401);
  });

  test('security headers and request id are set', async ({ request }) => {
    const response = await request.get('/products');
    const headers = response.headers();
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['x-frame-options']).toBeDefined();
    expect(headers['x-powered-by']).toBeUndefined();
    expect(headers['x-request-id']).toMatch(/^[\w.-]{8,64}$/);
  });

  test('responses are compressed with gzip, even for a browser that offers Brotli', async ({ request }) => {
    // Brotli is a proxy's job (docs/decisions/performance.md, issue 10): the shop only gzips.
    for (const offered of ['gzip', 'gzip, deflate, br, zstd']) {
      const response = await request.get('/products', { headers: { 'Accept-Encoding': offered } });
      expect(response.headers()['content-encoding']).toBe('gzip');
    }
  });

  test('a page is gzipped whole for a client that takes gzip, streamed to one that does not', async ({ request }) => {
    // docs/decisions/performance.md, "Documents gzipped whole": one gzip call per page, its length known.
    const gzipped = await request.get('/products', { headers: { 'Accept-Encoding': 'gzip;q=1, identity;q=0.5' } });
    expect(gzipped.headers()['content-length']).toMatch(/^\d+$/);
    expect(gzipped.headers()['transfer-encoding']).toBeUndefined();
    expect(gzipped.headers()['vary']).toMatch(/accept-encoding/i);
    expect(await gzipped.text()).toContain('</html>');
    for (const offered of ['identity', 'gzip;q=0']) {
      const plain = await request.get('/products', { headers: { 'Accept-Encoding': offered } });
      expect(plain.headers()['content-encoding']).toBeUndefined();
      expect(plain.headers()['transfer-encoding']).toBe('chunked');
      expect(await plain.text()).toContain('</html>');
    }
  });

  test('hashed assets are cached immutably; a missing asset is a 404, not a redirect', async ({ request }) => {
    const html = await (await request.post('/language', { form: { lng: 'xx' }, maxRedirects: 0 })).text();
    const asset = /(?:src|href)="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const response = await request.get(asset!);
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toContain('immutable');
    // A script carries what it needs of the security headers, not a document's (~1.5 KB each).
    expect(response.headers()['x-content-type-options']).toBe('nosniff');
    expect(response.headers()['cross-origin-resource-policy']).toBe('same-origin');
    expect(response.headers()['content-security-policy']).toBeUndefined();
    expect(response.headers()['permissions-policy']).toBeUndefined();
    const missing = await request.get('/assets/no-such-file.js', { maxRedirects: 0 });
    expect(missing.status()).toBe(404);
    const posted = await request.post(asset!, { form: { x: '1' }, maxRedirects: 0 });
    expect(posted.status()).toBe(404);
  });

  test('the root redirects with 302 and the language cookie is a plain value', async ({ request }) => {
    const root = await request.get('/', { maxRedirects: 0 });
    expect(root.status()).toBe(302);
    expect(root.headers()['location']).toBe('/products');
    const switched = await request.post('/language', {
      form: { lng: 'en', returnTo: 'https://evil.example/' },
      maxRedirects: 0,
    });
    expect(switched.status()).toBe(303);
    expect(switched.headers()['location']).toBe('/products');
    expect(switched.headers()['set-cookie']).toMatch(/^jc_prf_lng=en; Path=\/; Max-Age=31536000; SameSite=Lax; HttpOnly/);
  });

  test('the PSP’s return by POST (3-D Secure), from another site and without a cookie, is taken at the return page’s address alone: 303 to that page; every other page still refuses another origin’s POST', async ({ request }) => {
    const psp = { Origin: 'https://checkoutshopper-test.adyen.com' };
    // A result the simulator never gave: asked of it all the same (its word decides), and the page will say so.
    const back = await request.post('/paymentgateway/card?attempt=00000000-0000-4000-8000-000000000000', { headers: psp, form: { redirectResult: 'forged-by-hand' }, maxRedirects: 0 });
    expect(back.status()).toBe(303);
    expect(back.headers()['location']).toMatch(/^\/paymentgateway\/card\?return=[\w-]+$/);
    expect(back.headers()['set-cookie']).toBeUndefined();
    // Nothing of the PSP's in it: refused before anyone is asked.
    const empty = await request.post('/paymentgateway/card', { headers: psp, form: { orderId: 'x' }, maxRedirects: 0 });
    expect(empty.status()).toBe(400);
    for (const path of ['/language', '/payment?orderId=00000000-0000-4000-8000-000000000000', '/checkout']) {
      const refused = await request.post(path, { headers: psp, form: { redirectResult: 'forged-by-hand', lng: 'en', paymentMethod: 'scheme' }, maxRedirects: 0 });
      expect({ path, status: refused.status(), body: await refused.text() }).toEqual({ path, status: 400, body: 'Bad Request' });
    }
  });

  test('a body that is not a readable form is a 400, not a 500', async ({ request }) => {
    const response = await request.post('/language', {
      headers: { 'Content-Type': 'multipart/form-data; boundary=nothing-like-the-body' },
      data: 'this is not multipart',
      maxRedirects: 0,
    });
    expect(response.status()).toBe(400);
  });
});
