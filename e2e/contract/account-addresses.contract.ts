// The address book and chooser without JavaScript (docs/forms.md, "Address book"): GET the form,
// POST its fields (`intent=refresh` narrows the lists, a plain post saves), follow the 303, read
// the page. The browser is kept for what it alone shows (e2e/addresses.spec.ts: focus).
import { ADDRESS_TEXTS } from '../pages/addresses';
import { saveAddress } from '../pages/cart';
import { errorSummaryOf, fieldOf, labelOf, linksTo, listItemsOf, noticeOf, pageOf } from '../support/account-html';
import { expect, expectSeeOther, formOf, locationOf, plainBrowser, test, textOf, type PlainBrowser } from '../support/contract';
import { signUpOverHttp } from '../support/http-sign-up';
import { newFan } from '../pages/auth';

const BOOK = '/account/addresses';
const NEW = `${BOOK}/new`;
const NOBODYS_ID = '00000000-0000-4000-8000-000000000000';

/** The one address form of `path` (new or edit). */
async function addressForm(browser: PlainBrowser, path: string) {
  const page = await browser.open(path);
  expect(page.status, path).toBe(200);
  return { page, form: formOf(page, new URL(path, 'http://shop').pathname) };
}

test.describe('the address book without JavaScript', () => {
  test.use({ language: 'en' });
  const texts = ADDRESS_TEXTS.en;
  const listName = 'Saved addresses';

  test('add, list, edit, refuse bad input, prefer and delete: each a post and a 303, the notice shown once', async ({ fan: { browser } }) => {
    const empty = await browser.open(BOOK);
    expect(textOf(empty.html)).toContain(texts.bookHeading);
    expect(textOf(empty.html)).toContain(texts.empty);
    expect(linksTo(empty.html, new RegExp(`^${texts.add}$`))).toEqual([NEW]);

    // The Italian way: the province's refresh opens the municipalities, the municipality's the zip.
    const { page: blank, form } = await addressForm(browser, NEW);
    expect(fieldOf(blank.html, 'countryCode')?.value).toBe('IT');
    expect(fieldOf(blank.html, 'cityCode')?.disabled).toBe(true);
    expect(fieldOf(blank.html, 'postalCode')?.disabled).toBe(true);
    const typed = { phone: '+39 333 123 4567', street: 'Via Roma', number: '12' };
    const byProvince = await pageOf(await browser.submit(form, { ...typed, provinceCode: 'TO', intent: 'refresh' }));
    expect(byProvince.status, 'a refresh saves nothing and answers the form').toBe(200);
    expect(fieldOf(byProvince.html, 'cityCode')).toMatchObject({ disabled: false, value: '' });
    expect(fieldOf(byProvince.html, 'cityCode')?.options).toContain('F335'); // Moncalieri
    expect(fieldOf(byProvince.html, 'provinceCode')).toMatchObject({ value: 'TO', autofocus: true });
    expect(fieldOf(byProvince.html, 'postalCode')?.disabled).toBe(true);
    const byCity = await pageOf(await browser.submit(formOf(byProvince, NEW), { cityCode: 'F335', intent: 'refresh' }));
    expect(fieldOf(byCity.html, 'postalCode')?.disabled).toBe(false);
    expect(fieldOf(byCity.html, 'cityCode')).toMatchObject({ value: 'F335', autofocus: true });
    expect(fieldOf(byCity.html, 'street')?.value).toBe('Via Roma');
    expectSeeOther(await browser.submit(formOf(byCity, NEW), { postalCode: '10024' }), BOOK);

    const listed = await browser.open(BOOK);
    expect(noticeOf(listed.html)).toBe(texts.saved);
    const [turin] = listItemsOf(listed.html, listName);
    expect(turin).toContain('Via Roma 12');
    expect(turin).toContain('10024 Moncalieri (TO)');
    expect(turin).toContain(texts.italy);
    expect(turin).toContain('+39 333 123 4567'); // stored as 0039…, shown readably
    expect(turin).toContain(texts.preferred);
    expect(noticeOf((await browser.open(BOOK)).html), 'the notice is said once').toBe('');

    const [editPath] = linksTo(listed.html, new RegExp(`^${texts.edit}.*Via Roma 12`));
    expect(editPath).toMatch(/^\/account\/addresses\/[0-9a-f-]{36}$/);
    const { page: edit, form: editForm } = await addressForm(browser, editPath!);
    expect(fieldOf(edit.html, 'cityCode')?.value).toBe('F335');
    expect(fieldOf(edit.html, 'postalCode')).toMatchObject({ value: '10024', disabled: false });
    expect(textOf(edit.html)).toContain(texts.saveChanges);
    expectSeeOther(await browser.submit(editForm, { street: 'Corso Trieste' }), BOOK);
    const changed = await browser.open(BOOK);
    expect(noticeOf(changed.html)).toBe(texts.saved);
    expect(listItemsOf(changed.html, listName)).toEqual([expect.stringContaining('Corso Trieste 12')]);
    expect(textOf(changed.html)).not.toContain('Via Roma');

    // Bad input: a 400 with the summary naming each field, the messages at the fields, what was typed kept.
    const { form: second } = await addressForm(browser, NEW);
    const abroad = await pageOf(await browser.submit(second, { countryCode: 'FR', intent: 'refresh' }));
    expect(fieldOf(abroad.html, 'provinceCode'), 'abroad: no province list').toBeNull();
    expect(fieldOf(abroad.html, 'countryCode')?.autofocus).toBe(true);
    // A zip longer than 9 cannot be typed (its maxlength); left empty, it is required abroad too.
    const refused = await pageOf(await browser.submit(formOf(abroad, NEW), { city: 'Paris', postalCode: '', street: '', phone: '1 2-3' }));
    expect(refused.status).toBe(400);
    const refusedPage = refused.html;
    expect(errorSummaryOf(refusedPage)).toEqual({
      title: texts.summaryTitle,
      links: [`${texts.phone}: ${texts.invalidPhone}`, `${texts.zip}: ${texts.required}`, `${texts.street}: ${texts.required}`],
      targets: ['#address-phone', '#address-postalCode', '#address-street'],
      autofocus: true,
    });
    expect(fieldOf(refusedPage, 'postalCode')).toMatchObject({ value: '', invalid: true, description: texts.required, maxLength: 9 });
    expect(fieldOf(refusedPage, 'phone')).toMatchObject({ value: '1 2-3', invalid: true });
    expect(fieldOf(refusedPage, 'city')?.value).toBe('Paris');
    expect(fieldOf(refusedPage, 'countryCode')?.value).toBe('FR');
    expectSeeOther(await browser.submit(formOf(refused, NEW), { postalCode: '75001', phone: '0033 1 23 45 67 89', street: 'Rue de Rivoli' }), BOOK);
    const two = await browser.open(BOOK);
    const paris = listItemsOf(two.html, listName).find((item) => item.includes('Rue de Rivoli'));
    expect(paris).toContain('75001 Paris');
    expect(paris).not.toContain(texts.preferred);

    const parisId = /\/account\/addresses\/([0-9a-f-]{36})/.exec(linksTo(two.html, /Rue de Rivoli/)[0] ?? '')?.[1];
    expectSeeOther(await browser.post(BOOK, { intent: 'prefer', addressId: parisId! }), BOOK);
    const preferred = await browser.open(BOOK);
    expect(noticeOf(preferred.html)).toBe(texts.preferredChanged);
    const [first, next] = listItemsOf(preferred.html, listName);
    expect(first).toContain('Rue de Rivoli');
    expect(first).toContain(texts.preferred);
    expect(next).not.toContain(texts.preferred);

    // The list asks first: the confirm button sits in a closed disclosure.
    expect(preferred.html).toMatch(new RegExp(`<details[^>]*>(?:(?!</details>)[\\s\\S])*${texts.deleteConfirm}`));
    expect(preferred.html).not.toMatch(/<details[^>]*\bopen/);
    const turinId = editPath!.split('/').pop()!;
    const deleteForm = preferred.forms.find((candidate) => candidate.controls.some((control) => control.name === 'addressId' && control.value === turinId) && candidate.controls.some((control) => control.value === 'delete'));
    expect(deleteForm, 'a delete form for the Turin address').toBeTruthy();
    expectSeeOther(await browser.submit(deleteForm!, { intent: 'delete' }), BOOK);
    const deleted = await browser.open(BOOK);
    expect(noticeOf(deleted.html)).toBe(texts.deleted);
    expect(listItemsOf(deleted.html, listName)).toHaveLength(1);
    expect(textOf(deleted.html)).not.toContain('Corso Trieste');
  });
});

