import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectNoAxeViolations } from './support/axe';
import { startShopProcess, type ShopProcess } from './support/shop-process';
import { javaScriptEnabled, type Language } from './support/shop';
import { saveAddress } from './pages/cart';
import { CHECKOUT_TEXTS, openCheckoutWithMembershipTerms, paidGiftInCart } from './pages/checkout';
import { signUpFanWithProfile } from './pages/configure';
import { AuthPages, newFan } from './pages/auth';
import { DevPages } from './pages/dev';
import { OrderPages } from './pages/orders';
import { HostedCheckout, PAYMENT_TEXTS, TEST_CARDS } from './pages/payment';
import { expectPurchaseStep } from './pages/purchase-steps';

// Paying (issue 14), with and without JavaScript: offline both go through the PSP's hosted page
// (the simulator's), which works without JavaScript; Drop-in needs Adyen's own scripts.

/**
 * Drop-in's requests, as a page makes them: its chunk (Adyen Web and its CSS), its methods from
 * the shop, Adyen Web's fields from Adyen, PayPal's SDK.
 */
function recordDropInRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/^https:\/\/[^/]*\.(adyen|paypal)\.com\//.test(request.url()) || pathname.startsWith('/checkout/drop-in') || pathname.startsWith('/assets/drop-in-panel-')) seen.push(request.url());
  });
  return seen;
}

