import { newFan } from './pages/auth';
import { MARIO, MARIOS_FORM, ProfileCompletion } from './pages/profile';
import { expectNoAxeViolations } from './support/axe';
import { javaScriptEnabled, showShopIn, renderedHtml } from './support/shop';
import { expect, test } from './support/test';

const COMPLETE_FOR_CART = '/account/profile/complete?fields=taxcode&redirectUri=%2Fcart';

test.use({ language: 'en' });

// Tests that complete a profile need a fan of their own (the worker's fan stays incomplete).
for (const language of ['it', 'en'] as const) {
  test(`profile completion: a wrong tax code is refused at the field, a right one saves and goes back (${language})`, async ({ page, auth }) => {
    test.slow(); // sign-up, two forms and four axe audits (each a mirror page without JavaScript)
    const completion = new ProfileCompletion(page, language);
    const { texts } = completion;
    await auth.signUp(newFan(MARIO.firstName));
    await showShopIn(page, language);

    // The dashboard before: nothing but names and e-mail, links to the other account pages.
    await page.goto('/account');
    await expect(page.getByRole('heading', { level: 1, name: texts.dashboardHeading })).toBeVisible();
    await expect(page.locator('.profile-summary__missing')).toHaveText(texts.gapsOfNewFan);
    await expect(page.getByRole('link', { name: texts.addresses })).toHaveAttribute('href', '/account/addresses');
    await expect(page.getByRole('link', { name: texts.notifyMe })).toHaveAttribute('href', '/account/notify-me');
    await expectNoAxeViolations(page);

    await page.goto(COMPLETE_FOR_CART);
    await expect(page.getByRole('heading', { level: 1, name: texts.heading })).toBeVisible();
    await expectNoAxeViolations(page);

    await completion.fillMariosBirthData(MARIO.wrongPlaceTaxCode.toLowerCase());
    if (javaScriptEnabled()) {
      // The browser runs the same schema and refuses before sending; the server must refuse too.
      await page.getByRole('button', { name: texts.submit }).click();
      const posted = await page.request.post(COMPLETE_FOR_CART, { form: { ...MARIOS_FORM, taxCode: MARIO.wrongPlaceTaxCode }, maxRedirects: 0 });
      expect(posted.status()).toBe(400);
      expect(await renderedHtml(posted)).toContain(texts.wrongPlace);
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

// The worker's fan is Mario Rossi; nothing is saved.
test('a new birth country empties province, municipality and tax code; abroad neither is asked', async ({ page, fan }) => {
  expect(fan.firstName).toBe(MARIO.firstName); // the tax code is made from the name
  const completion = new ProfileCompletion(page, 'en');
  const { texts } = completion;
  await page.goto(COMPLETE_FOR_CART);
  await completion.fillMariosBirthData(MARIO.validTaxCode);

  await page.getByLabel(texts.country).focus();
  await completion.chooseAndRefresh(texts.country, 'France');
  await expect(page.getByLabel(texts.country)).toHaveValue('FR');
  // The fan is back at the list they changed: in place with JavaScript, by autofocus without.
  await expect(page.getByLabel(texts.country)).toBeFocused();
  await expect(page.getByLabel(texts.province, { exact: true })).toHaveCount(0);
  await expect(page.getByLabel(texts.city, { exact: true })).toHaveCount(0);
  await expect(page.getByLabel(texts.taxCode)).toHaveValue('');
  // Emptied, and still required (`fields=taxcode`): it says so, without an error summary.
  await expect(page.getByLabel(texts.taxCode)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel(texts.taxCode)).toHaveAccessibleDescription(/This field is required\./);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByLabel(texts.dob)).toHaveValue(MARIO.dob); // what does not depend on the country stays
  await expectNoAxeViolations(page);

  await completion.chooseAndRefresh(texts.country, 'Italy');
  await expect(page.getByLabel(texts.province, { exact: true })).toHaveValue('');
  await expect(page.getByLabel(texts.city, { exact: true })).toBeDisabled();
});

test('the birth-place lists: with JavaScript they narrow by themselves; without, the refresh keeps what was typed and returns to the list', async ({ page, fan }) => {
  // The worker's fan: nothing is saved here, a refresh only narrows the lists.
  expect(fan.firstName).toBe(MARIO.firstName);
  const completion = new ProfileCompletion(page, 'en');
  const { texts } = completion;
  await page.goto(COMPLETE_FOR_CART);
  const refresh = page.getByRole('button', { name: texts.refresh });
  const hint = page.getByText(/update the lists before choosing the municipality/);
  if (javaScriptEnabled()) {
    await expect(refresh).toHaveCount(0);
    await expect(hint).toHaveCount(0);
  } else {
    await expect(refresh).toBeVisible();
    await expect(hint).toBeVisible();
  }
  await completion.fillMariosBirthData(MARIO.validTaxCode);
  await page.getByLabel('Phone (optional)').fill('+39 333 123 4567');

  const province = page.getByLabel(texts.province, { exact: true });
  const city = page.getByLabel(texts.city, { exact: true });
  await province.focus();
  await completion.chooseAndRefresh(texts.province, 'Milano');
  await expect(province).toHaveValue('MI');
  await expect(province).toBeFocused();
  await expect(province).toBeInViewport();
  // The municipality of Rome went with its province: emptied, it asks for a choice.
  await expect(city).toHaveValue('');
  await expect(city).toHaveAttribute('aria-invalid', 'true');
  await expect(city).toHaveAccessibleDescription('This field is required.');
  await expect(page.getByRole('alert')).toHaveCount(0); // not a refused save
  // Everything else stays as typed.
  await expect(page.getByLabel(texts.dob)).toHaveValue(MARIO.dob);
  await expect(page.getByLabel(texts.male, { exact: true })).toBeChecked();
  await expect(page.getByLabel('Phone (optional)')).toHaveValue('+39 333 123 4567');
  await expect(page.getByLabel(texts.taxCode)).toHaveValue(MARIO.validTaxCode);
  await expectNoAxeViolations(page);

  // Choosing the municipality answers the message (validated again as the fan picks).
  await city.selectOption({ label: 'Milano' });
  if (javaScriptEnabled()) await expect(city).not.toHaveAttribute('aria-invalid', 'true');
});

test('bad query values and forged fields get the page or a 400, never a 500; the target stays on the shop', async ({ page, auth }) => {
  await auth.signUp(newFan(MARIO.firstName)); // of its own: it completes the profile
  const odd = '/account/profile/complete?fields=%E0%A4%A&fields=password&redirectUri=https%3A%2F%2Fevil.example%2F';
  expect((await page.goto(odd))?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: new ProfileCompletion(page, 'en').texts.heading })).toBeVisible();

  const forged = { dob: '1980-02-30', gender: 'X', birthCountryCode: '<b>', birthProvinceCode: 'R'.repeat(500), taxCode: 'Z'.repeat(5000) };
  const refused = await page.request.post(odd, { form: forged, maxRedirects: 0 });
  expect(refused.status()).toBe(400);
  const refreshed = await page.request.post(odd, { form: { ...forged, intent: 'refresh', 'previous.dob': '\u0000' }, maxRedirects: 0 });
  expect(refreshed.status()).toBe(200);
  // A municipality of another province than the one chosen is refused at the field.
  const stale = await page.request.post(odd, { form: { ...MARIOS_FORM, birthProvinceCode: 'MI' }, maxRedirects: 0 });
  expect(stale.status()).toBe(400);
  expect(await renderedHtml(stale)).toContain('Select from the list');

  const saved = await page.request.post(odd, { form: MARIOS_FORM, maxRedirects: 0 });
  expect(saved.status()).toBe(303);
  expect(saved.headers().location).toBe('/account');
});