test.describe('the address chooser without JavaScript', () => {
  test.use({ language: 'it' });
  const texts = ADDRESS_TEXTS.it;
  const RESTRICTED_NOTE = "Non spediamo in questo paese: l'indirizzo vale solo per la fatturazione.";
  const CHOOSER = `${BOOK}/choose?address_type=shipping&redirect_uri=%2Fcart%2F123`;

  test('add from it, come back with the new address chosen, and answer the caller; a forged choice or request is refused', async ({ fan: { browser } }) => {
    const empty = await browser.open(CHOOSER);
    expect(empty.status).toBe(200);
    expect(textOf(empty.html)).toContain("Scegli l'indirizzo di spedizione");
    expect(textOf(empty.html)).toContain('Non hai ancora salvato nessun indirizzo: aggiungine uno.');
    const addFromChooser = `${NEW}?redirect_uri=${encodeURIComponent(CHOOSER)}`;
    expect(linksTo(empty.html, /^Aggiungi un nuovo indirizzo$/)).toEqual([addFromChooser]);

    // An address in a restricted country may be saved (for billing); the form says so at the country.
    const { form } = await addressForm(browser, addFromChooser);
    expect(form.action).toBe(addFromChooser);
    const russia = await pageOf(await browser.submit(form, { countryCode: 'RU', intent: 'refresh' }));
    expect(fieldOf(russia.html, 'countryCode')?.description).toBe(RESTRICTED_NOTE);
    const moscow = await browser.submit(formOf(russia, NEW), { city: 'Moskva', postalCode: '101000', street: 'Tverskaya', phone: '0074951234567' });
    expectSeeOther(moscow, /^\/account\/addresses\/choose\?address_type=shipping&redirect_uri=%2Fcart%2F123&address_id=[0-9a-f-]{36}$/);

    // An Italian one from the chooser's link comes back to the chooser with it chosen.
    const { form: again } = await addressForm(browser, addFromChooser);
    const province = await pageOf(await browser.submit(again, { provinceCode: 'RM', intent: 'refresh' }));
    const city = await pageOf(await browser.submit(formOf(province, NEW), { cityCode: 'H501', intent: 'refresh' }));
    const rome = await browser.submit(formOf(city, NEW), { postalCode: '00184', phone: '3331234567', street: 'Via Nazionale', number: '5' });
    expectSeeOther(rome, /^\/account\/addresses\/choose\?address_type=shipping&redirect_uri=%2Fcart%2F123&address_id=[0-9a-f-]{36}$/);
    const back = locationOf(rome);
    const addressId = new URL(back, 'http://shop').searchParams.get('address_id')!;

    const chooser = await browser.open(back);
    expect(noticeOf(chooser.html)).toBe(texts.saved);
    expect(textOf(chooser.html)).toContain('Dove spediamo?');
    const romeChoice = fieldOf(chooser.html, 'addressId', addressId);
    expect(romeChoice).toMatchObject({ checked: true, disabled: false });
    expect(labelOf(chooser.html, romeChoice!.id)).toContain('Via Nazionale 5');
    const moscowId = new URL(locationOf(moscow), 'http://shop').searchParams.get('address_id')!;
    const moscowChoice = fieldOf(chooser.html, 'addressId', moscowId);
    expect(moscowChoice).toMatchObject({ checked: false, disabled: true, description: RESTRICTED_NOTE });
    expect(labelOf(chooser.html, moscowChoice!.id)).toContain('Tverskaya');

    // The choice goes to the caller with address_id (the caller's page need not exist).
    expectSeeOther(await browser.submit(formOf(chooser, /\/choose\?/)), `/cart/123?address_id=${addressId}`);
    // Restricted for shipping, or not one of the fan's: 400 at the field.
    const restricted = await pageOf(await browser.post(CHOOSER, { addressId: moscowId }));
    expect(restricted.status).toBe(400);
    expect(fieldOf(restricted.html, 'addressId', addressId)).toMatchObject({ invalid: true, checked: false });
    expect(errorSummaryOf(restricted.html)?.links).toEqual(['Indirizzo: Non possiamo spedire a questo indirizzo: scegline un altro.']);
    const forged = await browser.post(`${BOOK}/choose?address_type=billing&redirect_uri=%2Fcart%2F1`, { addressId: NOBODYS_ID });
    expect(forged.status()).toBe(400);
    expect(errorSummaryOf(await forged.text())?.links).toEqual(['Indirizzo: Scegli uno dei tuoi indirizzi.']);

    for (const query of ['address_type=pickup&redirect_uri=%2Fcart%2F1', 'address_type=shipping', 'address_type=billing&redirect_uri=https%3A%2F%2Fevil.example%2F', 'address_type=billing&redirect_uri=%2F%2Fevil.example']) {
      expect((await browser.open(`${BOOK}/choose?${query}`)).status, query).toBe(400);
    }
    for (const id of [NOBODYS_ID, 'not-an-id']) expect((await browser.open(`${BOOK}/${id}`)).status, id).toBe(404);
  });
});

