import { ADDRESS_TEXTS } from './pages/addresses';
import { newFan } from './pages/auth';
import { javaScriptEnabled, showShopIn, waitForHydration } from './support/shop';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/test';

// The shop in English unless a test says otherwise (the fixture keeps it through a sign-up).
test.use({ language: 'en' });

/** What every form does with its fields (issue 8): summary naming them, bounds, trimming, digits. */

const NEW_ADDRESS = '/account/addresses/new';
const NAMES = {
  it: { firstName: 'Nome', lastName: 'Cognome', province: 'Provincia', selectFromList: 'Seleziona dalla lista' },
  en: { firstName: 'First name', lastName: 'Last name', province: 'Province', selectFromList: 'Select from the list' },
} as const;

for (const language of ['it', 'en'] as const) {
  const texts = { ...ADDRESS_TEXTS[language], ...NAMES[language] };

  test(`the error summary names each field and links to it (${language})`, async ({ page, auth }) => {
    test.setTimeout(90_000); // a sign-up (a password hash) and an axe run
    await showShopIn(page, 'en');
    await auth.signUp(newFan());
    await showShopIn(page, language);
    await page.goto(NEW_ADDRESS);

    const firstName = page.getByLabel(texts.firstName, { exact: true });
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
    await expectNoAxeViolations(page);

    await summary.getByRole('link', { name: `${texts.lastName}: ${texts.required}` }).click();
    await expect(page.getByLabel(texts.lastName, { exact: true })).toBeFocused();
  });
}

test('names are trimmed as the spec says: on blur with JavaScript, by the server always', async ({ page, auth }) => {
  test.setTimeout(90_000); // a sign-up (a password hash)
  const texts = { ...ADDRESS_TEXTS.en, ...NAMES.en };
  await showShopIn(page, 'en');
  await auth.signUp(newFan());
  await page.goto(NEW_ADDRESS);

  const firstName = page.getByLabel(texts.firstName, { exact: true });
  if (javaScriptEnabled()) await waitForHydration(firstName);
  await firstName.fill(" -D'Angelo2 ");
  await page.getByLabel(texts.lastName, { exact: true }).fill('Rossi.');
  await page.getByLabel(texts.phone, { exact: true }).focus();
  if (javaScriptEnabled()) await expect(firstName).toHaveValue("D'Angelo");

  await page.getByRole('button', { name: texts.save }).click();
  const summary = page.getByRole('alert');
  await expect(summary.getByRole('link').first()).toHaveText(`${texts.phone}: ${texts.required}`);
  // Neither name is reported: what is left after trimming is a valid name.
  await expect(summary.getByRole('link', { name: texts.firstName })).toHaveCount(0);
  await expect(summary.getByRole('link', { name: texts.lastName })).toHaveCount(0);
});

test('a number input takes digits only', async ({ page }) => {
  await showShopIn(page, 'en');
  await page.goto('/dev/stock');
  const form = page.getByRole('form', { name: 'Restock a product' });
  const quantity = form.getByLabel('Quantity');
  await expect(quantity).toHaveAttribute('inputmode', 'numeric');
  await expect(quantity).toHaveAttribute('maxlength', '5');
  if (javaScriptEnabled()) {
    await waitForHydration(quantity);
    await quantity.pressSequentially('1.2x0');
    await expect(quantity).toHaveValue('120');
  }
  await expectNoAxeViolations(page);
});
