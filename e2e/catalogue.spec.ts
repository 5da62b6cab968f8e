import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/test';

const cardNames = (page: Page, section: string) =>
  page.locator(`section#${section} article h3`).allTextContents();

// The catalogue's pages ship no script (e2e/contract/catalogue.contract.ts says so of their
// HTML): with JavaScript on, the browser gets the very page a browser without it gets, and
// what it shows (layout, scrolling, focus) is the same. axe audits each page once per language.
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'no script on these pages: the js project sees the same; HTML in e2e/contract/catalogue.contract.ts');

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

  test("the hero names the season and the offer, and its call to action leads to the offer's product", async ({ page }) => {
    await page.goto('/products?lng=en');
    const hero = page.getByRole('region', { name: 'Choose your membership' });
    await expect(hero.getByRole('heading', { level: 1 })).toHaveText('Choose your membership');
    await expect(hero).toContainText('Season 2025/26');
    // The seed's Christmas offer (Black & White) ends on 28/12/2026; after it the hero features J1897.
    const onOffer = (await page.getByRole('article', { name: 'Black & White' }).getByText('Offer', { exact: true }).count()) > 0;
    const cta = hero.getByRole('link', { name: onOffer ? 'Discover the offer' : 'Discover J1897' });
    if (onOffer) await expect(hero).toContainText(/Christmas offer\s*Black & White at €49\.90 instead of €59\.90, until 28\/12\./);
    await expect(cta).toHaveClass(/button--accent/);
    await cta.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(onOffer ? 'Black & White' : 'J1897');
  });

  test('a dot or previous/next link takes the carousel to that slide, with no script', async ({ page }) => {
    await page.goto('/products?lng=en');
    const gallery = page.getByRole('region', { name: "This season's cards" });
    // Every slide carries a pager; only the current slide's can be seen (and so is exposed).
    const pager = page.getByRole('navigation', { name: "This season's cards: slides" });
    await expect(pager).toHaveCount(1);
    await expect(pager.getByRole('link', { name: /^Slide \d of 8$/ })).toHaveCount(8);
    await expect(pager.getByRole('link', { name: 'Slide 1 of 8' })).toHaveAttribute('aria-current', 'true');
    await expect(pager.getByRole('link', { name: /^Previous slide/ })).toHaveCount(0);

    await pager.getByRole('link', { name: 'Slide 5 of 8' }).click();
    await expect(page).toHaveURL(/#gallery-5$/);
    await expect(gallery.locator('#gallery-5 img')).toBeInViewport({ ratio: 0.9 });
    await expect(pager.getByRole('link', { name: 'Slide 5 of 8' })).toHaveAttribute('aria-current', 'true');
    await expect(pager.getByRole('link', { name: 'Slide 1 of 8' })).not.toHaveAttribute('aria-current', 'true');

    await pager.getByRole('link', { name: 'Next slide (6 of 8)' }).click();
    await expect(page).toHaveURL(/#gallery-6$/);
    await expect(gallery.locator('#gallery-6 img')).toBeInViewport({ ratio: 0.9 });
    await pager.getByRole('link', { name: 'Previous slide (5 of 8)' }).click();
    await expect(page).toHaveURL(/#gallery-5$/);
  });

  test("the coupon carousel has its own pager, and its last slide's way to /coupon", async ({ page }) => {
    await page.goto('/products?lng=en');
    const coupons = page.getByRole('navigation', { name: 'Have a coupon?: slides' });
    await coupons.getByRole('link', { name: 'Slide 4 of 4' }).click();
    await expect(page).toHaveURL(/#coupon-step-4$/);
    await expect(page.getByRole('link', { name: 'Use the coupon' })).toBeInViewport();
    await expect(coupons.getByRole('link', { name: /^Next slide/ })).toHaveCount(0);
    await expect(coupons.getByRole('link', { name: 'Previous slide (3 of 4)' })).toHaveAttribute('href', '#coupon-step-3');
  });

  test('the floating cart and coupon buttons never sit over the content', async ({ page }) => {
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/products?lng=en');
      const content = (await page.locator('.catalogue').boundingBox())!;
      const controls = (await page.getByRole('navigation', { name: 'Cart and coupon' }).boundingBox())!;
      expect(content.x + content.width).toBeLessThanOrEqual(controls.x);
    }
    // A phone: a toolbar at the bottom; at the page's end everything stands above it.
    await page.setViewportSize({ width: 375, height: 700 });
    await page.goto('/products?lng=en');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footer = (await page.getByRole('contentinfo').boundingBox())!;
    const bar = (await page.getByRole('navigation', { name: 'Cart and coupon' }).boundingBox())!;
    expect(footer.y + footer.height).toBeLessThanOrEqual(bar.y + 1);
    // Nobody's cart holds anything here: no cart button, the coupon stays.
    const floating = page.getByRole('navigation', { name: 'Cart and coupon' });
    await expect(floating.getByRole('link', { name: 'Coupon' })).toBeVisible();
    await expect(floating.getByRole('link', { name: /^Cart/ })).toHaveCount(0);
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
    await expect(page.getByText(/season runs from/)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Buy Club Card' })).toHaveAttribute('href', '/products/jcard/configure/buy');
    // The card goes with its holder's documents: bought, never given.
    await expect(page.getByRole('link', { name: 'Gift Club Card' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('a country restriction names the countries and links to the alternative', async ({ page }) => {
    await page.goto('/products/stadium');
    await expect(page.getByText('Disponibile solo per: Italia, San Marino e Città del Vaticano.')).toBeVisible();
    // When the membership runs (the club card, goods, has no season).
    await expect(page.getByText('La stagione 2025/26 va dal 01/07/2025 al 30/06/2026.')).toBeVisible();
    await page.getByRole('link', { name: "Scopri l'alternativa: Black & White" }).click();
    await expect(page).toHaveURL(/\/products\/black-and-white$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Black & White');
    await expectNoAxeViolations(page);
  });

  test('an unknown product is a 404 with the not-found message', async ({ page }) => {
    const response = await page.goto('/products/no-such-product?lng=en');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('The product you are looking for does not exist or is no longer on sale.')).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    await expectNoAxeViolations(page);
  });
});

test('the benchmark floor page is a valid page', async ({ page }) => {
  await page.goto('/_bench/floor');
  await expect(page.getByRole('heading', { name: 'OK' })).toBeVisible();
  await expectNoAxeViolations(page);
});