test.describe('another fan’s address without JavaScript', () => {
  test('is a 404 to read, change, prefer or delete, and stays untouched', async ({ fan: { browser: anna }, baseURL }) => {
    await saveAddress(anna.http, { countryCode: 'FR', city: 'Lyon', postalCode: '69001', street: 'Rue de la République' });
    const [editPath] = linksTo((await anna.open(BOOK)).html, /Rue de la République/);
    expect(editPath).toMatch(/^\/account\/addresses\/[0-9a-f-]{36}$/);
    const addressId = editPath!.split('/').pop()!;

    const bruno = await plainBrowser(baseURL!, { cookies: await signUpOverHttp(baseURL!, newFan('Bruno')) });
    try {
      expect((await bruno.open(editPath!)).status).toBe(404);
      const change = await bruno.post(editPath!, { firstName: 'Bruno', lastName: 'Rossi', phone: '1234', countryCode: 'FR', city: 'Nice', postalCode: '06000', street: 'X' });
      expect(change.status()).toBe(404);
      expect((await bruno.post(BOOK, { intent: 'prefer', addressId })).status()).toBe(404);
      expect((await bruno.post(BOOK, { intent: 'delete', addressId })).status()).toBe(404);
      expect(textOf((await bruno.open(BOOK)).html)).toContain(ADDRESS_TEXTS.it.empty);
    } finally {
      await bruno.http.dispose();
    }
    expect(listItemsOf((await anna.open(BOOK)).html, 'Indirizzi salvati')).toEqual([expect.stringContaining('69001 Lyon')]);
  });
});

