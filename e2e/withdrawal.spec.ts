import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectNoAxeViolations } from './support/axe';
import { showShopIn, type Language } from './support/shop';
import { saveAddress } from './pages/cart';
import { CHECKOUT_TEXTS, openCheckoutWithMembershipTerms, paidGiftInCart } from './pages/checkout';
import { signUpFanWithProfile } from './pages/configure';
import { DevPages } from './pages/dev';
import { ORDERS_TEXTS } from './pages/orders';
import { HostedCheckout } from './pages/payment';
import { WithdrawalPages, lastWithdrawalDay } from './pages/withdrawal';

// The right of withdrawal (issue 31), with and without JavaScript (the pages have none): a fan
// pays two gifts, withdraws from one on the receipt's choice and the confirmation page, lands on
// the receipt with the notice and the item's state (refunded once the simulator's REFUND webhook
// is in), gets the mail with the model form; a second post of the same confirmation refunds
// once; another fan's order is the shop's 404. Serial: the second test opens the first's order.

// Each item's label names its membership code, which tells two alike items apart.
const KIDS = /^Kids 0–4 JM[0-9A-Z]{10} – /;
const BLACK_AND_WHITE = /^Black & White JM[0-9A-Z]{10} – /;
const TOTAL = { it: /64,90\s€/, en: /€64\.90/ } as const;

/** The signed-in fan's cart of a Kids 0–4 gift and a Black & White gift, paid by card on the PSP's page; the order's id. */
async function payTwoGifts(page: Page, language: Language): Promise<string> {
  await saveAddress(page.request, { countryCode: 'IT', provinceCode: 'TO', cityCode: 'L219', postalCode: '10121', street: 'Via Roma', number: '1' });
  await paidGiftInCart(page.request);
  const added = await page.request.post('/products/black-and-white/configure/gift', {
    form: { giftRecipient: 'someone', giftContactType: 'EMAIL', giftEmail: 'amico@example.org' },
  });
  expect(added.ok(), `added: ${added.status()}`).toBe(true);
  await openCheckoutWithMembershipTerms(page, language);
  await page.getByRole('button', { name: CHECKOUT_TEXTS[language].pay, exact: true }).click();
  const hosted = new HostedCheckout(page, language, TOTAL[language]);
  await hosted.expectOpen();
  await hosted.payByCard('APPROVED');
  await expect(page).toHaveURL(/\/thankyou\?orderId=[0-9a-f-]{36}$/);
  return new URL(page.url()).searchParams.get('orderId')!;
}

