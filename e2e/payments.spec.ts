import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectNoAxeViolations } from './support/axe';
import { javaScriptEnabled, type Language } from './support/shop';
import { saveAddress } from './pages/cart';
import { CHECKOUT_TEXTS, openCheckoutWithMembershipTerms, paidGiftInCart } from './pages/checkout';
import { signUpFanWithProfile } from './pages/configure';
import type { AuthPages } from './pages/auth';
import { DevPages } from './pages/dev';
import { OrderPages } from './pages/orders';
import { HostedCheckout, PAYMENT_TEXTS, TEST_CARDS } from './pages/payment';
import { expectPurchaseStep } from './pages/purchase-steps';

// Paying (issue 14), with and without JavaScript: offline both go through the PSP's hosted page
// (the simulator's), which works without JavaScript; Drop-in needs Adyen's own scripts.

test('the card form (Drop-in) loads only with JavaScript; when Adyen cannot be reached it says so, and the hosted page still pays (it)', async ({ page, auth }) => {
  test.setTimeout(120_000);
  // Adyen's (and PayPal's) servers, unreachable as offline or behind a blocking proxy.
  await page.route(/^https:\/\/[^/]*\.(adyen|paypal)\.com\//, (route) => route.abort('internetdisconnected'));
  await atCheckout(page, auth, 'it');
  const hosted = new HostedCheckout(page, 'it');
  const failed = page.getByRole('alert').filter({ hasText: hosted.texts.dropInFailed });

  if (!javaScriptEnabled()) {
    await test.step('without JavaScript there is no card form to load: the choice and the hosted page', async () => {
      await expect(page.getByText(hosted.texts.dropInLoading)).toHaveCount(0);
      await expect(failed).toHaveCount(0);
      await expect(page.getByRole('radio', { name: hosted.texts.card })).toBeChecked();
    });
  } else {
    await test.step('its loading state, then the spec’s error state, with the page’s own choice still there', async () => {
      await expect(page.getByRole('status').filter({ hasText: hosted.texts.dropInLoading })).toBeVisible();
      // One choice at a time: Drop-in stays out of sight (and of the accessibility tree) until it works.
      await expect(page.getByRole('radio', { name: hosted.texts.paypal })).toHaveCount(1);
      await expect(failed).toBeVisible({ timeout: 25_000 });
      await expect(page.getByRole('status').filter({ hasText: hosted.texts.dropInLoading })).toHaveCount(0);
      await expect(page.getByRole('radio', { name: hosted.texts.card })).toBeChecked();
      await expectNoAxeViolations(page);
    });
  }

  await test.step('pay goes to the hosted page, which pays', async () => {
    await payAtCheckout(page, 'it');
    await hosted.expectOpen();
    await hosted.payByCard('APPROVED');
    await expectPaidThankYou(page, 'it');
  });
});

/** A fan with a 15 € gift at checkout, billed to their only address, both boxes ticked. */
async function atCheckout(page: Page, auth: AuthPages, language: Language) {
  const fan = await signUpFanWithProfile(page, auth, language);
  await saveAddress(page.request, { countryCode: 'IT', provinceCode: 'TO', cityCode: 'L219', postalCode: '10121', street: 'Via Roma', number: '1' });
  await paidGiftInCart(page.request);
  await openCheckoutWithMembershipTerms(page, language);
  return fan;
}

/** Pays at checkout with the method chosen (the card is chosen already). */
async function payAtCheckout(page: Page, language: Language, method: 'card' | 'paypal' = 'card') {
  if (method === 'paypal') await page.getByRole('radio', { name: PAYMENT_TEXTS[language].paypal }).check();
  await page.getByRole('button', { name: CHECKOUT_TEXTS[language].pay, exact: true }).click();
}

async function expectPaidThankYou(page: Page, language: Language) {
  await expect(page).toHaveURL(/\/thankyou\?orderId=[0-9a-f-]{36}$/);
  await new OrderPages(page, language).expectSummary({ status: 'fulfilled', codes: 'issued', total: language === 'it' ? '15 €' : '€15' });
}

for (const language of ['en', 'it'] as const) {
  test(`an approved card: checkout, the PSP's page, thank-you with the membership issued, and the mail (${language})`, async ({ page, auth }) => {
    test.setTimeout(120_000);
    const fan = await atCheckout(page, auth, language);
    const hosted = new HostedCheckout(page, language);

    await test.step('checkout offers the card (chosen) and PayPal', async () => {
      await expect(page.getByRole('radio', { name: hosted.texts.card })).toBeChecked();
      await expect(page.getByRole('radio', { name: hosted.texts.paypal })).not.toBeChecked();
      await expectNoAxeViolations(page);
    });

    await test.step('pay: the PSP’s page, in the fan’s language, accessible', async () => {
      await payAtCheckout(page, language);
      await hosted.expectOpen();
      await expectNoAxeViolations(page);
    });

    await test.step('an approved card: back at the shop, paid and fulfilled', async () => {
      await hosted.payByCard('APPROVED');
      await expectPaidThankYou(page, language);
      await expectNoAxeViolations(page);
    });

    await test.step('the confirmation mail names the membership', async () => {
      await new DevPages(page).openOutbox(fan.email);
      const mail = page.getByRole('listitem').filter({ hasText: language === 'en' ? /order \d{9} confirmed/ : /ordine \d{9} confermato/ });
      await expect(mail).toHaveCount(1);
      await expect(mail).toContainText(/JM[0-9A-Z]{10}/);
    });
  });
}

/** Drop-in's card data as Adyen's test platform (and the simulator) takes it unencrypted. */
function dropInCard(holderName: string) {
  return { type: 'scheme', encryptedCardNumber: 'test_4111111111111111', encryptedExpiryMonth: 'test_03', encryptedExpiryYear: 'test_2030', encryptedSecurityCode: 'test_737', holderName };
}

test('Drop-in’s calls as its page makes them: the methods, a form that needs the page, a refusal, then a card paying the same order, kept and deleted (en)', async ({ page, auth }) => {
  test.setTimeout(120_000);
  await atCheckout(page, auth, 'en');
  const form = page.locator('form.checkout__form');
  const fields = {
    checkoutKey: (await form.locator('input[name="checkoutKey"]').getAttribute('value')) ?? '',
    expectedTotalCents: (await form.locator('input[name="expectedTotalCents"]').getAttribute('value')) ?? '',
    billingAddressId: (await form.locator('input[name="billingAddressId"][checked]').getAttribute('value')) ?? '',
    paymentMethod: 'scheme',
  };
  const terms = { membershipTerms: 'on', guardianDeclaration: 'on' };
  const pay = (holderName: string, more: Record<string, string> = terms) =>
    page.request.post('/checkout/drop-in', {
      form: { ...fields, ...more, dropInData: JSON.stringify({ paymentMethod: dropInCard(holderName), storePaymentMethod: true }), attemptKey: randomUUID() },
    });
  const storedCards = async () =>
    ((await (await page.request.get('/checkout/drop-in')).json()) as { paymentMethods: { storedPaymentMethods?: { id: string; lastFour: string }[] } }).paymentMethods
      .storedPaymentMethods ?? [];

  await test.step('GET: card and PayPal, as the PSP lists them for this fan', async () => {
    const listed = await page.request.get('/checkout/drop-in');
    expect(listed.status()).toBe(200);
    const types = ((await listed.json()) as { paymentMethods: { paymentMethods: { type: string }[] } }).paymentMethods.paymentMethods.map((method) => method.type);
    expect(types).toEqual(expect.arrayContaining(['scheme', 'paypal']));
  });

  await test.step('the terms not ticked: no order, the page must submit the form', async () => {
    const answer = await pay('APPROVED', {});
    expect(answer.status()).toBe(409);
    expect(await answer.json()).toEqual({ outcome: 'resubmit' });
  });

  const refused = await test.step('declined: the reason and code, nothing paid', async () => {
    const answer = await pay('DECLINED');
    expect(answer.status()).toBe(200);
    const body = (await answer.json()) as { outcome: string; orderId: string; refusal: { reason: string; code: string } };
    expect(body).toMatchObject({ outcome: 'refused', refusal: { reason: 'Refused', code: expect.stringMatching(/^\d+$/) } });
    return body;
  });

  await test.step('approved on the same order; sent again, the answer is that same paid order', async () => {
    const answer = await pay('APPROVED');
    expect(await answer.json()).toMatchObject({ outcome: 'authorised', orderId: refused.orderId });
    expect(await (await pay('APPROVED')).json()).toMatchObject({ outcome: 'authorised', orderId: refused.orderId });
    await page.goto(`/thankyou?orderId=${refused.orderId}`);
    await expectPaidThankYou(page, 'en');
  });

  await test.step('the card kept (the fan asked) is offered next time, and Drop-in’s remove button deletes it', async () => {
    const [kept] = await storedCards();
    expect(kept).toMatchObject({ lastFour: '1111' });
    expect((await page.request.post('/checkout/drop-in/stored', { form: { storedPaymentMethodId: 'someone-elses' } })).status()).toBe(404);
    expect((await page.request.post('/checkout/drop-in/stored', { form: { storedPaymentMethodId: kept!.id } })).status()).toBe(204);
    expect(await storedCards()).toEqual([]);
  });

  await test.step('details that are not Drop-in’s: a 400, never a 500', async () => {
    const answer = await page.request.post('/checkout/drop-in/details', { form: { details: '{"details":"nope"}' } });
    expect(answer.status()).toBe(400);
  });
});

test('a declined card shows its reason and charges nothing; refused three times, the shop says why, and a retry pays the same order (en)', async ({ page, auth }) => {
  test.setTimeout(120_000);
  await atCheckout(page, auth, 'en');
  const hosted = new HostedCheckout(page, 'en');
  await payAtCheckout(page, 'en');
  await hosted.expectOpen();

  await test.step('declined: the PSP’s page says why and lets the fan try again', async () => {
    await hosted.payByCard('DECLINED');
    await expect(page.getByRole('heading', { name: hosted.texts.refusedHeading })).toBeVisible();
    await expect(page.getByText('Reason: Refused (code 2).')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  await test.step('refused twice more: back at the shop, refused with the reason, nothing charged', async () => {
    await hosted.payByCard('NOT_ENOUGH_BALANCE');
    await hosted.payByCard('CARD_EXPIRED');
    await expect(page).toHaveURL(/\/paymentgateway\/card\?/);
    await expect(page.getByRole('heading', { level: 1, name: hosted.texts.shopRefused })).toBeVisible();
    await expect(page.getByText(/Reason: (Expired Card \(code 6\)|Not enough balance \(code 12\)|Refused \(code 2\))/)).toBeVisible();
    await expectNoAxeViolations(page);
  });

  await test.step('try again: the same order, paid this time', async () => {
    await page.getByRole('link', { name: hosted.texts.tryAgain }).click();
    await expect(page).toHaveURL(/\/payment\?orderId=/);
    await expectPurchaseStep(page, 'en', 'pay');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: hosted.texts.continueToPayment }).click();
    await hosted.expectOpen();
    await hosted.payByCard('APPROVED');
    await expectPaidThankYou(page, 'en');
  });
});

test('a 3-D Secure card completes after its challenge (it)', async ({ page, auth }) => {
  test.setTimeout(120_000);
  await atCheckout(page, auth, 'it');
  const hosted = new HostedCheckout(page, 'it');
  await payAtCheckout(page, 'it');
  await hosted.payByCard('Mario Rossi', { number: TEST_CARDS.visa3ds });
  await expect(page.getByLabel(hosted.texts.password)).toBeVisible();
  await expectNoAxeViolations(page);
  await hosted.passChallenge();
  await expectPaidThankYou(page, 'it');
});

test('PayPal completes after its approval (en)', async ({ page, auth }) => {
  test.setTimeout(120_000);
  await atCheckout(page, auth, 'en');
  const hosted = new HostedCheckout(page, 'en');
  await payAtCheckout(page, 'en', 'paypal');
  await expect(page).toHaveURL(/\/_psp\/pay\//);
  await hosted.approvePayPal();
  await expectPaidThankYou(page, 'en');
});

test('a card saved on the first purchase is listed at checkout, offered on the second, and deleted from the account (it)', async ({ page, auth }) => {
  test.setTimeout(150_000);
  await atCheckout(page, auth, 'it');
  const hosted = new HostedCheckout(page, 'it');
  await payAtCheckout(page, 'it');
  await hosted.payByCard('Mario Rossi', { save: true });
  await expectPaidThankYou(page, 'it');

  await paidGiftInCart(page.request);
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: hosted.texts.savedCards })).toBeVisible();
  await expect(page.getByText(/Visa che termina con 1111, scade il 03\/2030/)).toBeVisible();
  const texts = CHECKOUT_TEXTS.it;
  await page.getByRole('checkbox', { name: texts.membershipTerms }).check();
  await page.getByRole('checkbox', { name: texts.guardianDeclaration }).check();
  await payAtCheckout(page, 'it');
  await hosted.payWithSavedCard('1111');
  await expectPaidThankYou(page, 'it');

  await page.goto('/account/payment-methods');
  const card = 'Visa che termina con 1111, scade il 03/2030, Mario Rossi';
  await expect(page.getByRole('main').getByRole('paragraph').filter({ hasText: card })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('main').locator('summary').filter({ hasText: 'Elimina' }).click();
  await page.getByRole('button', { name: /Sì, eliminala/ }).click();
  await expect(page.getByText('Non hai carte salvate. Puoi salvarne una quando paghi con carta.')).toBeVisible();
  await expect(page.getByRole('main').getByText(card)).toHaveCount(0);
});