test('offline (the simulator) checkout mounts no Drop-in, with or without JavaScript: no card form loading, pay goes straight to the hosted page, which pays (it)', async ({ page, auth }) => {
  test.setTimeout(120_000);
  // Drop-in would fetch its chunk and methods from the shop and Adyen Web's fields from Adyen: none of it may happen.
  const dropInRequests = recordDropInRequests(page);
  await atCheckout(page, auth, 'it');
  const hosted = new HostedCheckout(page, 'it');

  await test.step('no card form to load, nor its error: the page’s own choice, the card chosen', async () => {
    // Hydrated (atCheckout waited for it) and nothing left to fetch: Drop-in would have started by now.
    await page.waitForLoadState('networkidle');
    await expect(page.getByText(hosted.texts.dropInLoading)).toHaveCount(0);
    await expect(page.getByText(hosted.texts.dropInFailed)).toHaveCount(0);
    await expect(page.getByRole('radio', { name: hosted.texts.card })).toBeChecked();
    await expect(page.getByRole('radio', { name: hosted.texts.paypal })).toHaveCount(1);
    expect(dropInRequests).toEqual([]);
    await expectNoAxeViolations(page);
  });

  await test.step('pay reaches the hosted page at once (no 15 s of patience), which pays', async () => {
    await payAtCheckout(page, 'it');
    await expect(page).toHaveURL(/\/_psp\/pay\//, { timeout: 5_000 });
    await hosted.expectOpen();
    await test.step('nothing typed: the page comes back with its error summary, which has the focus (its `autofocus`; the page has no script)', async () => {
      await hosted.payWithEmptyCard();
      const summary = page.getByRole('alert').filter({ has: page.getByRole('list') });
      await expect(summary.getByRole('link').first()).toBeVisible();
      await expect(summary).toBeFocused();
      await expectNoAxeViolations(page);
    });
    await hosted.payByCard('APPROVED');
    await expectPaidThankYou(page, 'it');
    expect(dropInRequests).toEqual([]);
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

/** Pays at checkout with the method chosen (offline the card is chosen already; with Drop-in, nothing is). */
async function payAtCheckout(page: Page, language: Language, method: 'card' | 'paypal' = 'card') {
  await page.getByRole('radio', { name: PAYMENT_TEXTS[language][method === 'paypal' ? 'paypal' : 'card'] }).check();
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

/** The checkout form's hidden fields and chosen address, as the page would post them with Drop-in's data. */
async function checkoutFields(page: Page) {
  const form = page.locator('form.checkout__form');
  return {
    checkoutKey: (await form.locator('input[name="checkoutKey"]').getAttribute('value')) ?? '',
    expectedTotalCents: (await form.locator('input[name="expectedTotalCents"]').getAttribute('value')) ?? '',
    billingAddressId: (await form.locator('input[name="billingAddressId"][checked]').getAttribute('value')) ?? '',
    paymentMethod: 'scheme',
  };
}

const TICKED_TERMS = { membershipTerms: 'on', guardianDeclaration: 'on' };

/** The fan's saved cards as Drop-in is given them. */
async function storedCards(page: Page) {
  const listed = (await (await page.request.get('/checkout/drop-in')).json()) as { paymentMethods: { storedPaymentMethods?: { id: string; lastFour: string }[] } };
  return listed.paymentMethods.storedPaymentMethods ?? [];
}

test('Drop-in’s calls as its page makes them: the methods, a form that needs the page, a refusal, then a card paying the same order, kept and deleted (en)', async ({ page, auth }) => {
  test.setTimeout(120_000);
  await atCheckout(page, auth, 'en');
  const fields = await checkoutFields(page);
  const terms = TICKED_TERMS;
  const pay = (holderName: string, more: Record<string, string> = terms, attemptKey = randomUUID()) =>
    page.request.post('/checkout/drop-in', {
      form: { ...fields, ...more, dropInData: JSON.stringify({ paymentMethod: dropInCard(holderName), storePaymentMethod: true }), attemptKey },
    });

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

  const declinedKey = randomUUID();
  const refused = await test.step('declined: the reason and code, nothing paid', async () => {
    const answer = await pay('DECLINED', terms, declinedKey);
    expect(answer.status()).toBe(200);
    const body = (await answer.json()) as { outcome: string; orderId: string; refusal: { reason: string; code: string } };
    expect(body).toMatchObject({ outcome: 'refused', refusal: { reason: 'Refused', code: expect.stringMatching(/^\d+$/) } });
    return body;
  });

  await test.step('that attempt’s key again with another card: 422, the page must submit the form', async () => {
    const answer = await pay('APPROVED', terms, declinedKey);
    expect(answer.status()).toBe(422);
    expect(await answer.json()).toEqual({ outcome: 'resubmit' });
  });

  await test.step('approved on the same order; sent again, the answer is that same paid order', async () => {
    const answer = await pay('APPROVED');
    expect(await answer.json()).toMatchObject({ outcome: 'authorised', orderId: refused.orderId });
    expect(await (await pay('APPROVED')).json()).toMatchObject({ outcome: 'authorised', orderId: refused.orderId });
    await page.goto(`/thankyou?orderId=${refused.orderId}`);
    await expectPaidThankYou(page, 'en');
  });

  await test.step('the card kept (the fan asked) is offered next time, and Drop-in’s remove button deletes it', async () => {
    const [kept] = await storedCards(page);
    expect(kept).toMatchObject({ lastFour: '1111' });
    expect((await page.request.post('/checkout/drop-in/stored', { form: { storedPaymentMethodId: 'someone-elses' } })).status()).toBe(404);
    expect((await page.request.post('/checkout/drop-in/stored', { form: { storedPaymentMethodId: kept!.id } })).status()).toBe(204);
    expect(await storedCards(page)).toEqual([]);
  });

  await test.step('details that are not Drop-in’s, or a redirectResult the PSP never gave: a 400, never a 5xx', async () => {
    const answer = await page.request.post('/checkout/drop-in/details', { form: { details: '{"details":"nope"}' } });
    expect(answer.status()).toBe(400);
    const forged = await page.request.post('/checkout/drop-in/details', { form: { details: JSON.stringify({ details: { redirectResult: 'X3XtfGC9forged' } }) } });
    expect(forged.status()).toBe(400);
    expect(await forged.json()).toEqual({ outcome: 'unavailable' });
  });
});

test('Drop-in’s calls from another origin are refused as React Router refuses forms (400) and change nothing: no order placed or paid, no card deleted (en)', async ({ page, auth }) => {
  test.setTimeout(120_000);
  await atCheckout(page, auth, 'en');
  const fields = await checkoutFields(page);
  const foreign = { Origin: 'https://evil.example' };
  const pay = (headers: Record<string, string>) =>
    page.request.post('/checkout/drop-in', {
      headers,
      form: { ...fields, ...TICKED_TERMS, dropInData: JSON.stringify({ paymentMethod: dropInCard('APPROVED'), storePaymentMethod: true }), attemptKey: randomUUID() },
    });
  /** React Router's own answer to a cross-origin form: a bare 400, never the route's JSON. */
  const expectRefused = async (answer: Awaited<ReturnType<typeof pay>>) => {
    expect(answer.status()).toBe(400);
    expect(answer.headers()['content-type']).toMatch(/^text\/plain/);
    expect(await answer.text()).toBe('Bad Request');
  };
  const orders = new OrderPages(page, 'en');

  await test.step('placing and paying the cart from another origin: refused, no order', async () => {
    await expectRefused(await pay(foreign));
    await orders.openOrderList();
    await orders.expectEmptyOrderList();
  });

  await test.step('an action’s details from another origin: refused before the PSP is asked', async () => {
    await expectRefused(await page.request.post('/checkout/drop-in/details', { headers: foreign, form: { details: JSON.stringify({ details: { redirectResult: 'X3XtfGC9' } }) } }));
  });

  await test.step('from the shop itself the same call pays (so the refusal was the origin’s) and keeps the card', async () => {
    expect(await (await pay({})).json()).toMatchObject({ outcome: 'authorised' });
    expect(await storedCards(page)).toEqual([expect.objectContaining({ lastFour: '1111' })]);
  });

  await test.step('deleting the saved card from another origin: refused, the card still there', async () => {
    const [kept] = await storedCards(page);
    await expectRefused(await page.request.post('/checkout/drop-in/stored', { headers: foreign, form: { storedPaymentMethodId: kept!.id } }));
    expect(await storedCards(page)).toEqual([kept]);
    expect((await page.request.post('/checkout/drop-in/stored', { form: { storedPaymentMethodId: kept!.id } })).status()).toBe(204);
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
    // A refusal in the page's words (not Adyen's text), with its code. Which one: the last whose
    // webhook has arrived when the fan comes back — the session's result names none, and the
    // third card's webhook may still be on its way (last-by-eventDate: tests/payments.test.ts).
    await expect(
      page.getByText(/^Reason: (the card has expired \(code 6\)|the card does not have enough funds \(code 12\)|your bank refused the payment \(code 2\))$/),
    ).toBeVisible();
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

// A shop with an Adyen test account's settings whose servers it cannot reach (offline, or Adyen
// down): the one place the card form's loading and failure can be seen here, since offline the
// simulator's checkout mounts no Drop-in at all.
test.describe('with an Adyen account the shop cannot reach (a shop of its own)', () => {
  test.describe.configure({ mode: 'default' });
  let shop: ShopProcess | undefined;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    shop = await startShopProcess(`adyen-away-${test.info().project.name}`, {
      ADYEN_API_KEY: 'AQE_e2e_never_a_real_key',
      ADYEN_MERCHANT_ACCOUNT: 'FanShopE2E',
      ADYEN_CLIENT_KEY: 'test_E2ENEVERAREALCLIENTKEY',
      ADYEN_HMAC_KEY: '00'.repeat(32),
      LOG_LEVEL: 'warn',
    });
  });

  test.afterAll(async () => {
    await shop?.stop();
  });

  /** A page of that shop, failing the test on console errors other than the PSP being away. */
  async function shopPage(browser: Browser) {
    const context = await browser.newContext({ baseURL: shop!.baseUrl, javaScriptEnabled: javaScriptEnabled(), locale: 'en-GB' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      // Drop-in's methods: 503 while the PSP is away, as the page expects.
      const expected = message.text().includes('status of 503') && new URL(message.location().url).pathname === '/checkout/drop-in';
      if (!expected) errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    return { page, context, auth: new AuthPages(page, { baseURL: shop!.baseUrl }), errors };
  }

  test('the card form (with JavaScript) loads only once the fan chooses how to pay, then says it could not and leaves the choice; pay says the payment service is not answering, nothing charged (it)', async ({ browser }) => {
    test.setTimeout(120_000);
    const { page, context, auth, errors } = await shopPage(browser);
    const hosted = new HostedCheckout(page, 'it');
    const dropInRequests = recordDropInRequests(page);
    // Held until the loading state has been seen: on this machine the PSP's absence is known at once.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/checkout/drop-in', async (route) => {
      await held;
      await route.continue();
    });
    await atCheckout(page, auth, 'it');
    const card = page.getByRole('radio', { name: hosted.texts.card });
    const paypal = page.getByRole('radio', { name: hosted.texts.paypal });
    const loading = page.getByRole('status').filter({ hasText: hosted.texts.dropInLoading });
    const failed = page.getByRole('alert').filter({ hasText: hosted.texts.dropInFailed });

    await test.step('nothing chosen for the fan, and nothing of Drop-in fetched: not its chunk, not its methods (issue 32)', async () => {
      // Hydrated (atCheckout waited for it) and nothing left to fetch: Drop-in would have started by now.
      await page.waitForLoadState('networkidle');
      await expect(card).not.toBeChecked();
      await expect(paypal).not.toBeChecked();
      await expect(page.getByText(hosted.texts.dropInLoading)).toHaveCount(0);
      expect(dropInRequests).toEqual([]);
    });

    if (!javaScriptEnabled()) {
      await test.step('without JavaScript: pay without a choice asks for one; no card form to load', async () => {
        await page.getByRole('button', { name: CHECKOUT_TEXTS.it.pay, exact: true }).click();
        await expect(page.getByRole('group', { name: hosted.texts.methodLegend })).toContainText(hosted.texts.methodRequired);
        // The form's answer is a 400 (as for every form sent incomplete), which Chromium logs.
        expect(errors.splice(0)).toEqual([expect.stringContaining('status of 400')]);
        await expect(page.getByText(hosted.texts.dropInLoading)).toHaveCount(0);
        await expect(failed).toHaveCount(0);
        // The boxes come back ticked with the rest of what was sent.
        await expect(page.getByRole('checkbox', { name: CHECKOUT_TEXTS.it.membershipTerms })).toBeChecked();
        await expectNoAxeViolations(page);
      });
    } else {
      await test.step('choosing the card fetches Drop-in: its loading state, then the spec’s error state, with the page’s own choice still there', async () => {
        await card.check();
        await expect(loading).toBeVisible();
        expect(dropInRequests.some((url) => new URL(url).pathname.startsWith('/assets/drop-in-panel-')), `Drop-in's chunk fetched: ${dropInRequests.join(', ')}`).toBe(true);
        // One choice at a time: Drop-in stays out of sight (and of the accessibility tree) until it works.
        await expect(paypal).toHaveCount(1);
        release();
        await expect(failed).toBeVisible();
        await expect(loading).toHaveCount(0);
        await expect(card).toBeChecked();
        await expectNoAxeViolations(page);
      });
    }

    await test.step('pay: the order is kept and the fan told the payment service is not answering, nothing charged', async () => {
      await payAtCheckout(page, 'it');
      await expect(page).toHaveURL(/\/payment\?orderId=[0-9a-f-]{36}$/);
      await expect(page.getByRole('status').filter({ hasText: hosted.texts.pspUnavailable })).toBeVisible();
      await expectNoAxeViolations(page);
    });
    expect(errors, 'errors in the browser console').toEqual([]);
    await context.close();
  });

  test('choosing PayPal fetches Drop-in too, once (en)', async ({ browser }) => {
    test.skip(!javaScriptEnabled(), 'Drop-in needs JavaScript');
    test.setTimeout(120_000);
    const { page, context, auth } = await shopPage(browser);
    const hosted = new HostedCheckout(page, 'en');
    const dropInRequests = recordDropInRequests(page);
    await atCheckout(page, auth, 'en');
    await page.waitForLoadState('networkidle');
    expect(dropInRequests).toEqual([]);
    await page.getByRole('radio', { name: hosted.texts.paypal }).check();
    await expect(page.getByRole('alert').filter({ hasText: hosted.texts.dropInFailed })).toBeVisible();
    await page.getByRole('radio', { name: hosted.texts.card }).check();
    await page.waitForLoadState('networkidle');
    const chunks = dropInRequests.filter((url) => /\/assets\/drop-in-panel-[^/]*\.js$/.test(new URL(url).pathname));
    expect(chunks, `Drop-in's chunk fetched once: ${dropInRequests.join(', ')}`).toHaveLength(1);
    await context.close();
  });

  test('a refused cross-origin post is logged as one warning with its origin, never as an error with a stack (en)', async ({ browser }) => {
    test.skip(!javaScriptEnabled(), 'a server behaviour: one project is enough');
    const { page, context, auth } = await shopPage(browser);
    await auth.signUp(newFan('Mario'));
    const refusals: { path: string; origin: string; form: Record<string, string> }[] = [
      // Drop-in's JSON route (the shop's own check), and a page's form from an opaque origin (React Router's).
      { path: '/checkout/drop-in/stored', origin: 'https://evil.example', form: { storedPaymentMethodId: 'ABC123' } },
      { path: '/language', origin: 'null', form: { lng: 'en', returnTo: '/products' } },
      { path: '/language.data', origin: 'https://evil.example', form: { lng: 'en' } },
    ];
    for (const { path, origin, form } of refusals) {
      expect((await page.request.post(path, { headers: { Origin: origin }, form })).status(), path).toBe(400);
    }
    const lines = () =>
      shop!
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { level: number; msg: string; url?: string; origin?: string; err?: unknown; req?: { url?: string } });
    await expect.poll(() => lines().filter((line) => line.msg === 'cross-origin form submission refused').length).toBe(refusals.length);
    for (const { path, origin } of refusals) {
      const logged = lines().filter((line) => line.req?.url === path);
      expect(logged, path).toEqual([expect.objectContaining({ level: 40, msg: 'cross-origin form submission refused', origin })]);
      expect(logged[0]!.err, path).toBeUndefined();
    }
    await context.close();
  });
});
