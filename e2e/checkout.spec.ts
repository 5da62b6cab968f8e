import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectNoAxeViolations } from './support/axe';
import { shopUrl, waitForHydration } from './support/shop';
import { saveAddress } from './pages/cart';
import { academyInCart, cardShippedToViaRoma, CHECKOUT_TEXTS, expectNoFloatingControls, paidGiftInCart } from './pages/checkout';
import { chooseVatCountry, vatCheckout } from './pages/checkout-vat';
import { DevPages } from './pages/dev';
import { keptWithdrawalStartDay, ORDERS_TEXTS, OrderPages } from './pages/orders';
import { ADDRESSES, fanWithProfileIn, placeOrder, stadiumWithCouponInCart } from './support/cart-state';

// Checkout in a browser with JavaScript: terms by cart content, the error summary, a zero-total
// order to the thank-you page, an order on its way to the PSP, and VAT invoicing with its
// clearing rules. Without JavaScript checkout is the HTTP conversation of
// e2e/contract/checkout.contract.ts; a browser without JavaScript runs only what only it shows.

const NO_JS_PATH = 'no-JS path: e2e/contract/checkout.contract.ts';

/** A fan in `language` with the Via Roma address, which bills Stadium, and Stadium with a coupon in the cart (nothing to pay). */
async function fanWithCouponCart(page: Page, language: 'it' | 'en') {
  const fan = await fanWithProfileIn(page.context(), shopUrl(), language);
  await saveAddress(page.request, ADDRESSES.viaRoma);
  // The withdrawal waiver left unticked: a choice, not a gate.
  await stadiumWithCouponInCart(page.request);
  return fan;
}

