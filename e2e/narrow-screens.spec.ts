import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { test } from './support/test';
import { newFan } from './pages/auth';
import { saveAddress } from './pages/cart';
import { BLACK_AND_WHITE_PRICE, HostedCheckout } from './pages/payment';
import { openCheckoutWithMembershipTerms } from './pages/checkout';
import { profileCompleted, stadiumBoughtWithCoupon } from './support/account-state';
import { signUpOverHttp } from './support/http-sign-up';
import { javaScriptEnabled, showShopIn, type Language } from './support/shop';

// At a small phone's width (320 px) and a common one (375 px) no page scrolls sideways, whatever
// the fan typed. Every kind of page is opened once per language, with the longest data a fan can
// plausibly give: a 48-character e-mail, a street of long words, a long coupon code. Layout is
// what only a browser can tell; the state the pages show is posted over HTTP beforehand
// (support/account-state.ts), except the card payment, whose page is one of those measured.

const WIDTHS = [320, 375] as const;

const PAY_ON_A_PHONE = { it: 'Conferma e paga', en: 'Confirm and pay' } as const;
const COUPON = { it: { label: 'Codice coupon', submit: 'Continua e aggiungi al carrello' }, en: { label: 'Coupon code', submit: 'Continue and add to cart' } } as const;

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

/**
 * A fan with a long e-mail, a complete profile, a long Turin address and a gift of Black & White
 * with a long message in the cart, signed in in `page`'s context (all over HTTP, no page visited).
 */
async function fanWithLongData(page: Page, baseURL: string, language: Language): Promise<void> {
  const email = `tifosa.bianconera.da.sempre-${randomBytes(4).toString('hex')}@example.org`;
  await page.context().addCookies(await signUpOverHttp(baseURL, { ...newFan('Mario'), email }));
  await showShopIn(page, language, baseURL);
  await profileCompleted(page.request);
  await saveAddress(page.request, {
    countryCode: 'IT',
    provinceCode: 'TO',
    cityCode: 'L219',
    postalCode: '10121',
    street: LONG_STREET,
    number: '1234/B',
    extraInfo: 'Scala C, interno 17, citofono Rossi-Bianchi-Verdi',
  });
}

/** A gift paid by card (its checkout and the PSP's page are measured on the way); answers its recipient. */
async function giftInCart(page: Page): Promise<string> {
  const recipient = `amica.del.cuore.bianconero-${randomBytes(4).toString('hex')}@example.org`;
  const gift = await page.request.post('/products/black-and-white/configure/gift', {
    form: { giftRecipient: 'someone', giftContactType: 'EMAIL', giftEmail: recipient, giftMessage: 'Forza! '.repeat(14) },
  });
  expect(gift.ok(), `gift added: ${gift.status()}`).toBe(true);
  return recipient;
}

for (const language of ['it', 'en'] as const) {
  test(`no page is wider than a phone (${language})`, async ({ page, baseURL }) => {
    test.skip(!javaScriptEnabled(), 'the pages whose layout differs without JavaScript: the test below');
    // About thirty pages, each measured at two widths, and a card payment.
    test.setTimeout(90_000);
    await showShopIn(page, language);
    await open(page, 'catalogue', '/products');
    await open(page, 'membership product', '/products/black-and-white');
    await open(page, 'club card product', '/products/jcard');
    await open(page, 'not found', '/products/no-such-product');

    await fanWithLongData(page, baseURL!, language);
    const { thankYou, code } = await stadiumBoughtWithCoupon(page.request);
    const recipient = await giftInCart(page);

    await open(page, 'account', '/account');
    await open(page, 'address book', '/account/addresses');
    await open(page, 'new address', '/account/addresses/new');
    await open(page, 'notify-me', '/account/notify-me');
    await open(page, 'buy form', '/products/black-and-white/configure/buy');
    await open(page, 'gift form', '/products/black-and-white/configure/gift');
    await open(page, 'card form', '/products/jcard/configure/buy');
    // The longest code the field takes, refused (no such coupon): the page shows it with the message.
    await page.goto('/products/stadium/configure/coupon');
    const coupon = page.getByLabel(COUPON[language].label);
    await coupon.fill('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789');
    await expect(coupon).toHaveValue('ABCDEFGHIJKLMNOPQRST'); // its maxlength, 20
    await page.getByRole('button', { name: COUPON[language].submit }).click();
    await expect(page.locator('.form-field__error')).not.toHaveCount(0);
    await expectFits(page, 'coupon entry, refused');

    // A zero-total membership (coupon): thank-you, My Membership and the receipt.
    await open(page, 'thank-you', thankYou);
    await open(page, 'my membership', '/mymembership/manage');
    await open(page, 'membership', `/mymembership/manage/${code}`);
    await open(page, 'renewal preferences', `/mymembership/manage/${code}/renewal`);
    await open(page, 'upgrade', `/products/black-and-white/upgrade/${code}`);
    await open(page, 'orders', '/account/orders');
    await page.getByRole('main').getByRole('link', { name: /\d/ }).first().click();
    await expect(page).toHaveURL(/\/account\/orders\/[0-9a-f-]{36}$/);
    await expectFits(page, 'receipt');

    // The gift paid by card: cart, checkout, the PSP's page, the redemption link.
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
    const outbox = await (await page.request.get(`/dev/outbox?to=${encodeURIComponent(recipient)}`)).text();
    const link = /\/redeem-gift\?code=[^\s"<]+/.exec(outbox)?.[0];
    expect(link, 'the redemption link in the mail').toBeTruthy();
    await open(page, 'gift redemption', link!.replaceAll('&amp;', '&'));
    await open(page, 'reload-docs link not valid', '/reload-docs?id=00000000-0000-0000-0000-000000000000&hash=x');
  });

  // Without JavaScript a page differs only where the server renders for it: the lists' refresh
  // button and hint (address form), no live character count (gift message), no drop zone (card
  // documents), no searchable country box or missing-fields summary (checkout).
  test(`no page is wider than a phone (${language}, no JavaScript: the pages rendered without their enhancements)`, async ({ page, baseURL }) => {
    test.skip(javaScriptEnabled(), 'the pages as enhanced: the test above');
    await fanWithLongData(page, baseURL!, language);
    await giftInCart(page);
    await open(page, 'new address', '/account/addresses/new');
    await open(page, 'gift form', '/products/black-and-white/configure/gift');
    await open(page, 'card form', '/products/jcard/configure/buy');
    await open(page, 'checkout', '/checkout');
  });
}
