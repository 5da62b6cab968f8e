import { newFan } from './pages/auth';
import { DevPages, shopToday } from './pages/dev';
import { expectNoAxeViolations } from './support/axe';
import { showShopIn } from './support/shop';
import { markSoldOut } from './support/stock-state';
import { expect, test } from './support/test';

/**
 * The restock test marks this product sold out itself, so it depends on no other test's order.
 * Each project has its own shop, so the contract (on the no-js shop) can use it too. (Young
 * stays sold out: the catalogue tests expect it.)
 */
const PRODUCT = { id: 'junior', name: 'Junior 5–10' };

// Notify-me in the browser, with JavaScript. The no-JavaScript conversation — the anonymous
// visitor's redirect to sign in, asking, the list in both languages, the restock and its one
// mail, stopping, the 404 — is e2e/contract/notify-me.contract.ts; no page here shows a browser
// without JavaScript anything its HTML does not (no layout or focus of its own).
test.describe('notify-me', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'no-JS path: e2e/contract/notify-me.contract.ts');
  test.use({ language: 'en' });

  // A fan of its own: it counts the fan's requests and mail.
  test('a fan asks, is told "we\'ll tell you", and gets exactly one mail after the restock (it)', async ({ page, auth }) => {
    const product = PRODUCT;
    const dev = new DevPages(page);
    const fan = await auth.signUp(newFan('Giulia'));
    await markSoldOut(page.request, product.id);

    await showShopIn(page, 'it');
    const pagePath = `/products/${product.id}/notify-me`;
    await page.goto(pagePath);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Avvisami quando ${product.name} torna disponibile`);
    await expect(page.locator('main')).toContainText(fan.email);
    await expect(page.getByRole('status')).toBeEmpty();
    // The same form in a second tab: asking twice must change nothing.
    const secondTab = await page.context().newPage();
    await secondTab.goto(pagePath);

    await page.getByRole('button', { name: 'Avvisami' }).click();
    await expect(page.getByRole('status')).toContainText('Ti avviseremo');
    await expect(page.locator('main')).toContainText(`Appena ${product.name} torna in vendita ti scriveremo a ${fan.email}`);
    await expect(page).toHaveURL(new RegExp(`${pagePath}$`));
    await expect(page.getByRole('button', { name: 'Avvisami' })).toHaveCount(0);
    await expectNoAxeViolations(page);

    await secondTab.getByRole('button', { name: 'Avvisami' }).click();
    await expect(secondTab.getByRole('status')).toContainText('Ti avviseremo');
    await secondTab.close();

    await page.getByRole('link', { name: 'Vedi tutte le tue richieste di avviso' }).click();
    await expect(page).toHaveURL(/\/account\/notify-me$/);
    const requests = page.locator('main li');
    await expect(requests).toHaveCount(1);
    await expect(requests.getByRole('link', { name: product.name })).toHaveAttribute('href', `/products/${product.id}`);
    await expect(requests).toContainText(`Richiesto il ${shopToday()}`);
    await expect(requests).toContainText('In attesa');
    await expectNoAxeViolations(page);

    // Support restocks: one mail, in the language the fan asked in.
    await dev.restock(product.name, 5);
    await expectNoAxeViolations(page);
    await dev.openOutbox(fan.email);
    const mails = page.locator('main li');
    await expect(mails).toHaveCount(1);
    await expect(mails.getByRole('heading', { level: 2 })).toHaveText(`${product.name} è di nuovo in vendita`);
    await expect(mails).toContainText(fan.email);
    await expect(mails).toContainText('Not sent: it stays in the outbox');
    await expectNoAxeViolations(page);
    await showShopIn(page, 'it');
    await page.reload();
    await expect(mails).toHaveCount(1);
    await expectNoAxeViolations(page);

    // The fan's list says the mail went out; the page now sends the fan to the product.
    await page.goto('/account/notify-me');
    await expect(requests).toContainText(`E-mail inviata il ${shopToday()}`);
    await page.goto(pagePath);
    await expect(page.getByText(`${product.name} è in vendita adesso: non serve aspettare.`)).toBeVisible();
    await expect(page.getByRole('link', { name: `Vai a ${product.name}` })).toHaveAttribute('href', `/products/${product.id}`);
  });

  // The worker's fan: asks, then stops waiting, so their list is empty again afterwards.
  test('a fan stops waiting from the list (en)', async ({ page, fan: _signedIn }) => {
    await page.goto('/account/notify-me');
    await expect(page.getByText('You are not waiting for any product.')).toBeVisible(); // as the test found it
    await page.goto('/products/young/notify-me');
    await page.getByRole('button', { name: 'Notify me' }).click();
    await expect(page.getByRole('status')).toContainText("We'll tell you");
    await expect(page.getByRole('heading', { level: 2, name: "We'll tell you" })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto('/account/notify-me');
    await expect(page.locator('main li')).toContainText('Waiting');
    await page.getByRole('button', { name: 'Stop waiting for Young 11–13' }).click();
    await expect(page.getByRole('status')).toHaveText('Young 11–13 has been removed from your list.');
    await expect(page.getByText('You are not waiting for any product.')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto('/products/young/notify-me');
    await expect(page.getByRole('button', { name: 'Notify me' })).toBeVisible();
  });

  test('an unknown product is a 404; a product on sale needs no request', async ({ page, fan: _signedIn }) => {
    const response = await page.goto('/products/no-such-product/notify-me');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('The product you are looking for does not exist or is no longer on sale.')).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto('/products/j1897/notify-me');
    await expect(page.getByText('J1897 is on sale now: no need to wait.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to J1897' })).toHaveAttribute('href', '/products/j1897');
    await expect(page.getByRole('button', { name: 'Notify me' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});