test.describe('the address lists without JavaScript', () => {
  test.use({ language: 'en' });
  const texts = ADDRESS_TEXTS.en;

  test('“Update the lists” keeps what was typed, empties what went stale and asks for it without a summary', async ({ fan: { browser } }) => {
    const { page, form } = await addressForm(browser, NEW);
    expect(form.controls.filter((control) => control.name === 'intent').map((control) => [control.tag, control.value])).toEqual([['button', 'refresh']]);
    expect(page.html).toMatch(new RegExp(`<button [^>]*name="intent">${texts.refresh}</button>`));
    expect(textOf(page.html)).toMatch(/without JavaScript press/);
    const typed = { phone: '3331234567', street: 'Via Roma' };
    const turin = await pageOf(await browser.submit(form, { ...typed, provinceCode: 'TO', intent: 'refresh' }));
    const moncalieri = await pageOf(await browser.submit(formOf(turin, NEW), { cityCode: 'F335', intent: 'refresh' }));
    const filled = await pageOf(await browser.submit(formOf(moncalieri, NEW), { postalCode: '10024', provinceCode: 'RM', intent: 'refresh' }));
    expect(filled.status).toBe(200);
    expect(fieldOf(filled.html, 'provinceCode')).toMatchObject({ value: 'RM', autofocus: true });
    // Moncalieri went with Turin: the emptied municipality asks for a choice, the zip waits for it.
    expect(fieldOf(filled.html, 'cityCode')).toMatchObject({ value: '', invalid: true, description: 'Select from the list' });
    expect(fieldOf(filled.html, 'postalCode')).toMatchObject({ value: '', disabled: true });
    expect(errorSummaryOf(filled.html), 'not a refused save: no error summary').toBeNull();
    // What does not depend on the province stays as typed.
    expect(fieldOf(filled.html, 'phone')?.value).toBe('3331234567');
    expect(fieldOf(filled.html, 'street')?.value).toBe('Via Roma');

    const roma = await pageOf(await browser.submit(formOf(filled, NEW), { cityCode: 'H501', intent: 'refresh' }));
    expect(fieldOf(roma.html, 'cityCode')).toMatchObject({ value: 'H501', invalid: false, autofocus: true });
    expect(fieldOf(roma.html, 'postalCode')?.disabled).toBe(false);
    expect(listItemsOf((await browser.open(BOOK)).html, 'Saved addresses'), 'a refresh saves nothing').toEqual([]);
  });
});
