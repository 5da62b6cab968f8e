import type { Page } from '@playwright/test';
import { EN, newFan } from './pages/auth';
import { MARIO, MARIOS_FORM } from './pages/profile';
import { javaScriptEnabled, showShopIn } from './support/shop';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/test';

// The shop in English unless a test says otherwise (the fixture keeps it through a sign-up).
test.use({ language: 'en' });

// Defects found by trying the shop as a new fan would (issue 8, item 10), in both projects.

const PHONE = { width: 360, height: 740 };

test.describe('the header on a phone', () => {
  test.use({ viewport: PHONE });

  test('is one row with a menu that opens without JavaScript and by keyboard', async ({ page }) => {
    await showShopIn(page, 'en');
    await page.goto('/products');
    const banner = page.getByRole('banner');
    const brand = banner.getByRole('link', { name: 'Fan Membership Shop' });
    // A <summary>: exposed as an expandable control, though not with ARIA's button role.
    const menu = banner.locator('summary', { hasText: 'Menu' });
    const disclosure = banner.locator('details');
    // One row: the toggle sits beside the brand, and the bar is no taller than the toggle plus its padding.
    const [brandBox, menuBox, bannerBox] = await Promise.all([brand.boundingBox(), menu.boundingBox(), banner.boundingBox()]);
    expect(Math.abs(brandBox!.y + brandBox!.height / 2 - (menuBox!.y + menuBox!.height / 2))).toBeLessThan(4);
    expect(bannerBox!.height).toBeLessThan(menuBox!.height * 2);
    const products = banner.getByRole('link', { name: 'Products' });
    await expect(products).toBeHidden();
    await expect(disclosure).not.toHaveAttribute('open');

    await menu.focus();
    await page.keyboard.press('Enter');
    await expect(disclosure).toHaveAttribute('open');
    await expect(products).toBeVisible();
    await expect(banner.getByRole('button', { name: "Passa all'italiano" })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.keyboard.press('Tab');
    await expect(banner.getByRole('link', { name: 'Products' })).toBeFocused();
    await menu.click();
    await expect(products).toBeHidden();
  });
});

test('on a wide screen the header shows its links without a menu toggle', async ({ page }) => {
  await showShopIn(page, 'en');
  await page.goto('/products');
  const banner = page.getByRole('banner');
  await expect(banner.locator('summary', { hasText: 'Menu' })).toBeHidden();
  await expect(banner.getByRole('link', { name: 'Products' })).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Sign in' })).toBeVisible();
});

test('a missing product does not ask an anonymous visitor to sign in again', async ({ page }) => {
  await showShopIn(page, 'en');
  const response = await page.goto('/products/no-such-product');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('main').getByRole('link', { name: 'Sign in again' })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

/** Where the text of the element wraps: for each line break, the characters before and after it ("a|b"). */
async function lineBreaks(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluate((element) => {
    const breaks: string[] = [];
    let last: { top: number; character: string } | null = null;
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let index = 0; index < text.length; index += 1) {
        const range = document.createRange();
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const top = range.getBoundingClientRect().top;
        if (last && top > last.top + 2) breaks.push(`${last.character}|${text.charAt(index)}`);
        last = { top, character: text.charAt(index) };
      }
    }
    return breaks;
  });
}

test('a signed-in fan: account on a phone, delete cancel, notify-me asked, branded sign-out', async ({ page, auth }) => {
  test.slow(); // sign-up, profile, an address, a notify-me request and axe audits
  // A long e-mail, so that on a phone it must wrap somewhere.
  const fan = { ...newFan(MARIO.firstName), email: `${newFan().email.replace('@', '-with-a-long-name@')}` };
  await showShopIn(page, 'en');
  await auth.signUp(fan);

  await test.step('the profile summary wraps the e-mail at sensible points and never the tax code', async () => {
    const saved = await page.request.post('/account/profile/complete', { form: MARIOS_FORM });
    expect(saved.ok()).toBe(true);
    await page.setViewportSize(PHONE);
    await page.goto('/account');
    await expect(page.locator('.profile-summary__value--taxCode')).toHaveText(MARIO.validTaxCode);
    expect(await lineBreaks(page, '.profile-summary__value--taxCode')).toEqual([]);
    const emailBreaks = await lineBreaks(page, '.profile-summary__value--email');
    expect(emailBreaks.length).toBeGreaterThan(0);
    // Before "@" or a dot, or after a hyphen: never inside a word.
    for (const around of emailBreaks) expect(around).toMatch(/^-\||\|[@.]$/);
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  await test.step('the delete confirmation can be cancelled', async () => {
    const added = await page.request.post('/account/addresses/new', {
      form: {
        firstName: MARIO.firstName,
        lastName: 'Rossi',
        phone: '+33 1 23 45 67 89',
        countryCode: 'FR',
        city: 'Paris',
        postalCode: '75001',
        street: 'Rue de Rivoli',
      },
    });
    expect(added.ok()).toBe(true);
    await page.goto('/account/addresses');
    const card = page.getByRole('list', { name: 'Saved addresses' }).getByRole('listitem').first();
    const toggle = card.locator('summary', { hasText: 'Delete' });
    await toggle.click();
    const cancel = card.getByRole('link', { name: /^No, cancel/ });
    await expect(cancel).toBeVisible();
    await expect(cancel).toHaveAccessibleName(/Rue de Rivoli/);
    await expectNoAxeViolations(page);
    await cancel.click();
    await expect(cancel).toBeHidden();
    await expect(card.getByRole('button', { name: /^Yes, delete it/ })).toBeHidden();
    await expect(card).toContainText('Rue de Rivoli');
    // With JavaScript the fan stays where they were: on the toggle they opened.
    if (javaScriptEnabled()) await expect(toggle).toBeFocused();
  });

  await test.step('the product page says "we\'ll tell you" after the fan asked', async () => {
    // Young stays sold out for the whole run (the catalogue tests rely on it).
    await page.goto('/products/young/notify-me');
    await page.getByRole('button', { name: 'Notify me' }).click();
    await expect(page.getByRole('heading', { name: "We'll tell you" })).toBeVisible();
    await page.goto('/products/young');
    await expect(page.locator('main').getByText("We'll tell you when Young 11–13 is back.")).toBeVisible();
    await expect(page.getByRole('link', { name: 'See your notify-me requests' })).toHaveAttribute('href', '/account/notify-me');
    await expect(page.getByRole('link', { name: /^Notify me/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  await test.step('the language switch comes back to the same place (the #fragment needs JavaScript)', async () => {
    await page.goto('/account/addresses#main');
    await page.getByRole('banner').getByRole('button', { name: "Passa all'italiano" }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Switch to English' })).toBeVisible();
    // A plain form cannot read the fragment: without JavaScript the fan lands at the top of the page.
    await expect(page).toHaveURL(javaScriptEnabled() ? /\/account\/addresses#main$/ : /\/account\/addresses$/);
    await page.getByRole('banner').getByRole('button', { name: 'Switch to English' }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: "Passa all'italiano" })).toBeVisible();
  });

  await test.step("the sign-in service's own logout page (a link to it) is in the shop's look", async () => {
    // The shop's sign-out never passes through it, a link to the service's logout does; a page
    // without a script: the project without JavaScript is enough.
    if (javaScriptEnabled()) return;
    await page.goto('/sso/session/end?client_id=fan-shop');
    await expect(page.getByRole('heading', { level: 1, name: 'Signing out…' })).toBeVisible();
    // The shop's stylesheet is applied: the brand bar has the brand colour.
    const bar = page.getByRole('banner');
    await expect(bar).toContainText('Fan Membership Shop');
    await expect(bar).toHaveCSS('background-color', 'rgb(17, 17, 17)');
    await expect(page.getByRole('button', { name: EN.completeSignOut })).toHaveCSS('min-height', '44px');
    await expectNoAxeViolations(page);
    await page.goto('/account');
  });

  await test.step('signing out from the header goes straight home, with or without JavaScript', async () => {
    await page.getByRole('banner').getByRole('button', { name: EN.signOut }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  });
});
