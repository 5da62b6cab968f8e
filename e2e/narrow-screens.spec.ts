import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { test } from './support/test';
import { newFan } from './pages/auth';
import { saveAddress } from './pages/cart';
import { openCheckoutWithMembershipTerms } from './pages/checkout';
import { MARIOS_FORM } from './pages/profile';
import { buyStadiumForMyself } from './pages/memberships';
import { BLACK_AND_WHITE_PRICE, HostedCheckout } from './pages/payment';
import { DevPages } from './pages/dev';
import { showShopIn } from './support/shop';

// Issue 30 item 3: at a small phone's width (320 px) and a common one (375 px) no page scrolls
// sideways, whatever the fan typed. Every kind of page is opened once, with the longest data a
// fan can plausibly give: a 48-character e-mail, a street of long words, a long coupon code.

const WIDTHS = [320, 375] as const;

const PAY_ON_A_PHONE = { it: 'Conferma e paga', en: 'Confirm and pay' } as const;

/** A street as long as real ones get, with a word no line break can split by itself. */
const LONG_STREET = 'Lungotevere dei Mellini Passeggiatadelleprincipessedisavoiacarignano';

/**
 * Why the page scrolls sideways: the first elements that stick out of their parent's box past
 * the screen's edge (the ones that widen it), or nothing when the page fits.
 */
function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.documentElement;
    if (root.scrollWidth <= root.clientWidth) return [];
    const limit = root.clientWidth + 0.5;
    const rightOf = (element: Element) => element.getBoundingClientRect().right;
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${
        element.classList.length ? `.${[...element.classList].join('.')}` : ''
      } (right ${Math.round(rightOf(element))} px)`;
    const culprits = [...document.body.querySelectorAll('*')].filter(
      (element) => rightOf(element) > limit && element.parentElement && rightOf(element) > rightOf(element.parentElement) + 0.5,
    );
    return [`page ${root.scrollWidth} px wide`, ...culprits.slice(0, 4).map(describe)];
  });
}

/** The current page fits both widths (checked softly, so one run names every page that does not). */
async function expectFits(page: Page, name: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 720 });
    expect.soft(await sidewaysOverflow(page), `${name} at ${width} px`).toEqual([]);
  }
}

async function open(page: Page, name: string, path: string): Promise<void> {
  await page.goto(path);
  await expectFits(page, name);
}

for (const language of ['it', 'en'] as const) {
  test(`no page is wider than a phone (${language})`, async ({ page, auth }) => {
    test.setTimeout(180_000);
    await showShopIn(page, language);
    await open(page, 'catalogue', '/products');
    await open(page, 'membership product', '/products/black-and-white');
    await open(page, 'club card product', '/products/jcard');
    await open(page, 'not found', '/products/no-such-product');

    // The sign-up helper waits for the header's greeting, which a phone's header folds away.
    await page.setViewportSize({ width: 1280, height: 800 });
    const email = `tifosa.bianconera.da.sempre-${randomBytes(4).toString('hex')}@example.org`;
    await auth.signUp({ ...newFan('Mario'), email });
    expect((await page.request.post('/account/profile/complete', { form: MARIOS_FORM })).ok()).toBe(true);
    await showShopIn(page, language);
    await saveAddress(page.request, {
      countryCode: 'IT',
      provinceCode: 'TO',
      cityCode: 'L219',
      postalCode: '10121',
      street: LONG_STREET,
      number: '1234/B',
      extraInfo: 'Scala C, interno 17, citofono Rossi-Bianchi-Verdi',
    });

    await open(page, 'account', '/account');
    await open(page, 'address book', '/account/addresses');
    await open(page, 'new address', '/account/addresses/new');
    await open(page, 'notify-me', '/account/notify-me');
    await open(page, 'buy form', '/products/black-and-white/configure/buy');
    await open(page, 'gift form', '/products/black-and-white/configure/gift');
    await open(page, 'card form', '/products/jcard/configure/buy');
    await page.goto('/products/stadium/configure/coupon');
    const couponAnswer = await page.request.post('/products/stadium/configure/coupon', {
      form: { couponCode: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', buyFor: 'BUY_CARD' },
    });
    expect(couponAnswer.status(), 'a long coupon is refused').toBe(400);
    await expectFits(page, 'coupon entry');

    // A zero-total membership (coupon): thank-you, My Membership and the receipt.
    const code = await buyStadiumForMyself(page, language);
    await expectFits(page, 'thank-you');
    await open(page, 'my membership', '/mymembership/manage');
    await open(page, 'membership', `/mymembership/manage/${code}`);
    await open(page, 'renewal preferences', `/mymembership/manage/${code}/renewal`);
    await open(page, 'upgrade', `/products/black-and-white/upgrade/${code}`);
    await open(page, 'orders', '/account/orders');
    await page.getByRole('main').getByRole('link', { name: /\d/ }).first().click();
    await expect(page).toHaveURL(/\/account\/orders\/[0-9a-f-]{36}$/);
    await expectFits(page, 'receipt');

    // A gift paid by card: cart, checkout, the PSP's page, the redemption link.
    const recipient = `amica.del.cuore.bianconero-${randomBytes(4).toString('hex')}@example.org`;
    const gift = await page.request.post('/products/black-and-white/configure/gift', {
      form: { giftRecipient: 'someone', giftContactType: 'EMAIL', giftEmail: recipient, giftMessage: 'Forza! '.repeat(14) },
    });
    expect(gift.ok(), `gift added: ${gift.status()}`).toBe(true);
    await open(page, 'cart', '/cart');
    await openCheckoutWithMembershipTerms(page, language);
    await expectFits(page, 'checkout');
    // A phone's checkout names its button in full ("Confirm and pay").
    await page.getByRole('button', { name: PAY_ON_A_PHONE[language], exact: true }).click();
    const hosted = new HostedCheckout(page, language, BLACK_AND_WHITE_PRICE[language]);
    await hosted.expectOpen();
    await expectFits(page, "the PSP's page");
    await hosted.payByCard('APPROVED');
    await expect(page).toHaveURL(/\/thankyou\?orderId=/);
    await expectFits(page, 'thank-you for a gift');
    await new DevPages(page).openOutbox(recipient);
    const link = /\/redeem-gift\?code=[^\s"<]+/.exec((await page.locator('main').textContent()) ?? '')?.[0];
    expect(link, 'the redemption link in the mail').toBeTruthy();
    await open(page, 'gift redemption', link!.replaceAll('&amp;', '&'));
    await open(page, 'reload-docs link not valid', '/reload-docs?id=00000000-0000-0000-0000-000000000000&hash=x');
  });
}