test.describe.serial('withdrawing from a paid order', () => {
  let orderId = '';
  let withdrawnItem = '';

  test('receipt → choose → confirm → receipt with the notice and the state; the mail; a second post refunds once; the model form (it, then en)', async ({ page, auth }) => {
    test.setTimeout(180_000);
    const fan = await signUpFanWithProfile(page, auth, 'it');
    orderId = await test.step('the fan pays two gifts', () => payTwoGifts(page, 'it'));
    const receipt = `/account/orders/${orderId}`;
    const it = new WithdrawalPages(page, 'it');
    const lastDay = lastWithdrawalDay(new Date());

    await test.step('the receipt: each item’s last day, the choice of items, the model form; no JavaScript', async () => {
      await page.goto(receipt);
      await expect(page.getByRole('heading', { level: 2, name: it.texts.receiptSection })).toBeVisible();
      await expect(page.getByText(it.texts.until(lastDay), { exact: true })).toHaveCount(2);
      await expect(it.choice().getByRole('checkbox')).toHaveCount(2);
      await expect(page.getByRole('link', { name: it.texts.modelForm })).toHaveAttribute('href', '/terms/withdrawal-form');
      await expect(page.locator('script[src]')).toHaveCount(0);
      await expectNoAxeViolations(page);
    });

    await test.step('nothing chosen: 400, the error summary names the choice, has the focus and links to the first box', async () => {
      const answer = page.waitForResponse((response) => response.url().includes('/withdrawal?'));
      await it.choose();
      expect((await answer).status()).toBe(400);
      await it.expectErrorSummaryFocused(it.texts.nothingChosen);
      await page.getByRole('alert').getByRole('link').click();
      await expect(it.choice().getByRole('checkbox').first()).toBeFocused();
      await expectNoAxeViolations(page);
    });

    const fields = await test.step('Kids 0–4 chosen: what comes back, to which card, until when', async () => {
      await it.choose(KIDS);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Recesso dall'ordine \d{9}$/);
      const table = page.getByRole('table', { name: it.texts.caption });
      await expect(table.getByRole('rowheader', { name: /^Kids 0–4/ })).toHaveCount(1);
      await expect(table.getByRole('rowheader', { name: /^Black & White/ })).toHaveCount(0);
      await expect(page.getByText(it.texts.visa)).toBeVisible();
      await expect(page.getByText(it.texts.deadline(lastDay))).toBeVisible();
      await expectNoAxeViolations(page);
      return it.confirmationFields();
    });
    withdrawnItem = fields.item[0]!;

    await test.step('confirmed: the receipt, the notice, the item withdrawn and refunded once the REFUND webhook is in', async () => {
      await page.getByRole('button', { name: it.texts.confirm }).click();
      await expect(page).toHaveURL(new RegExp(`${receipt}$`));
      await expect(page.getByRole('status')).toContainText(it.texts.done);
      // Requested, or refunded already if the webhook was quick.
      await expect(it.lineNotes(/^Kids 0–4/)).toHaveText([new RegExp(`${it.texts.requested.source}|${it.texts.refunded.source}`)]);
      await expect(async () => {
        await page.reload();
        await expect(it.lineNotes(/^Kids 0–4/)).toHaveText([it.texts.refunded], { timeout: 1_000 });
      }).toPass({ timeout: 30_000 });
      // Only Black & White may still be withdrawn.
      await expect(it.choice().getByRole('checkbox')).toHaveCount(1);
      await expect(it.choice().getByRole('checkbox', { name: BLACK_AND_WHITE })).toHaveCount(1);
      await expectNoAxeViolations(page);
    });

    await test.step('the same confirmation posted again (a double submit): the same withdrawal, refunded once', async () => {
      const body = new URLSearchParams([...fields.item.map((item) => ['item', item]), ['key', fields.key]]).toString();
      const again = await page.request.post(`${receipt}/withdrawal`, { data: body, headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, maxRedirects: 0 });
      expect(again.status()).toBe(303);
      expect(again.headers()['location']).toBe(receipt);
      await page.goto(receipt);
      await expect(page.getByRole('region', { name: ORDERS_TEXTS.it.summaryHeading }).locator('tfoot')).toContainText(/Rimborsato/);
      await expect(page.locator('.receipt__history li').filter({ hasText: it.texts.historyRequested })).toHaveCount(1);
    });

    await test.step('the item again: 409 and why, nothing withdrawn', async () => {
      const answer = await page.goto(`${receipt}/withdrawal?item=${withdrawnItem}`);
      expect(answer?.status()).toBe(409);
      await expect(page.getByRole('heading', { level: 2, name: it.texts.refusedHeading })).toBeVisible();
      await expect(page.getByText(it.texts.alreadyWithdrawn)).toBeVisible();
      await expectNoAxeViolations(page);
    });

    await test.step('one confirmation mail, with the model form filled in', async () => {
      await new DevPages(page).openOutbox(fan.email);
      const mail = page.getByRole('listitem').filter({ hasText: it.texts.mailSubject });
      await expect(mail).toHaveCount(1);
      await expect(mail).toContainText(it.texts.mailForm);
    });

    await test.step('the model form, printable, in Italian and in English', async () => {
      await page.goto('/terms/withdrawal-form');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(it.texts.modelFormTitle);
      await expect(page.locator('script[src]')).toHaveCount(0);
      await expectNoAxeViolations(page);
      await showShopIn(page, 'en');
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Model withdrawal form');
      await expectNoAxeViolations(page);
    });

    await test.step('in English: the receipt, and the confirmation of the other item', async () => {
      const en = new WithdrawalPages(page, 'en');
      await page.goto(receipt);
      await expect(en.lineNotes(/^Kids 0–4/)).toHaveText([en.texts.refunded]);
      await expect(page.getByText(en.texts.until(lastDay), { exact: true })).toHaveCount(1);
      await expectNoAxeViolations(page);
      await en.choose(BLACK_AND_WHITE);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Withdraw from order \d{9}$/);
      await expect(page.getByText(en.texts.visa)).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });

  test('another fan’s order, an unknown or a malformed one: the shop’s 404, nothing withdrawn', async ({ page, fan }) => {
    expect(fan.email).toBeTruthy();
    const others = `/account/orders/${orderId}/withdrawal`;
    for (const path of [others, `${others}?item=${withdrawnItem}`, '/account/orders/00000000-0000-4000-8000-000000000000/withdrawal', '/account/orders/not-an-id/withdrawal']) {
      const answer = await page.goto(path);
      expect(answer?.status(), path).toBe(404);
    }
    await expect(page.getByText(ORDERS_TEXTS.it.notFound)).toBeVisible();
    await expectNoAxeViolations(page);
    const posted = await page.request.post(others, { form: { item: withdrawnItem, key: '6f1c2a8e-0b7d-4c55-9e3a-2d8b1f0c4a77' }, maxRedirects: 0 });
    expect(posted.status()).toBe(404);
  });
});
