import { AddressForm } from './pages/addresses';
import { newFan } from './pages/auth';
import { expectNoAxeViolations } from './support/axe';
import { javaScriptEnabled, languageCookie, showShopIn, renderedHtml } from './support/shop';
import { expect, test } from './support/test';

const BOOK = '/account/addresses';
const RESTRICTED_NOTE = 'We do not ship to this country: this address can be used for billing only.';

test.use({ language: 'en' });

// Each test walks a whole flow in steps with a fan of its own: they count and empty address
// books, which the worker's shared fan keeps empty.

for (const language of ['it', 'en'] as const) {
  const listName = language === 'it' ? 'Indirizzi salvati' : 'Saved addresses';

  test(`the address book: add, list, edit, refuse bad input, prefer and delete (${language})`, async ({ page, auth }) => {
    // A sign-up and about twenty pages, nine of them audited (without JavaScript each audit is a
    // mirror page): about a minute alone, two when the shared cores are busy.
    test.setTimeout(180_000);
    await auth.signUp(newFan());
    await showShopIn(page, language);
    const form = new AddressForm(page, language);
    const { texts } = form;
    const list = page.getByRole('list', { name: listName });

    await test.step('an empty address book', async () => {
      await page.goto(BOOK);
      await expect(page.getByRole('heading', { level: 1, name: texts.bookHeading })).toBeVisible();
      await expect(page.getByText(texts.empty)).toBeVisible();
      await expectNoAxeViolations(page);
    });

    await test.step('add an Italian address: province, then city, then zip', async () => {
      await page.getByRole('link', { name: texts.add }).click();
      await expect(page.getByRole('heading', { level: 1, name: texts.newHeading })).toBeVisible();
      await expect(page.getByLabel(texts.country, { exact: true })).toHaveValue('IT');
      await expectNoAxeViolations(page);
      await form.fillItalian({
        phone: '+39 333 123 4567',
        province: 'Torino (TO)',
        city: 'Moncalieri',
        zip: '10024',
        street: 'Via Roma',
        number: '12',
      });
      await expectNoAxeViolations(page); // the form with its lists narrowed
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
      await expectNoAxeViolations(page);
    });

    await test.step('edit it: the form opens with the saved values', async () => {
      await list.getByRole('link', { name: new RegExp(`^${texts.edit}.*Via Roma 12`) }).click();
      await expect(page.getByLabel(texts.cityIt, { exact: true })).toHaveValue('F335'); // Moncalieri
      await expect(page.getByLabel(texts.zip, { exact: true })).toHaveValue('10024');
      await expectNoAxeViolations(page);
      await page.getByLabel(texts.street, { exact: true }).fill('Corso Trieste');
      await page.getByRole('button', { name: texts.saveChanges }).click();
      await expect(page.getByRole('status')).toHaveText(texts.saved);
      await expect(list.getByRole('listitem').filter({ hasText: 'Corso Trieste 12' })).toBeVisible();
      // With JavaScript it hides after 3 s; without, it stays until the next page, and never comes back.
      if (test.info().project.use.javaScriptEnabled !== false) await expect(page.getByRole('status')).toBeEmpty({ timeout: 6_000 });
      else await expect(page.getByRole('status')).toHaveText(texts.saved);
      await page.reload();
      await expect(page.getByRole('status')).toBeEmpty();
      await expect(page.getByText('Via Roma')).toHaveCount(0);
    });

    await test.step('bad input is summarised, refused with a 400 and kept as typed', async () => {
      await page.getByRole('link', { name: texts.add }).click();
      await form.fillForeign({
        country: texts.france,
        city: 'Paris',
        // A zip longer than 9 cannot be typed (its maxlength); left empty, it is required abroad too.
        zip: '',
        street: '',
        phone: '1 2-3',
      });
      const answer = javaScriptEnabled()
        ? null // validated in the browser first: nothing is sent
        : page.waitForResponse((response) => response.request().method() === 'POST');
      await form.save();
      if (answer) expect((await answer).status()).toBe(400);
      const summary = page.getByRole('alert');
      await expect(summary.getByRole('heading', { name: texts.summaryTitle })).toBeVisible();
      await expect(summary).toBeFocused();
      // Each link names its field (GOV.UK's pattern).
      await expect(summary.getByRole('link')).toHaveText([
        `${texts.phone}: ${texts.invalidPhone}`,
        `${texts.zip}: ${texts.required}`,
        `${texts.street}: ${texts.required}`,
      ]);
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
}

test('the chooser: add an address from it, come back and return the choice to the caller', async ({ page, auth, baseURL }) => {
  test.setTimeout(120_000); // a sign-up and about fifteen pages
  await auth.signUp(newFan('Dario'));
  const form = new AddressForm(page, 'en');
  const { texts } = form;
  const chooser = `${BOOK}/choose?address_type=shipping&redirect_uri=%2Fcart%2F123`;

  await test.step('an empty chooser offers to add an address', async () => {
    await page.goto(chooser);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose the delivery address' })).toBeVisible();
    await expect(page.getByText('You have not saved any addresses yet: add one.')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  await test.step('an address in a restricted country may be saved', async () => {
    await page.getByRole('link', { name: 'Add a new address' }).click();
    await form.fillForeign({
      country: 'Russia',
      city: 'Moskva',
      zip: '101000',
      street: 'Tverskaya',
      phone: '0074951234567',
    });
    await expect(page.getByLabel(texts.country, { exact: true })).toHaveAccessibleDescription(RESTRICTED_NOTE);
    await form.save();
    await expect(page).toHaveURL(/\/account\/addresses\/choose\?/);
  });

  await test.step('add an Italian address from the chooser and come back to it', async () => {
    await page.getByRole('link', { name: 'Add a new address' }).click();
    const back = '/account/addresses/choose?address_type=shipping&redirect_uri=%2Fcart%2F123';
    await expect(page).toHaveURL(`${BOOK}/new?redirect_uri=${encodeURIComponent(back)}`);
    await form.fillItalian({
      phone: '3331234567',
      province: 'Roma (RM)',
      city: 'Roma',
      zip: '00184',
      street: 'Via Nazionale',
      number: '5',
    });
    await form.save();
    await expect(page).toHaveURL(
      /\/account\/addresses\/choose\?address_type=shipping&redirect_uri=%2Fcart%2F123&address_id=[\w-]+$/,
    );
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
    const target = new URL((await toCaller).url());
    expect(target.searchParams.get('address_id')).toBe(addressId);
  });

  await test.step('a forged choice (not one of the fan’s addresses) answers 400 with the field message', async () => {
    const forged = await page.request.post(`${BOOK}/choose?address_type=billing&redirect_uri=%2Fcart%2F1`, {
      form: { addressId: '00000000-0000-4000-8000-000000000000' },
      headers: { Origin: new URL(baseURL!).origin },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(400);
    expect(await renderedHtml(forged)).toContain('Choose one of your addresses.');
  });

  await test.step('a request without a valid type or a safe return path is refused', async () => {
    for (const query of [
      'address_type=pickup&redirect_uri=%2Fcart%2F1',
      'address_type=shipping',
      'address_type=billing&redirect_uri=https%3A%2F%2Fevil.example%2F',
      'address_type=billing&redirect_uri=%2F%2Fevil.example',
    ]) {
      const response = await page.goto(`${BOOK}/choose?${query}`);
      expect(response?.status(), query).toBe(400);
    }
    await expectNoAxeViolations(page);
  });

  await test.step('an unknown or malformed address id is not found', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const response = await page.goto(`${BOOK}/${id}`);
      expect(response?.status(), id).toBe(404);
    }
  });
});

  // Anna has a browser of her own; Bruno is the worker's fan, in a second one.
test('another fan\'s address is a 404 to read, change or delete, and stays untouched', async ({ page, auth, browser, baseURL, workerFan }) => {
  test.setTimeout(120_000); // a sign-up, two browsers
  const form = new AddressForm(page, 'en');
  const { texts } = form;
  await auth.signUp(newFan('Anna'));
  await page.goto(`${BOOK}/new`);
  await form.fillForeign({
    country: texts.france,
    city: 'Lyon',
    zip: '69001',
    street: 'Rue de la République',
    phone: '0033 4 00 00 00',
  });
  await form.save();
  await expect(page).toHaveURL(BOOK);
  const editPath = await page.getByRole('link', { name: /^Edit/ }).getAttribute('href');
  const addressId = editPath?.split('/').pop() ?? '';
  expect(addressId).toMatch(/^[0-9a-f-]{36}$/);

  const brunosBrowser = await browser.newContext({ baseURL, javaScriptEnabled: javaScriptEnabled() });
  await brunosBrowser.addCookies([...workerFan.cookies, languageCookie('en', baseURL!)]);
  const bruno = await brunosBrowser.newPage();
  const read = await bruno.goto(editPath!);
  expect(read?.status()).toBe(404);
  const change = await bruno.request.post(editPath!, {
    form: { firstName: 'Bruno', lastName: 'Rossi', phone: '1234', countryCode: 'FR', city: 'Nice', postalCode: '06000', street: 'X' },
    maxRedirects: 0,
  });
  expect(change.status()).toBe(404);
  const remove = await bruno.request.post(BOOK, { form: { intent: 'delete', addressId }, maxRedirects: 0 });
  expect(remove.status()).toBe(404);
  await bruno.goto(BOOK);
  await expect(bruno.getByText(texts.empty)).toBeVisible(); // the shared fan keeps no addresses
  await brunosBrowser.close();

  // Anna's address is untouched.
  await page.goto(BOOK);
  await expect(page.getByRole('listitem').filter({ hasText: 'Rue de la République' })).toContainText('69001 Lyon');
});

test('the address lists: with JavaScript they narrow by themselves; without, the refresh keeps what was typed and returns to the list', async ({ page, fan }) => {
  // The worker's fan: nothing is saved here, a refresh only narrows the lists.
  expect(fan.email).toContain('@');
  const form = new AddressForm(page, 'en');
  const { texts } = form;
  await page.goto(`${BOOK}/new`);
  const refresh = page.getByRole('button', { name: texts.refresh });
  const hint = page.getByText(/without JavaScript press/);
  if (javaScriptEnabled()) {
    await expect(refresh).toHaveCount(0);
    await expect(hint).toHaveCount(0);
  } else {
    await expect(refresh).toHaveCount(1);
    await expect(hint).toBeVisible();
  }
  await form.fillItalian({ phone: '3331234567', province: 'Torino (TO)', city: 'Moncalieri', zip: '10024', street: 'Via Roma' });

  const province = page.getByLabel(texts.province, { exact: true });
  const city = page.getByLabel(texts.cityIt, { exact: true });
  await province.focus();
  await province.selectOption({ label: 'Roma (RM)' });
  await form.afterListChoice();
  await expect(city).toHaveValue('');
  await expect(province).toHaveValue('RM');
  await expect(province).toBeFocused();
  await expect(province).toBeInViewport();
  // Moncalieri went with Turin: the emptied municipality asks for a choice, the zip waits for it.
  await expect(city).toHaveAttribute('aria-invalid', 'true');
  await expect(city).toHaveAccessibleDescription('Select from the list');
  await expect(page.getByLabel(texts.zip, { exact: true })).toHaveValue('');
  await expect(page.getByLabel(texts.zip, { exact: true })).toBeDisabled();
  await expect(page.getByRole('alert')).toHaveCount(0); // not a refused save: no error summary
  // What does not depend on the province stays as typed.
  await expect(page.getByLabel(texts.phone, { exact: true })).toHaveValue('3331234567');
  await expect(page.getByLabel(texts.street, { exact: true })).toHaveValue('Via Roma');
  await expectNoAxeViolations(page);

  await city.focus();
  await city.selectOption({ label: 'Roma' });
  await form.afterListChoice();
  await expect(city).toBeFocused();
  await expect(city).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel(texts.zip, { exact: true })).toBeEnabled();
});