test.describe('checkout with JavaScript', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, NO_JS_PATH);

  test('a zero-total coupon order, right of withdrawal kept: the terms a membership asks, refused without one, then thank-you, receipt and mail say when it starts (en)', async ({ page }) => {
    const language = 'en';
    const texts = CHECKOUT_TEXTS.en;
    const orderTexts = ORDERS_TEXTS.en;
    // Stadium ships nowhere and is sold only in Italy, San Marino and the Vatican: an Italian
    // address bills it (the preferred one, chosen in advance), though nothing is paid.
    const fan = await fanWithCouponCart(page, language);
    await test.step('the floating cart and coupon buttons: on the catalogue with the cart full, never on the cart nor checkout', async () => {
      await page.goto('/products');
      await expect(page.getByRole('link', { name: /^Coupon$/ })).toBeVisible();
      await page.goto('/cart');
      await expectNoFloatingControls(page, language);
      // The waiver box links to the right it gives up.
      await expect(page.getByRole('link', { name: texts.withdrawalLink })).toHaveAttribute('href', '/terms/withdrawal');
    });
    await page.goto('/checkout');
    await expect(page.getByRole('heading', { level: 1, name: texts.heading })).toBeVisible();
    await expectNoFloatingControls(page, language);

    await test.step('a membership-only cart: the membership terms and the guardian declaration; no invoicing, nothing to pay', async () => {
      await expect(page.getByRole('checkbox', { name: texts.membershipTerms })).toBeVisible();
      await expect(page.getByRole('checkbox', { name: texts.guardianDeclaration })).toBeVisible();
      await expect(page.getByRole('checkbox')).toHaveCount(2);
      await expect(page.getByRole('checkbox', { name: texts.vatToggle })).toHaveCount(0);
      await expectNoAxeViolations(page);
    });

    await test.step('the terms box links to the text it accepts, outside its label: the page in the shop language, with the version recorded', async () => {
      const link = page.getByRole('link', { name: texts.membershipTermsLink });
      await expect(link).toHaveAttribute('href', '/terms/membership');
      await expect(link.locator('xpath=ancestor::label')).toHaveCount(0);
      // A declaration is its own text: no link.
      await expect(page.locator('a[href^="/terms/"]')).toHaveCount(1);
      await link.click();
      await expect(page).toHaveURL(/\/terms\/membership$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.membershipTermsTitle);
      await expect(page.getByText(/membership-2025-26\.1/)).toBeVisible();
      await expect(page.locator('script')).toHaveCount(0);
      await expectNoAxeViolations(page);
      expect((await page.request.get('/terms/no-such-terms')).status()).toBe(404);
      await page.goto('/checkout');
      await expect(page.getByRole('checkbox', { name: texts.membershipTerms })).not.toBeChecked();
    });

    const confirm = page.getByRole('button', { name: texts.confirm });
    await test.step('a box left unticked: refused, the error summary names it and has the focus; the ticked one stays ticked', async () => {
      await page.getByRole('checkbox', { name: texts.membershipTerms }).check();
      // The button says what is missing before it is pressed.
      await expect(confirm).toHaveAccessibleDescription(new RegExp(texts.guardianLabel));
      await confirm.click({ force: true });
      const summary = page.getByRole('alert');
      await expect(summary).toContainText(texts.guardianLabel);
      await expect(summary).not.toContainText(texts.termsLabel);
      await expect(summary).toBeFocused();
      await expect(page.getByRole('checkbox', { name: texts.membershipTerms })).toBeChecked();
      await expect(page.getByRole('checkbox', { name: texts.guardianDeclaration })).toHaveAccessibleDescription(texts.tickBox);
      await expectNoAxeViolations(page);
    });

    // A payment just before midnight in Rome may be dated either day.
    const startDays = [keptWithdrawalStartDay(new Date())];
    const startsOn = () => new RegExp(startDays.map((day) => orderTexts.withdrawalKept(day)).join('|'));
    await test.step('both ticked: the order is placed and fulfilled, straight to the thank-you page', async () => {
      await page.getByRole('checkbox', { name: texts.guardianDeclaration }).check();
      await confirm.click();
      await expect(page).toHaveURL(/\/thankyou\?orderId=[0-9a-f-]{36}$/);
      startDays.push(keptWithdrawalStartDay(new Date()));
      // The owner sees the order's summary, with the membership code just issued and when it starts.
      await expect(page.getByRole('main')).toContainText(/JM[0-9A-Z]{10}/);
      await expect(new OrderPages(page, language).summary().locator('tbody')).toContainText(startsOn());
      await expectNoFloatingControls(page, language);
      await expectNoAxeViolations(page);
    });

    await test.step('the receipt says the right of withdrawal was kept, and the day the membership starts', async () => {
      const orderId = new URL(page.url()).searchParams.get('orderId') ?? '';
      const orders = new OrderPages(page, language);
      await orders.openReceipt(orderId);
      await expect(orders.summary().locator('tbody')).toContainText(startsOn());
    });

    await test.step('the confirmation mail, in the fan language, names the membership issued and when it starts', async () => {
      await new DevPages(page).openOutbox(fan.email);
      const mail = page.getByRole('listitem').filter({ hasText: /order \d{9} confirmed/ });
      await expect(mail).toHaveCount(1);
      await expect(mail).toContainText(/JM[0-9A-Z]{10}/);
      await expect(mail).toContainText(startsOn());
    });
  });

  test('axe: the journey’s pages in Italian — checkout, the terms page, a refused box, thank-you (state from fixtures)', async ({ page }) => {
    const texts = CHECKOUT_TEXTS.it;
    await fanWithCouponCart(page, 'it');
    await page.goto('/terms/membership');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.membershipTermsTitle);
    await expectNoAxeViolations(page);
    await page.goto('/checkout');
    const terms = page.getByRole('checkbox', { name: texts.membershipTerms });
    await waitForHydration(terms);
    await expectNoAxeViolations(page);
    await terms.check();
    await page.getByRole('button', { name: texts.confirm }).click({ force: true });
    await expect(page.getByRole('alert')).toContainText(texts.guardianLabel);
    await expectNoAxeViolations(page);
    // The order placed as checkout's form posts it, every box ticked.
    await page.goto(await placeOrder(page.request));
    await expect(page).toHaveURL(/\/thankyou\?orderId=[0-9a-f-]{36}$/);
    await expect(page.getByRole('main')).toContainText(/JM[0-9A-Z]{10}/);
    await expectNoAxeViolations(page);
  });

  test('VAT invoicing: Italy needs the SDI code and PEC; another country clears them and the number typed; toggling off clears all', async ({ page }) => {
    const texts = CHECKOUT_TEXTS.en;
    const vat = await vatCheckout(page);

    await test.step('billing in Italy shows the tax code; in France it does not', async () => {
      await page.getByRole('radio', { name: /Via Roma 1/ }).check();
      await expect(vat.taxCode).toBeVisible();
      await page.getByRole('radio', { name: /Rue de Rivoli/ }).check();
      await expect(vat.taxCode).toBeHidden();
    });

    await test.step('the toggle reveals the fields; Italy adds the SDI code and the PEC, and asks for them', async () => {
      await expect(vat.country).toBeHidden();
      await vat.toggle.check();
      await expect(vat.country).toBeVisible();
      await expect(vat.receiverCode).toBeHidden();
      await chooseVatCountry(page, texts.vatCountry, { typed: 'ital', name: 'Italy', code: 'IT' }, 'click');
      await expect(vat.receiverCode).toBeVisible();
      await expect(vat.emailPec).toBeVisible();
      await vat.number.fill('123');
      // Not ready yet (aria-disabled, so Playwright would wait): pressed anyway, it says why.
      await page.getByRole('button', { name: texts.pay }).click({ force: true });
      const summary = page.getByRole('alert');
      await expect(summary).toContainText(texts.vatItalian);
      await expect(summary).toContainText(texts.receiverCode);
      await expect(summary).toContainText(texts.emailPec);
      await expectNoAxeViolations(page);
    });

    await test.step('another country: the Italian fields go, and so does the number typed for Italy', async () => {
      await vat.number.fill('12345678901');
      await vat.receiverCode.fill('ABC1234');
      await vat.emailPec.fill('fatture@pec.example.it');
      await chooseVatCountry(page, texts.vatCountry, { typed: 'fra', name: 'France', code: 'FR' }, 'keyboard');
      await expect(vat.receiverCode).toBeHidden();
      await expect(vat.number).toHaveValue('');
    });

    await test.step('toggling off clears every invoicing field', async () => {
      await vat.number.fill('FR12345678');
      await vat.toggle.uncheck();
      await expect(vat.country).toBeHidden();
      await vat.toggle.check();
      await expect(vat.country).toHaveValue('');
      await expect(vat.number).toHaveValue('');
    });
  });

  test('an order with something to pay (it): placed awaiting payment on the way to the PSP; listed with a pay link, its receipt offers to pay; the cart is spent', async ({ page }) => {
    const texts = CHECKOUT_TEXTS.it;
    await fanWithProfileIn(page.context(), shopUrl(), 'it');
    await saveAddress(page.request, ADDRESSES.viaRoma);
    await paidGiftInCart(page.request);
    await page.goto('/checkout');
    const orders = new OrderPages(page, 'it');

    await test.step('billed to the only address; both boxes ticked; pay places the order and opens the PSP’s page', async () => {
      await expect(page.getByRole('radio', { name: /Via Roma 1/ })).toBeChecked();
      await page.getByRole('checkbox', { name: texts.membershipTerms }).check();
      await page.getByRole('checkbox', { name: texts.guardianDeclaration }).check();
      await page.getByRole('button', { name: texts.pay, exact: true }).click();
      await expect(page).toHaveURL(/\/_psp\/pay\//);
    });

    await test.step('the fan leaves without paying: the order waits in the list; its receipt shows the pay-by time and offers to pay', async () => {
      await orders.openOrderList();
      await expect(orders.orderCards()).toHaveCount(1);
      await expect(orders.orderCards().first()).toContainText(orders.texts.statuses.awaiting_payment);
      // The list offers to pay it too, naming the order.
      await expect(orders.orderCards().first().getByRole('link', { name: /^Paga ora l'ordine \d{9}$/ })).toHaveAttribute(
        'href',
        /^\/payment\?orderId=[0-9a-f-]{36}$/,
      );
      await orders.orderCards().first().getByRole('link').first().click();
      const number = await orders.orderNumber();
      expect(number).toMatch(/^\d{9}$/);
      await orders.expectReceipt({ number, status: 'awaiting_payment', lines: [{ name: 'Kids 0–4', price: '15 €' }], total: '15 €', codes: 'pending' });
      await expect(orders.fact(orders.texts.payBy)).not.toBeEmpty();
      await expect(page.getByRole('link', { name: 'Paga ora' })).toHaveAttribute('href', /^\/payment\?orderId=[0-9a-f-]{36}$/);
      await expectNoAxeViolations(page);
    });

    await test.step('the cart was checked out: checkout sends the fan back to the (empty) cart', async () => {
      await page.goto('/checkout');
      await expect(page).toHaveURL(/\/cart\?checkout=refused$/);
    });
  });

  test('a voucher checkout does not know, and one typed wrong, are refused in words beside the box (en)', async ({ page }) => {
    await fanWithProfileIn(page.context(), shopUrl(), 'en');
    await paidGiftInCart(page.request);
    await page.goto('/checkout');
    const box = page.getByRole('textbox', { name: 'Voucher code' });
    for (const [typed, refusal] of [
      ['NOSUCHCODE', 'We do not know this voucher code.'],
      ['NO SUCH!', 'A voucher code has only letters, digits and hyphens.'],
    ] as const) {
      await box.fill(typed);
      await page.getByRole('button', { name: 'Apply voucher' }).click();
      await expect(page.getByRole('alert')).toContainText(refusal);
      await expect(box).toHaveAccessibleDescription(new RegExp(refusal.replace('.', '\\.')));
      await expect(page.getByText(/cart:errors/)).toHaveCount(0);
    }
    await expectNoAxeViolations(page);
  });

  test('the terms follow the cart: the academy alone, then with the club card (it)', async ({ page }) => {
    const texts = CHECKOUT_TEXTS.it;
    await fanWithProfileIn(page.context(), shopUrl(), 'it');
    await saveAddress(page.request, ADDRESSES.viaRoma);
    await academyInCart(page.request);

    await test.step('only the academy: its terms and its season text, not the membership terms nor the guardian declaration', async () => {
      await page.goto('/checkout');
      await expect(page.getByRole('heading', { level: 1, name: texts.heading })).toBeVisible();
      await expect(page.getByRole('checkbox', { name: texts.academyTerms })).toBeVisible();
      await expect(page.getByText(texts.academyText)).toBeVisible();
      await expect(page.getByRole('checkbox', { name: texts.membershipTerms })).toHaveCount(0);
      await expect(page.getByRole('checkbox', { name: texts.guardianDeclaration })).toHaveCount(0);
      await expectNoAxeViolations(page);
    });

    await test.step('with the club card: the membership terms come back, with the four card declarations', async () => {
      await cardShippedToViaRoma(page);
      await page.goto('/checkout');
      await expect(page.getByRole('heading', { level: 1, name: texts.heading })).toBeVisible();
      await expect(page.getByRole('checkbox', { name: texts.membershipTerms })).toBeVisible();
      await expect(page.getByRole('checkbox', { name: texts.academyTerms })).toBeVisible();
      for (const declaration of texts.cardDeclarations) await expect(page.getByRole('checkbox', { name: declaration })).toBeVisible();
      await expect(page.getByRole('checkbox', { name: texts.guardianDeclaration })).toHaveCount(0);
      await expectNoAxeViolations(page);
    });
  });
});

test.describe('checkout without JavaScript, in a browser', () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, 'with JavaScript: the journeys above');

  test('a box left unticked: the error summary names it and takes the focus (no JavaScript: focus on the error summary)', async ({ page }) => {
    const texts = CHECKOUT_TEXTS.en;
    await fanWithCouponCart(page, 'en');
    await page.goto('/checkout');
    await page.getByRole('checkbox', { name: texts.membershipTerms }).check();
    await page.getByRole('button', { name: texts.confirm }).click();
    const summary = page.getByRole('alert');
    await expect(summary).toContainText(texts.guardianLabel);
    await expect(summary).toBeFocused();
  });

  test('the invoicing fields and the tax code follow the boxes and the country (no JavaScript: shown and hidden by CSS)', async ({ page }) => {
    const texts = CHECKOUT_TEXTS.en;
    const vat = await vatCheckout(page);
    await page.getByRole('radio', { name: /Via Roma 1/ }).check();
    await expect(vat.taxCode).toBeVisible();
    await page.getByRole('radio', { name: /Rue de Rivoli/ }).check();
    await expect(vat.taxCode).toBeHidden();
    await expect(vat.country).toBeHidden();
    await vat.toggle.check();
    await expect(vat.country).toBeVisible();
    await expect(vat.receiverCode).toBeHidden();
    await chooseVatCountry(page, texts.vatCountry, { typed: 'ital', name: 'Italy', code: 'IT' }, 'click');
    await expect(vat.receiverCode).toBeVisible();
    await expect(vat.emailPec).toBeVisible();
    await chooseVatCountry(page, texts.vatCountry, { typed: 'fra', name: 'France', code: 'FR' }, 'click');
    await expect(vat.receiverCode).toBeHidden();
    await vat.toggle.uncheck();
    await expect(vat.country).toBeHidden();
  });
});
