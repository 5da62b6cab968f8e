import { AddressForm, ADDRESS_TEXTS } from './pages/addresses';
import { newFan } from './pages/auth';
import { addressSaved, TURIN_ADDRESS } from './support/account-state';
import { expectNoAxeViolations } from './support/axe';
import { javaScriptEnabled, showShopIn } from './support/shop';
import { expect, test } from './support/test';

const BOOK = '/account/addresses';
const RESTRICTED_NOTE = 'We do not ship to this country: this address can be used for billing only.';
const CHOOSER = `${BOOK}/choose?address_type=shipping&redirect_uri=%2Fcart%2F123`;
const NO_JS_PATH = 'no-JS path: e2e/contract/account-addresses.contract.ts';

test.use({ language: 'en' });

// The journeys with JavaScript; without it the same flows are HTTP conversations, tested as such
// in e2e/contract/account-addresses.contract.ts. The no-js project runs only what a browser
// alone shows (focus), in the last test.

test.describe('the address book with JavaScript', () => {
  test.skip(({ javaScriptEnabled: enabled }) => !enabled, NO_JS_PATH);

  // A fan of their own: it fills and empties an address book, which the worker's fan keeps empty.
  test('add, list, edit, refuse bad input, prefer and delete (it)', async ({ page, auth }) => {
    // About fifteen pages and three axe audits: over the default on busy shared cores.
    test.setTimeout(90_000);
    await auth.signUp(newFan());
    await showShopIn(page, 'it');
    const form = new AddressForm(page, 'it');
    const { texts } = form;
    const list = page.getByRole('list', { name: 'Indirizzi salvati' });

    await test.step('an empty address book', async () => {
      await page.goto(BOOK);
      await expect(page.getByRole('heading', { level: 1, name: texts.bookHeading })).toBeVisible();
      await expect(page.getByText(texts.empty)).toBeVisible();
    });

    await test.step('add an Italian address: province, then city, then zip', async () => {
      await page.getByRole('link', { name: texts.add }).click();
      await expect(page.getByRole('heading', { level: 1, name: texts.newHeading })).toBeVisible();
      await expect(page.getByLabel(texts.country, { exact: true })).toHaveValue('IT');
      await form.fillItalian({ phone: '+39 333 123 4567', province: 'Torino (TO)', city: 'Moncalieri', zip: '10024', street: 'Via Roma', number: '12' });
      await form.save();
    });

    await test.step('see it listed, as the preferred address', async () => {
      // A flash notice: the URL carries nothing, the page says it once.
      await expect(page).toHaveURL(BOOK);
      await expect(page.getByRole('status')).toHaveText(texts.saved);
      const turin = list.getByRole('listitem').filter({ hasText: 'Via Roma 12' });
      await expect(turin).toContainText('10024 Moncalieri (TO)');
      await expect(turin).toContainText(texts.italy);
      await expect(turin).toContainText('+39 333 123 4567'); // stored as 0039…, shown readably
      await expect(turin).toContainText(texts.preferred);
    });

    await test.step('edit it: the form opens with the saved values; the notice hides after 3 s', async () => {
      await list.getByRole('link', { name: new RegExp(`^${texts.edit}.*Via Roma 12`) }).click();
      await expect(page.getByLabel(texts.cityIt, { exact: true })).toHaveValue('F335'); // Moncalieri
      await expect(page.getByLabel(texts.zip, { exact: true })).toHaveValue('10024');
      await expectNoAxeViolations(page);
      await page.getByLabel(texts.street, { exact: true }).fill('Corso Trieste');
      await page.getByRole('button', { name: texts.saveChanges }).click();
      await expect(page.getByRole('status')).toHaveText(texts.saved);
      await expect(list.getByRole('listitem').filter({ hasText: 'Corso Trieste 12' })).toBeVisible();
      // With JavaScript it hides after 3 s (without, it stays until the next page: the contract test).
      await expect(page.getByRole('status')).toBeEmpty({ timeout: 6_000 });
      await page.reload();
      await expect(page.getByRole('status')).toBeEmpty();
      await expect(page.getByText('Via Roma')).toHaveCount(0);
    });

    await test.step('bad input is summarised in the browser and kept as typed', async () => {
      await page.getByRole('link', { name: texts.add }).click();
      // A zip longer than 9 cannot be typed (its maxlength); left empty, it is required abroad too.
      await form.fillForeign({ country: texts.france, city: 'Paris', zip: '', street: '', phone: '1 2-3' });
      await form.save(); // validated in the browser first: nothing is sent (the server's 400: the contract test)
      const summary = page.getByRole('alert');
      await expect(summary.getByRole('heading', { name: texts.summaryTitle })).toBeVisible();
      await expect(summary).toBeFocused();
      // Each link names its field (GOV.UK's pattern).
      await expect(summary.getByRole('link')).toHaveText([`${texts.phone}: ${texts.invalidPhone}`, `${texts.zip}: ${texts.required}`, `${texts.street}: ${texts.required}`]);
      const zip = page.getByLabel(texts.zip, { exact: true });
      await expect(zip).toHaveAttribute('maxlength', '9');
      await expect(zip).toHaveAccessibleDescription(texts.required);
      await expect(zip).toHaveAttribute('aria-invalid', 'true');
      await expect(zip).toHaveValue('');
      await expect(page.getByLabel(texts.phone, { exact: true })).toHaveValue('1 2-3');
      await expect(page.getByLabel(texts.city, { exact: true })).toHaveValue('Paris');
      await expect(page.getByLabel(texts.country, { exact: true })).toHaveValue('FR');
      await expect(page).toHaveURL(`${BOOK}/new`);
      await expectNoAxeViolations(page);
    });

    await test.step('corrected, it is saved as a second, not preferred, address', async () => {
      await page.getByLabel(texts.zip, { exact: true }).fill('75001');
      await page.getByLabel(texts.phone, { exact: true }).fill('0033 1 23 45 67 89');
      await page.getByLabel(texts.street, { exact: true }).fill('Rue de Rivoli');
      await form.save();
      await expect(page.getByRole('status')).toHaveText(texts.saved);
      const paris = list.getByRole('listitem').filter({ hasText: 'Rue de Rivoli' });
      await expect(paris).toContainText('75001 Paris');
      await expect(paris).not.toContainText(texts.preferred);
    });

    await test.step('move the preference', async () => {
      await list.getByRole('button', { name: new RegExp(`^${texts.makePreferred}.*Rue de Rivoli`) }).click();
      await expect(page.getByRole('status')).toHaveText(texts.preferredChanged);
      await expect(list.getByRole('listitem').first()).toContainText('Rue de Rivoli');
      await expect(list.getByRole('listitem').first()).toContainText(texts.preferred);
      await expect(list.getByRole('listitem').nth(1)).not.toContainText(texts.preferred);
    });

    await test.step('delete after confirming (a mis-click only opens the question)', async () => {
      const turin = list.getByRole('listitem').filter({ hasText: 'Corso Trieste' });
      const confirm = turin.getByRole('button', { name: new RegExp(`^${texts.deleteConfirm}`) });
      await expect(confirm).toBeHidden();
      await turin.locator('summary', { hasText: texts.delete }).click();
      await expect(confirm).toBeVisible();
      await expectNoAxeViolations(page);
      await confirm.click();
      await expect(page.getByRole('status')).toHaveText(texts.deleted);
      await expect(list.getByRole('listitem')).toHaveCount(1);
      await expect(page.getByText('Corso Trieste')).toHaveCount(0);
    });
  });

  test('the chooser: add an address from it, come back and return the choice to the caller (en)', async ({ page, auth }) => {
    await auth.signUp(newFan('Dario'));
    const form = new AddressForm(page, 'en');
    const { texts } = form;

    await test.step('an empty chooser offers to add an address', async () => {
      await page.goto(CHOOSER);
      await expect(page.getByRole('heading', { level: 1, name: 'Choose the delivery address' })).toBeVisible();
      await expect(page.getByText('You have not saved any addresses yet: add one.')).toBeVisible();
    });

    await test.step('an address in a restricted country may be saved', async () => {
      await page.getByRole('link', { name: 'Add a new address' }).click();
      await form.fillForeign({ country: 'Russia', city: 'Moskva', zip: '101000', street: 'Tverskaya', phone: '0074951234567' });
      await expect(page.getByLabel(texts.country, { exact: true })).toHaveAccessibleDescription(RESTRICTED_NOTE);
      await form.save();
      await expect(page).toHaveURL(/\/account\/addresses\/choose\?/);
    });

    await test.step('add an Italian address from the chooser and come back to it', async () => {
      await page.getByRole('link', { name: 'Add a new address' }).click();
      await expect(page).toHaveURL(`${BOOK}/new?redirect_uri=${encodeURIComponent(CHOOSER)}`);
      await form.fillItalian({ phone: '3331234567', province: 'Roma (RM)', city: 'Roma', zip: '00184', street: 'Via Nazionale', number: '5' });
      await form.save();
      await expect(page).toHaveURL(/\/account\/addresses\/choose\?address_type=shipping&redirect_uri=%2Fcart%2F123&address_id=[\w-]+$/);
    });

    const addressId = new URL(page.url()).searchParams.get('address_id')!;
    await test.step('the new address is selected, the restricted one cannot be', async () => {
      await expect(page.getByRole('group', { name: 'Where shall we deliver?' })).toBeVisible();
      const rome = page.getByRole('radio', { name: /Via Nazionale 5/ });
      await expect(rome).toBeChecked();
      await expect(rome).toHaveAttribute('value', addressId);
      const moscow = page.getByRole('radio', { name: /Tverskaya/ });
      await expect(moscow).toBeDisabled();
      await expect(moscow).toHaveAccessibleDescription(RESTRICTED_NOTE);
      await expectNoAxeViolations(page);
    });

    await test.step('choosing sends the fan to the caller with address_id', async () => {
      // The caller's page does not exist yet (unknown paths go home): check where the choice is sent.
      const toCaller = page.waitForRequest((request) => /^\/cart\/123(\.data)?$/.test(new URL(request.url()).pathname));
      await page.getByRole('button', { name: 'Use this address' }).click();
      expect(new URL((await toCaller).url()).searchParams.get('address_id')).toBe(addressId);
    });

    await test.step('a request without a valid type or a safe return path is refused (400; the others: the contract test)', async () => {
      const response = await page.goto(`${BOOK}/choose?address_type=pickup&redirect_uri=%2Fcart%2F1`);
      expect(response?.status()).toBe(400);
      await expectNoAxeViolations(page);
    });
  });

  test('the address lists narrow by themselves, keep what was typed and the fan’s place (it)', async ({ page, fan }) => {
    // The worker's fan: nothing is saved here, a refresh only narrows the lists.
    expect(fan.email).toContain('@');
    await showShopIn(page, 'it');
    const form = new AddressForm(page, 'it');
    const { texts } = form;
    await page.goto(`${BOOK}/new`);
    await form.untilInteractive();
    await expect(page.getByRole('button', { name: texts.refresh })).toHaveCount(0);
    await expect(page.getByText(/senza JavaScript premi/)).toHaveCount(0);
    await form.fillItalian({ phone: '3331234567', province: 'Torino (TO)', city: 'Moncalieri', zip: '10024', street: 'Via Roma' });

    const province = page.getByLabel(texts.province, { exact: true });
    const city = page.getByLabel(texts.cityIt, { exact: true });
    await province.focus();
    await province.selectOption({ label: 'Roma (RM)' });
    await expect(city).toHaveValue('');
    await expect(province).toHaveValue('RM');
    await expect(province).toBeFocused();
    await expect(province).toBeInViewport();
    // Moncalieri went with Turin: the emptied municipality asks for a choice, the zip waits for it.
    await expect(city).toHaveAttribute('aria-invalid', 'true');
    await expect(city).toHaveAccessibleDescription('Seleziona dalla lista');
    await expect(page.getByLabel(texts.zip, { exact: true })).toHaveValue('');
    await expect(page.getByLabel(texts.zip, { exact: true })).toBeDisabled();
    await expect(page.getByRole('alert')).toHaveCount(0); // not a refused save: no error summary
    // What does not depend on the province stays as typed.
    await expect(page.getByLabel(texts.phone, { exact: true })).toHaveValue('3331234567');
    await expect(page.getByLabel(texts.street, { exact: true })).toHaveValue('Via Roma');

    await city.focus();
    await city.selectOption({ label: 'Roma' });
    await expect(city).toBeFocused();
    await expect(city).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel(texts.zip, { exact: true })).toBeEnabled();
  });

  // axe once per page per language, in its fullest state: the journeys above audit their
  // language, this test the other one, from fixtures.
  test('axe: the address form, book and edit page in English, the chooser in Italian', async ({ page, auth }) => {
    await auth.signUp(newFan());
    const en = new AddressForm(page, 'en');
    await page.goto(`${BOOK}/new`);
    await en.untilInteractive();
    await en.field('province').selectOption({ label: 'Torino (TO)' });
    await expect(en.field('cityIt')).toBeEnabled();
    await en.save();
    await expect(page.getByRole('alert')).toBeFocused();
    await expectNoAxeViolations(page); // the error summary and the fields' messages

    const turin = await addressSaved(page.request, TURIN_ADDRESS);
    await addressSaved(page.request, { countryCode: 'RU', city: 'Moskva', postalCode: '101000', street: 'Tverskaya', phone: '0074951234567' });
    await page.goto(BOOK);
    await page.locator('summary', { hasText: ADDRESS_TEXTS.en.delete }).first().click();
    await expectNoAxeViolations(page); // a delete question open
    await page.goto(`${BOOK}/${turin}`);
    await expectNoAxeViolations(page);

    await showShopIn(page, 'it');
    await page.goto(`${CHOOSER}&address_id=${turin}`);
    await expect(page.getByRole('radio', { checked: true })).toHaveCount(1);
    await expect(page.getByRole('radio', { disabled: true })).toHaveCount(1); // Moscow
    await expectNoAxeViolations(page);
    await page.goto(`${BOOK}/choose?address_type=shipping`);
    await expectNoAxeViolations(page); // refused: 400
  });
});

test('the address lists (no JavaScript: focus and scroll return to the list a refresh came from)', async ({ page, fan }) => {
  test.skip(javaScriptEnabled(), 'with JavaScript the lists refresh in place: the test above');
  // The worker's fan: nothing is saved. The page's markup (autofocus on the changed list, values
  // kept, stale ones emptied) is the contract test's; that the browser lands there is this one's.
  expect(fan.email).toContain('@');
  const form = new AddressForm(page, 'en');
  const { texts } = form;
  await page.goto(`${BOOK}/new`);
  const province = page.getByLabel(texts.province, { exact: true });
  await province.selectOption({ label: 'Torino (TO)' });
  await form.afterListChoice();
  await expect(province).toBeFocused();
  await expect(province).toBeInViewport();
  const city = page.getByLabel(texts.cityIt, { exact: true });
  await city.selectOption({ label: 'Moncalieri' });
  await form.afterListChoice();
  await expect(city).toBeFocused();
  await expect(city).toBeInViewport();
});
