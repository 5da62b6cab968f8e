import type { Browser, Page } from '@playwright/test';
import { readConfig } from '../app/.server/env';
import { expect, test } from './support/test';
import { expectNoAxeViolations } from './support/axe';
import { startShopProcess, type ShopProcess } from './support/shop-process';
import { javaScriptEnabled } from './support/shop';

// The payment simulator's support page (issue 29): a tester sends the shop any webhook about a
// payment, in any order (one queued held, another sent first, the first released), and Adyen's
// REPORT_AVAILABLE; a bad amount is answered with a focused error summary. It is never public:
// a password asked by HTTP Basic when one is set, else only this machine. Plain forms: the same
// steps with and without JavaScript.

const PASSWORD = 'e2e support password, never a real one';
const SESSION_SECRET = 'e2e-psp-support-session-secret-0123456789';

/** The support page's English words (app/locales/en/psp.json). */
const TEXTS = {
  heading: 'Simulated payments',
  passwordRequired: 'Password required',
  localOnly: 'Only on this machine',
  event: 'Event',
  amount: 'Amount in euros',
  succeeded: 'Succeeded (success: true)',
  hold: /^Queue it held/,
  send: 'Send the webhook',
  sendNow: 'Send now',
  report: 'Send REPORT_AVAILABLE',
  badAmount: 'Amount in euros: Enter the amount in euros with at most two decimals, for example 49.90',
} as const;

