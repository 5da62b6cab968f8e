import { ADDRESS_TEXTS } from './pages/addresses';
import { javaScriptEnabled, showShopIn, waitForHydration } from './support/shop';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/test';

// The shop in English unless a test says otherwise.
test.use({ language: 'en' });

/**
 * What every form does with its fields: summary naming them, bounds, trimming, digits. What the
 * server answers a form sent without JavaScript is e2e/contract/account-forms.contract.ts's;
 * here is what the browser does with it. All on the worker's fan: no form here saves anything.
 */

const NEW_ADDRESS = '/account/addresses/new';
const NAMES = {
  it: { firstName: 'Nome', lastName: 'Cognome', province: 'Provincia', selectFromList: 'Seleziona dalla lista' },
  en: { firstName: 'First name', lastName: 'Last name', province: 'Province', selectFromList: 'Select from the list' },
} as const;

test('the error summary names each field and links to it (it)', async ({ page, fan }) => {
  test.skip(!javaScriptEnabled(), 'no-JS path: e2e/contract/account-forms.contract.ts and the test below');
  expect(fan.email).toContain('@');
  const texts = { ...ADDRESS_TEXTS.it, ...NAMES.it };
  await showShopIn(page, 'it');
  await page.goto(NEW_ADDRESS);

  const firstName = page.getByLabel(texts.firstName, { exact: true });
  await waitForHydration(firstName);
  // Bounds reach the HTML, so the browser stops typing at the limit.
  await expect(firstName).toHaveAttribute('maxlength', '80');
  await expect(page.getByLabel(texts.street, { exact: true })).toHaveAttribute('maxlength', '255');

  // The new address starts with the fan's names: empty them too.
  await firstName.fill('');
  await page.getByLabel(texts.lastName, { exact: true }).fill('');
  await page.getByRole('button', { name: texts.save }).click();
  const summary = page.getByRole('alert');
  await expect(summary.getByRole('heading', { name: texts.summaryTitle })).toBeVisible();
  await expect(summary).toBeFocused();
  // The Italian form asks for province and municipality; the municipality waits for the province.
  await expect(summary.getByRole('link')).toHaveText([
    `${texts.firstName}: ${texts.required}`,
    `${texts.lastName}: ${texts.required}`,
    `${texts.phone}: ${texts.required}`,
    `${texts.province}: ${texts.selectFromList}`,
    `${texts.cityIt}: ${texts.selectFromList}`,
    `${texts.street}: ${texts.required}`,
  ]);
  // (axe: this page with its summary is audited in e2e/addresses.spec.ts, in both languages.)

  await summary.getByRole('link', { name: `${texts.lastName}: ${texts.required}` }).click();
  await expect(page.getByLabel(texts.lastName, { exact: true })).toBeFocused();
});

test('the error summary (no JavaScript: it takes focus after a refused save, and its links move focus to their fields)', async ({ page, fan }) => {
  test.skip(javaScriptEnabled(), 'with JavaScript: the test above');
  expect(fan.email).toContain('@');
  const texts = { ...ADDRESS_TEXTS.en, ...NAMES.en };
  await page.goto(NEW_ADDRESS);
  await page.getByLabel(texts.lastName, { exact: true }).fill('');
  const answer = page.waitForResponse((response) => response.request().method() === 'POST');
  await page.getByRole('button', { name: texts.save }).click();
  expect((await answer).status()).toBe(400);
  const summary = page.getByRole('alert');
  await expect(summary).toBeFocused();
  await summary.getByRole('link', { name: `${texts.lastName}: ${texts.required}` }).click();
  await expect(page.getByLabel(texts.lastName, { exact: true })).toBeFocused();
});

test('names are trimmed as the spec says, on blur (with JavaScript; by the server: the contract test)', async ({ page, fan }) => {
  test.skip(!javaScriptEnabled(), 'no-JS path: e2e/contract/account-forms.contract.ts');
  expect(fan.email).toContain('@');
  const texts = { ...ADDRESS_TEXTS.en, ...NAMES.en };
  await page.goto(NEW_ADDRESS);

  const firstName = page.getByLabel(texts.firstName, { exact: true });
  await waitForHydration(firstName);
  await firstName.fill(" -D'Angelo2 ");
  await page.getByLabel(texts.lastName, { exact: true }).fill('Rossi.');
  await page.getByLabel(texts.phone, { exact: true }).focus();
  await expect(firstName).toHaveValue("D'Angelo");

  await page.getByRole('button', { name: texts.save }).click();
  const summary = page.getByRole('alert');
  await expect(summary.getByRole('link').first()).toHaveText(`${texts.phone}: ${texts.required}`);
  // Neither name is reported: what is left after trimming is a valid name.
  await expect(summary.getByRole('link', { name: texts.firstName })).toHaveCount(0);
  await expect(summary.getByRole('link', { name: texts.lastName })).toHaveCount(0);
});

test('a number input takes digits only', async ({ page }) => {
  test.skip(!javaScriptEnabled(), 'no-JS path (its attributes): e2e/contract/account-forms.contract.ts');
  await page.goto('/dev/stock');
  const form = page.getByRole('form', { name: 'Restock a product' });
  const quantity = form.getByLabel('Quantity');
  await expect(quantity).toHaveAttribute('inputmode', 'numeric');
  await expect(quantity).toHaveAttribute('maxlength', '5');
  await waitForHydration(quantity);
  await quantity.pressSequentially('1.2x0');
  await expect(quantity).toHaveValue('120');
  await expectNoAxeViolations(page);
});
