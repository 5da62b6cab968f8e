import { newFan } from './pages/auth';
import { MARIO, ProfileCompletion } from './pages/profile';
import { expectNoAxeViolations } from './support/axe';
import { showShopIn } from './support/shop';
import { expect, test } from './support/test';

const COMPLETE_FOR_CART = '/account/profile/complete?fields=taxcode&redirectUri=%2Fcart';

// The journeys with JavaScript. Without it every one is an HTTP conversation, tested as such in
// e2e/contract/account-profile.contract.ts; that the browser lands on the list a refresh came
// from (autofocus) is e2e/addresses.spec.ts's no-JavaScript test, for the same mechanism.
test.describe('profile completion with JavaScript', () => {
  test.skip(({ javaScriptEnabled: enabled }) => !enabled, 'no-JS path: e2e/contract/account-profile.contract.ts');
  test.use({ language: 'en' });

  // A fan of their own: it completes the profile (the worker's fan stays incomplete).
  test('a wrong tax code is refused at the field, a right one saves and goes back (en)', async ({ page, auth }) => {
    const completion = new ProfileCompletion(page, 'en');
    const { texts } = completion;
    await auth.signUp(newFan(MARIO.firstName));

    // The dashboard before: nothing but names and e-mail, links to the other account pages.
    await page.goto('/account');
    await expect(page.getByRole('heading', { level: 1, name: texts.dashboardHeading })).toBeVisible();
    await expect(page.locator('.profile-summary__missing')).toHaveText(texts.gapsOfNewFan);
    await expect(page.getByRole('link', { name: texts.addresses })).toHaveAttribute('href', '/account/addresses');
    await expect(page.getByRole('link', { name: texts.notifyMe })).toHaveAttribute('href', '/account/notify-me');
    await expectNoAxeViolations(page);

    await page.goto(COMPLETE_FOR_CART);
    await expect(page.getByRole('heading', { level: 1, name: texts.heading })).toBeVisible();
    await completion.fillMariosBirthData(MARIO.wrongPlaceTaxCode.toLowerCase());
    // The browser runs the same schema and refuses before sending (the server's 400: the contract test).
    await page.getByRole('button', { name: texts.submit }).click();
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
  });

  // The worker's fan is Mario Rossi; nothing is saved.
  test('a new birth country empties province, municipality and tax code; abroad neither is asked (it)', async ({ page, fan }) => {
    expect(fan.firstName).toBe(MARIO.firstName); // the tax code is made from the name
    await showShopIn(page, 'it');
    const completion = new ProfileCompletion(page, 'it');
    const { texts } = completion;
    await page.goto(COMPLETE_FOR_CART);
    await completion.fillMariosBirthData(MARIO.validTaxCode);

    await page.getByLabel(texts.country).focus();
    await completion.chooseAndRefresh(texts.country, 'Francia');
    await expect(page.getByLabel(texts.country)).toHaveValue('FR');
    await expect(page.getByLabel(texts.country)).toBeFocused(); // the fan is back at the list they changed
    await expect(page.getByLabel(texts.province, { exact: true })).toHaveCount(0);
    await expect(page.getByLabel(texts.city, { exact: true })).toHaveCount(0);
    await expect(page.getByLabel(texts.taxCode)).toHaveValue('');
    // Emptied, and still required (`fields=taxcode`): it says so, without an error summary.
    await expect(page.getByLabel(texts.taxCode)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel(texts.taxCode)).toHaveAccessibleDescription(/Campo obbligatorio\./);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByLabel(texts.dob)).toHaveValue(MARIO.dob); // what does not depend on the country stays

    await completion.chooseAndRefresh(texts.country, 'Italia');
    await expect(page.getByLabel(texts.province, { exact: true })).toHaveValue('');
    await expect(page.getByLabel(texts.city, { exact: true })).toBeDisabled();
  });

  test('the birth-place lists narrow by themselves, keep what was typed and the fan’s place (en)', async ({ page, fan }) => {
    // The worker's fan: nothing is saved here, a refresh only narrows the lists.
    expect(fan.firstName).toBe(MARIO.firstName);
    const completion = new ProfileCompletion(page, 'en');
    const { texts } = completion;
    await page.goto(COMPLETE_FOR_CART);
    await completion.fillMariosBirthData(MARIO.validTaxCode); // the first refresh came from React: hydrated
    await expect(page.getByRole('button', { name: texts.refresh })).toHaveCount(0);
    await expect(page.getByText(/update the lists before choosing the municipality/)).toHaveCount(0);
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

    // Choosing the municipality answers the message (validated again as the fan picks).
    await city.selectOption({ label: 'Milano' });
    await expect(city).not.toHaveAttribute('aria-invalid', 'true');
  });

  // axe once per page per language, in its fullest state (a dashboard with gaps, a form with its
  // messages): the journey above audits the English pages, this test the Italian ones.
  test('axe: the dashboard with gaps and the completion form refusing a tax code, in Italian', async ({ page, auth }) => {
    await auth.signUp(newFan(MARIO.firstName));
    await showShopIn(page, 'it');
    const completion = new ProfileCompletion(page, 'it');
    await page.goto('/account');
    await expect(page.locator('.profile-summary__missing')).toHaveText(completion.texts.gapsOfNewFan);
    await expectNoAxeViolations(page);
    await page.goto(COMPLETE_FOR_CART);
    await completion.fillMariosBirthData(MARIO.wrongPlaceTaxCode);
    await page.getByRole('button', { name: completion.texts.submit }).click();
    await expect(page.getByRole('alert')).toBeFocused();
    await expectNoAxeViolations(page);
  });
});
