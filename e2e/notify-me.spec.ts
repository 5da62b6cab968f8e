import { newFan } from './pages/auth';
import { DevPages, shopToday } from './pages/dev';
import { expectNoAxeViolations } from './support/axe';
import { showShopIn } from './support/shop';
import { expect, test } from './support/test';

/**
 * The restock test marks this product sold out itself, so it depends on no other test's order.
 * Each project has its own shop, so `js` and `no-js` can both use it. (Young stays sold out:
 * the catalogue tests expect it.)
 */
const PRODUCT = { id: 'junior', name: 'Junior 5–10' };

test.describe('notify-me', () => {
  test.use({ language: 'en' });

  test('an anonymous visitor is sent to sign in, with the page to come back to', async ({ page }) => {
    const response = await page.goto('/products/young/notify-me');
    const chain: string[] = [];
    for (let request = response?.request() ?? null; request; request = request.redirectedFrom()) {
      const url = new URL(request.url());
      chain.unshift(url.pathname + url.search);
    }
    expect(chain.slice(0, 2)).toEqual(['/products/young/notify-me', '/login?redirectUri=%2Fproducts%2Fyoung%2Fnotify-me']);
    await expect(page).toHaveURL(/\/sign-in\/[\w-]+\/$/);
    await expectNoAxeViolations(page);
  });

  // A fan of its own: it counts the fan's requests and mail.
  test('a fan asks, is told "we\'ll tell you", and gets exactly one mail after the restock', async ({ page, auth }) => {
    // A sign-up, two languages, support pages and twelve axe audits (a mirror page each without
    // JavaScript): ~50 s alone, and CI once needed over 90 s on busy cores.
    test.setTimeout(180_000);
    const product = PRODUCT;
    const dev = new DevPages(page);
    const fan = await auth.signUp(newFan('Giulia'));
    await dev.markSoldOut(product.name);
    await expectNoAxeViolations(page);

    // Italian: ask.
    await showShopIn(page, 'it');
    const pagePath = `/products/${product.id}/notify-me`;
    await page.goto(pagePath);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Avvisami quando ${product.name} torna disponibile`);
    await expect(page.locator('main')).toContainText(fan.email);
    await expect(page.getByRole('status')).toBeEmpty();
    await expectNoAxeViolations(page);
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

    // English: the same state.
    await showShopIn(page, 'en');
    await page.reload();
    await expect(requests).toHaveCount(1);
    await expect(requests).toContainText('Waiting');
    await expect(requests.getByRole('button', { name: `Stop waiting for ${product.name}` })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto(pagePath);
    await expect(page.getByRole('heading', { level: 2, name: "We'll tell you" })).toBeVisible();
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
    await expectNoAxeViolations(page);
    await page.goto(pagePath);
    await expect(page.getByText(`${product.name} è in vendita adesso: non serve aspettare.`)).toBeVisible();
    await expect(page.getByRole('link', { name: `Vai a ${product.name}` })).toHaveAttribute('href', `/products/${product.id}`);
  });

  // The worker's fan: asks, then stops waiting, so their list is empty again afterwards.
  test('a fan stops waiting from the list', async ({ page, fan: _signedIn }) => {
    await page.goto('/account/notify-me');
    await expect(page.getByText('You are not waiting for any product.')).toBeVisible(); // as the test found it
    await page.goto('/products/young/notify-me');
    await page.getByRole('button', { name: 'Notify me' }).click();
    await expect(page.getByRole('status')).toContainText("We'll tell you");

    await page.goto('/account/notify-me');
    await page.getByRole('button', { name: 'Stop waiting for Young 11–13' }).click();
    await expect(page.getByRole('status')).toHaveText('Young 11–13 has been removed from your list.');
    await expect(page.getByText('You are not waiting for any product.')).toBeVisible();
    await expectNoAxeViolations(page);

    await showShopIn(page, 'it');
    await page.goto('/account/notify-me');
    await expect(page.getByText('Non stai aspettando nessun prodotto.')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto('/products/young/notify-me');
    await expect(page.getByRole('button', { name: 'Avvisami' })).toBeVisible();
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
