import { randomUUID } from 'node:crypto';
import { OrderPages } from './pages/orders';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/test';

// The order pages (issue 13) without an order to show: the thank-you page is the plain success
// page for anyone who does not own the `orderId`, and the worker's fan (who never orders: an
// order cannot be undone) has an empty orders list and no receipts. A real order's summary and
// receipt come with checkout's flow (the lead's spec reuses pages/orders.ts).

for (const language of ['it', 'en'] as const) {
  test.describe(`order pages (${language})`, () => {
    test.use({ language });

    test('signed out, the thank-you page sends the visitor to sign in and back (spec: secured)', async ({ page }) => {
      const orderId = randomUUID();
      const response = await page.goto(`/thankYou?orderId=${orderId}`);
      const chain: string[] = [];
      for (let request = response?.request() ?? null; request; request = request.redirectedFrom()) {
        chain.unshift(new URL(request.url()).pathname + new URL(request.url()).search);
      }
      expect(chain[1]).toBe(`/login?redirectUri=${encodeURIComponent(`/thankYou?orderId=${orderId}`)}`);
      await expect(page).toHaveURL(/\/sign-in\/[\w-]+\/$/);
    });

    test('signed in, no orderId, a malformed one and an unknown one show the plain page, never an error', async ({ page, fan: _signedIn }) => {
      const orders = new OrderPages(page, language);
      for (const [orderId, path] of [
        [null, '/thankyou'],
        ['not-an-order', '/thankyou'],
        ["1' or '1'='1", '/thankYou'],
        [randomUUID(), '/thankYou'],
      ] as const) {
        const response = await orders.openThankYou(orderId, path);
        expect(response?.status(), `${path} ${orderId}`).toBe(200);
        await orders.expectPlainThankYou();
      }
      // Nothing on it needs a script (route handle `hydrate: false`).
      await expect(page.locator('script')).toHaveCount(0);
      await expectNoAxeViolations(page);
    });

    test('the account dashboard leads to the orders list, empty for a fan who never ordered', async ({ page, fan: _signedIn }) => {
      const orders = new OrderPages(page, language);
      await page.goto('/account');
      await page.getByRole('link', { name: orders.texts.dashboardLink, exact: true }).click();
      await expect(page).toHaveURL(/\/account\/orders$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(orders.texts.listHeading);
      await orders.expectEmptyOrderList();
      await expectNoAxeViolations(page);
    });
  });
}

test.describe('order pages: what is not the fan’s', () => {
  test.use({ language: 'en' });

  test('a receipt of an unknown or malformed order id is the 404 page', async ({ page, fan: _signedIn }) => {
    const orders = new OrderPages(page, 'en');
    await orders.expectNotFound(await orders.openReceipt(randomUUID()));
    await orders.expectNotFound(await orders.openReceipt('not-an-order'));
  });

  test('the orders pages send a signed-out visitor to sign in, with the page to come back to', async ({ page }) => {
    const path = `/account/orders/${randomUUID()}`;
    const response = await page.goto(path);
    const chain: string[] = [];
    for (let request = response?.request() ?? null; request; request = request.redirectedFrom()) {
      const url = new URL(request.url());
      chain.unshift(url.pathname + url.search);
    }
    expect(chain.slice(0, 2)).toEqual([path, `/login?redirectUri=${encodeURIComponent(path)}`]);
    await expect(page).toHaveURL(/\/sign-in\/[\w-]+\/$/);
  });
});
