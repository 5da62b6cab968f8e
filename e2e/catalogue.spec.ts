import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/test';

const cardNames = (page: Page, section: string) =>
  page.locator(`section#${section} article h3`).allTextContents();

test.describe('product list', () => {
  test('shows the three sections in order, each sorted by priority', async ({ page }) => {
    await page.goto('/products');
    const headings = page.locator('section.catalogue__section > h2');
    await expect(headings).toHaveText(['Premium', 'Abbonamenti e carta', 'Junior']);
    expect(await cardNames(page, 'premium')).toEqual(['J1897']);
    expect(await cardNames(page, 'default')).toEqual(['Black & White', 'Stadium', 'Carta del club', 'Academy – Scuola calcio']);
    expect(await cardNames(page, 'junior')).toEqual(['Young 11–13', 'Junior 5–10', 'Kids 0–4']);
    await expectNoAxeViolations(page);
  });

  test('cards offer buy and gift, a coupon when there is no price, and notify-me when sold out', async ({ page }) => {
    await page.goto('/products?lng=en');
    const card = (name: string) => page.getByRole('article', { name });

    const priced = card('J1897');
    await expect(priced.getByRole('link', { name: 'Buy J1897' })).toHaveAttribute('href', '/products/j1897/configure/buy');
    await expect(priced.getByRole('link', { name: 'Gift J1897' })).toHaveAttribute('href', '/products/j1897/configure/gift');
    await expect(priced).toContainText('€149');

    const couponOnly = card('Stadium');
    await expect(couponOnly).toContainText('Coupon only');
    await expect(couponOnly.getByRole('link')).toHaveText(['Stadium', 'Use coupon']);
    await expect(couponOnly.getByRole('link', { name: 'Use coupon for Stadium' })).toHaveAttribute(
      'href',
      '/products/stadium/configure/coupon',
    );

    const soldOut = card('Young 11–13');
    await expect(soldOut.getByRole('button', { name: 'Sold out' })).toBeDisabled();
    await expect(soldOut.getByRole('link', { name: /Buy|Gift/ })).toHaveCount(0);
    await expect(soldOut.getByRole('link', { name: 'Notify me when Young 11–13 is back' })).toHaveAttribute(
      'href',
      '/products/young/notify-me',
    );
    await expectNoAxeViolations(page);
  });

  test('the adult/kids switch changes the comparison table', async ({ page }) => {
    await page.goto('/products?lng=en');
    const table = page.getByRole('table', { name: /Membership benefits/ });
    await expect(table.locator('thead th')).toHaveText(['J1897', 'Black & White', 'Stadium']);
    await expect(table.getByRole('row', { name: /^Match tickets/ })).toHaveText(/20% off\s*10% off\s*10% off/);

    await page.getByRole('link', { name: 'Kids', exact: true }).click();
    await expect(page).toHaveURL(/\?lng=en&group=kids#benefits$/);
    await expect(table.locator('thead th')).toHaveText(['Young 11–13', 'Junior 5–10', 'Kids 0–4']);
    await expect(table.getByRole('row', { name: /^Museum/ })).toHaveText(/20% off\s*20% off\s*Free/);
    await expect(page.getByRole('link', { name: 'Kids', exact: true })).toHaveAttribute('aria-current', 'true');
    await expectNoAxeViolations(page);
  });

  test('?show= takes the visitor to that section', async ({ page }) => {
    await page.goto('/products?show=junior');
    await expect(page).toHaveURL(/\/products#junior$/);
    await expect(page.getByRole('heading', { name: 'Junior', exact: true, level: 2 })).toBeInViewport();
  });

  test('the carousels are keyboard-reachable and the coupon one ends at /coupon', async ({ page }) => {
    await page.goto('/products?lng=en');
    const gallery = page.getByRole('region', { name: "This season's cards" });
    await expect(gallery.locator('img')).toHaveCount(8);
    await gallery.focus();
    await expect(gallery).toBeFocused();
    const coupons = page.getByRole('region', { name: 'Have a coupon?' });
    await expect(coupons.getByRole('listitem').last().getByRole('link', { name: 'Use the coupon' })).toHaveAttribute(
      'href',
      '/coupon',
    );
    for (const image of await page.locator('main img').all()) {
      await expect(image).toHaveAttribute('width', '640');
      await expect(image).toHaveAttribute('height', '400');
    }
  });

  test('the catalogue page ships no JavaScript', async ({ page }) => {
    await page.goto('/products');
    await expect(page.locator('script')).toHaveCount(0);
  });
});

test.describe('product detail', () => {
  test('the club card shows price, sizes with stock, personalisation and actions', async ({ page }) => {
    await page.goto('/products/jcard?lng=en');
    await expect(page).toHaveTitle('Fan Membership Shop – Club Card');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Club Card');
    const sizes = page.getByRole('table', { name: 'Available sizes with Italian and UK equivalents' });
    await expect(sizes.locator('tbody tr')).toHaveCount(8);
    await expect(sizes.getByRole('row', { name: /^XXXL/ })).toContainText('Sold out');
    await expect(sizes.getByRole('row', { name: /^M/ })).toContainText('Available');
    await expect(page.getByText('Name on the card: letters and digits only, up to 10 characters.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Buy Club Card' })).toHaveAttribute('href', '/products/jcard/configure/buy');
    // The card goes with its holder's documents: bought, never given.
    await expect(page.getByRole('link', { name: 'Gift Club Card' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('a country restriction names the countries and links to the alternative', async ({ page }) => {
    await page.goto('/products/stadium');
    await expect(page.getByText('Disponibile solo per: Italia, San Marino e Città del Vaticano.')).toBeVisible();
    await page.getByRole('link', { name: "Scopri l'alternativa: Black & White" }).click();
    await expect(page).toHaveURL(/\/products\/black-and-white$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Black & White');
    await expectNoAxeViolations(page);
  });

  test('a sold-out product shows the disabled control and notify-me', async ({ page }) => {
    await page.goto('/products/young?lng=en');
    await expect(page.getByRole('button', { name: 'Sold out' })).toBeDisabled();
    await expect(page.getByRole('link', { name: 'Notify me when Young 11–13 is back' })).toBeVisible();
  });

  test('an unknown product is a 404 with the not-found message', async ({ page }) => {
    const response = await page.goto('/products/no-such-product?lng=en');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('The product you are looking for does not exist or is no longer on sale.')).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    await expectNoAxeViolations(page);
  });

  test('the detail page describes itself to search engines in both languages', async ({ page }) => {
    await page.goto('/products/j1897');
    await expect(page).toHaveTitle('Fan Shop Abbonamenti – J1897');
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', /\/products\/j1897\?lng=en$/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{20,}/);
    await expectNoAxeViolations(page);
  });
});

test('the benchmark floor page is a valid page', async ({ page }) => {
  await page.goto('/_bench/floor');
  await expect(page.getByRole('heading', { name: 'OK' })).toBeVisible();
  await expectNoAxeViolations(page);
});