test.describe('with a support password (a shop of its own)', () => {
  test.describe.configure({ mode: 'default' });
  let shop: ShopProcess | undefined;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    shop = await startShopProcess(`psp-support-${test.info().project.name}`, { PAYMENT_SIMULATOR_SUPPORT_PASSWORD: PASSWORD, SESSION_SECRET });
  });

  test.afterAll(async () => {
    await shop?.stop();
  });

  /** A browser of the tester's, in English, with the password or without. */
  async function testerPage(browser: Browser, withPassword: boolean): Promise<Page> {
    const context = await browser.newContext({
      baseURL: shop!.baseUrl,
      javaScriptEnabled: javaScriptEnabled(),
      locale: 'en-GB',
      ...(withPassword ? { httpCredentials: { username: 'support', password: PASSWORD } } : {}),
    });
    await context.addCookies([{ name: 'jc_prf_lng', value: 'en', url: shop!.baseUrl }]);
    return context.newPage();
  }

  /** A card payment made through the simulator's API, as the shop's Drop-in path makes one; its pspReference. */
  async function apiPayment(reference: string): Promise<string> {
    const { payments } = readConfig({ SESSION_SECRET, PUBLIC_URL: shop!.baseUrl, PAYMENT_SIMULATOR_SUPPORT_PASSWORD: PASSWORD });
    const response = await fetch(`${shop!.baseUrl}/_psp/checkout/v72/payments`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-Key': payments.apiKey },
      body: JSON.stringify({
        merchantAccount: payments.merchantAccount,
        reference,
        amount: { value: 4990, currency: 'EUR' },
        returnUrl: `${shop!.baseUrl}/`,
        paymentMethod: { type: 'scheme', encryptedCardNumber: 'test_4111111111111111', encryptedExpiryMonth: 'test_03', encryptedExpiryYear: 'test_2030', encryptedSecurityCode: 'test_737', holderName: 'APPROVED' },
      }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { pspReference: string }).pspReference;
  }

  /** Reloads until the payment's webhooks say `text` (delivery runs every few seconds). */
  async function expectWebhook(page: Page, text: string | RegExp): Promise<void> {
    const webhooks = page.getByRole('region', { name: 'Webhooks of this payment' });
    await expect(async () => {
      await page.reload();
      await expect(webhooks.getByText(text)).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
  }

  test('asks for the password (401); the API keeps its own key', async ({ browser }) => {
    const page = await testerPage(browser, false);
    // Chromium ends a navigation that is refused credentials (ERR_INVALID_AUTH_CREDENTIALS): ask as a client.
    const refused = await page.request.get('/_psp/');
    expect(refused.status()).toBe(401);
    expect(refused.headers()['www-authenticate']).toBe('Basic realm="Payment simulator support", charset="UTF-8"');
    expect(await refused.text()).toContain(`<h1>${TEXTS.passwordRequired}</h1>`);
    const wrong = await page.request.get('/_psp/', { headers: { Authorization: `Basic ${Buffer.from('support:not the password').toString('base64')}` } });
    expect(wrong.status()).toBe(401);
    expect((await page.request.post('/_psp/reports', { form: {}, maxRedirects: 0 })).status()).toBe(401);
    // The API still answers its own key only (401 000), not the support password.
    expect((await page.request.post('/_psp/checkout/v72/paymentMethods', { data: {} })).status()).toBe(401);
    await page.context().close();
  });

  test('sends a held AUTHORISATION after a CANCELLATION, and REPORT_AVAILABLE; a bad amount gets a focused summary', async ({ browser }) => {
    test.setTimeout(90_000);
    const reference = `ORD-E2E-${test.info().project.name}-${Date.now()}`;
    const pspReference = await apiPayment(reference);
    const page = await testerPage(browser, true);

    await test.step('the list links the payment to its page, which has the form', async () => {
      expect((await page.goto('/_psp/'))?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXTS.heading);
      await expectNoAxeViolations(page);
      await page.getByRole('link', { name: new RegExp(`^${pspReference}`) }).click();
      await expect(page).toHaveURL(new RegExp(`/_psp/payments/${pspReference}$`));
      await expect(page.getByLabel(TEXTS.amount)).toHaveValue('49.90');
      await expect(page.getByRole('radio', { name: TEXTS.succeeded })).toBeChecked();
      await expectNoAxeViolations(page);
    });

    await test.step('a bad amount: 400, the summary takes focus, names the field and leads to it', async () => {
      await page.getByLabel(TEXTS.amount).fill('12.345');
      const answer = page.waitForResponse((response) => response.request().method() === 'POST');
      await page.getByRole('button', { name: TEXTS.send }).click();
      expect((await answer).status()).toBe(400);
      const summary = page.getByRole('alert');
      await expect(summary).toBeFocused();
      await expect(summary.getByRole('link')).toHaveText([TEXTS.badAmount]);
      await expect(page.getByLabel(TEXTS.amount)).toHaveValue('12.345');
      await expect(page.getByLabel(TEXTS.amount)).toHaveAttribute('aria-invalid', 'true');
      await expectNoAxeViolations(page);
      await summary.getByRole('link').click();
      await expect(page.getByLabel(TEXTS.amount)).toBeFocused();
      // The focus ring is drawn (base.css :focus-visible), not removed.
      expect(await page.getByLabel(TEXTS.amount).evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe('none');
    });

    await test.step('an AUTHORISATION queued held, a CANCELLATION sent first, then the AUTHORISATION released', async () => {
      await page.getByLabel(TEXTS.amount).fill('49,90');
      await page.getByLabel(TEXTS.hold).check();
      await page.getByRole('button', { name: TEXTS.send }).click();
      await expect(page.getByRole('status')).toContainText('queued and held');
      await page.getByLabel(TEXTS.event, { exact: true }).selectOption('CANCELLATION');
      await page.getByRole('button', { name: TEXTS.send }).click();
      await expect(page.getByRole('status')).toContainText('The webhook is queued');
      await expectWebhook(page, /^CANCELLATION: delivered/);
      // The payment's own AUTHORISATION went out long ago; the test one still waits.
      await expect(page.getByText(/^AUTHORISATION: delivered/)).toHaveCount(1);
      await expect(page.getByText('AUTHORISATION: held (attempts so far: 0;')).toBeVisible();
      await page.getByRole('button', { name: new RegExp(`^${TEXTS.sendNow} AUTHORISATION ${pspReference}$`) }).click();
      await expect(page.getByRole('status')).toContainText('being sent to the shop now');
      await expect(async () => {
        await page.reload();
        await expect(page.getByText(/^AUTHORISATION: delivered/)).toHaveCount(2, { timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
      await expect(page.getByRole('button', { name: TEXTS.sendNow })).toHaveCount(0);
    });

    await test.step('REPORT_AVAILABLE, from the list', async () => {
      await page.getByRole('link', { name: 'All simulated payments' }).click();
      await page.getByRole('button', { name: TEXTS.report }).click();
      await expect(page).toHaveURL(/\/_psp\/payments\?notice=sent$/);
      await expect(async () => {
        await page.reload();
        await expect(page.getByRole('region', { name: 'Reports' }).getByText(/^REPORT_AVAILABLE: delivered/).first()).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
      await expectNoAxeViolations(page);
    });
    await page.context().close();
  });
});

test.describe('without a support password (the project’s shop)', () => {
  test.use({ language: 'it' });

  test('opens on this machine only: not through a proxy, and takes no form from another site', async ({ page }) => {
    const opened = await page.goto('/_psp/');
    expect(opened?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pagamenti simulati');
    await expectNoAxeViolations(page);
    const proxied = await page.request.get('/_psp/', { headers: { 'X-Forwarded-For': '127.0.0.1' } });
    expect(proxied.status()).toBe(403);
    expect(await proxied.text()).toContain('Solo su questo computer');
    const crossSite = await page.request.post('/_psp/reports', { form: {}, headers: { Origin: 'https://evil.example' }, maxRedirects: 0 });
    expect(crossSite.status()).toBe(400);
    expect(await crossSite.text()).toContain('Modulo inviato da un altro sito');
  });
});
