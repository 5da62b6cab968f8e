import { expectNoAxeViolations } from './support/axe';
import { newFan, signUp } from './support/auth';
import { chooseAndRefresh, fillMariosBirthData, javaScriptEnabled, MARIO, MARIOS_FORM, PROFILE_TEXTS, useLanguage } from './support/profile';
import { expect, test } from './support/test';

const COMPLETE_FOR_CART = '/account/profile/complete?fields=taxcode&redirectUri=%2Fcart';

for (const language of ['it', 'en'] as const) {
  test(`profile completion: a wrong tax code is refused at the field, a right one saves and goes back (${language})`, async ({ page }) => {
    test.slow(); // sign-up, two forms and four axe audits (each a mirror page without JavaScript)
    const texts = PROFILE_TEXTS[language];
    await useLanguage(page, 'en'); // the sign-up helper reads English texts
    await signUp(page, newFan(MARIO.firstName));
    await useLanguage(page, language);

    // The dashboard before: nothing but names and e-mail, links to the other account pages.
    await page.goto('/account');
    await expect(page.getByRole('heading', { level: 1, name: texts.dashboardHeading })).toBeVisible();
    await expect(page.getByText(texts.notProvided)).toHaveCount(5);
    await expect(page.getByRole('link', { name: texts.addresses })).toHaveAttribute('href', '/account/addresses');
    await expect(page.getByRole('link', { name: texts.notifyMe })).toHaveAttribute('href', '/account/notify-me');
    await expectNoAxeViolations(page);

    await page.goto(COMPLETE_FOR_CART);
    await expect(page.getByRole('heading', { level: 1, name: texts.heading })).toBeVisible();
    await expectNoAxeViolations(page);

    await fillMariosBirthData(page, texts, MARIO.wrongPlaceTaxCode.toLowerCase());
    if (javaScriptEnabled()) {
      // The browser runs the same schema and refuses before sending; the server must refuse too.
      await page.getByRole('button', { name: texts.submit }).click();
      const posted = await page.request.post(COMPLETE_FOR_CART, { form: { ...MARIOS_FORM, taxCode: MARIO.wrongPlaceTaxCode }, maxRedirects: 0 });
      expect(posted.status()).toBe(400);
      expect(await posted.text()).toContain(texts.wrongPlace);
    } else {
      const answer = page.waitForResponse((response) => response.request().method() === 'POST');
      await page.getByRole('button', { name: texts.submit }).click();
      expect((await answer).status()).toBe(400);
    }
    const summary = page.getByRole('alert');
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('link', { name: texts.wrongPlace })).toBeVisible();
    const taxCode = page.getByLabel(texts.taxCode);
    await expect(taxCode).toHaveAttribute('aria-invalid', 'true');
    await expect(taxCode).toHaveAccessibleDescription(new RegExp(texts.wrongPlace.replace(/[.()]/g, '\\$&')));
    // What the fan typed stays.
    await expect(taxCode).toHaveValue(MARIO.wrongPlaceTaxCode.toLowerCase());
    await expect(page.getByLabel(texts.dob)).toHaveValue(MARIO.dob);
    await expect(page.getByLabel(texts.city, { exact: true })).toHaveValue('H501');
    await expectNoAxeViolations(page);

    await taxCode.fill(MARIO.validTaxCode);
    await page.getByRole('button', { name: texts.submit }).click();
    await expect(page).toHaveURL(/\/cart$/);

    await page.goto('/account');
    const profile = page.locator('dl');
    await expect(profile).toContainText(MARIO.shownDob);
    await expect(profile).toContainText(texts.gender);
    await expect(profile).toContainText(texts.birthPlace);
    await expect(profile).toContainText(MARIO.validTaxCode);
    await expect(page.getByText(texts.notProvided)).toHaveCount(1); // the phone, which is optional
    await expectNoAxeViolations(page);
  });
}

test('a new birth country empties province, municipality and tax code; abroad neither is asked', async ({ page }) => {
  test.slow();
  const texts = PROFILE_TEXTS.en;
  await useLanguage(page, 'en');
  await signUp(page, newFan(MARIO.firstName));
  await page.goto(COMPLETE_FOR_CART);
  await fillMariosBirthData(page, texts, MARIO.validTaxCode);

  await page.getByLabel(texts.country).focus();
  await chooseAndRefresh(page, texts.country, 'France', texts);
  await expect(page.getByLabel(texts.country)).toHaveValue('FR');
  if (javaScriptEnabled()) await expect(page.getByLabel(texts.country)).toBeFocused(); // the list refreshed in place
  await expect(page.getByLabel(texts.province, { exact: true })).toHaveCount(0);
  await expect(page.getByLabel(texts.city, { exact: true })).toHaveCount(0);
  await expect(page.getByLabel(texts.taxCode)).toHaveValue('');
  await expect(page.getByLabel(texts.dob)).toHaveValue(MARIO.dob); // what does not depend on the country stays
  await expectNoAxeViolations(page);

  await chooseAndRefresh(page, texts.country, 'Italy', texts);
  await expect(page.getByLabel(texts.province, { exact: true })).toHaveValue('');
  await expect(page.getByLabel(texts.city, { exact: true })).toBeDisabled();
});

test('bad query values and forged fields get the page or a 400, never a 500; the target stays on the shop', async ({ page }) => {
  await useLanguage(page, 'en');
  await signUp(page, newFan(MARIO.firstName));
  const odd = '/account/profile/complete?fields=%E0%A4%A&fields=password&redirectUri=https%3A%2F%2Fevil.example%2F';
  expect((await page.goto(odd))?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: PROFILE_TEXTS.en.heading })).toBeVisible();

  const forged = { dob: '1980-02-30', gender: 'X', birthCountryCode: '<b>', birthProvinceCode: 'R'.repeat(500), taxCode: 'Z'.repeat(5000) };
  const refused = await page.request.post(odd, { form: forged, maxRedirects: 0 });
  expect(refused.status()).toBe(400);
  const refreshed = await page.request.post(odd, { form: { ...forged, intent: 'refresh', previousDob: '\u0000' }, maxRedirects: 0 });
  expect(refreshed.status()).toBe(200);
  // A municipality of another province than the one chosen is refused at the field.
  const stale = await page.request.post(odd, { form: { ...MARIOS_FORM, birthProvinceCode: 'MI' }, maxRedirects: 0 });
  expect(stale.status()).toBe(400);
  expect(await stale.text()).toContain('Select from the list');

  const saved = await page.request.post(odd, { form: MARIOS_FORM, maxRedirects: 0 });
  expect(saved.status()).toBe(303);
  expect(saved.headers().location).toBe('/account');
});
