import { expect, test, type Page } from '@playwright/test';

/** The address pages' texts the tests rely on, per language. */
export const ADDRESS_TEXTS = {
  it: {
    bookHeading: 'I tuoi indirizzi',
    empty: 'Non hai ancora salvato nessun indirizzo.',
    add: 'Aggiungi un indirizzo',
    newHeading: 'Aggiungi un indirizzo',
    phone: 'Telefono',
    country: 'Paese',
    province: 'Provincia',
    cityIt: 'Comune',
    city: 'Città',
    zip: 'CAP',
    street: 'Via o piazza',
    number: 'Numero civico (facoltativo)',
    refresh: 'Aggiorna gli elenchi',
    save: "Salva l'indirizzo",
    saveChanges: 'Salva le modifiche',
    saved: 'Indirizzo salvato.',
    deleted: 'Indirizzo eliminato.',
    preferredChanged: 'Indirizzo preferito aggiornato.',
    preferred: 'Indirizzo preferito',
    edit: 'Modifica',
    delete: 'Elimina',
    deleteConfirm: 'Sì, elimina',
    makePreferred: 'Rendi preferito',
    italy: 'Italia',
    france: 'Francia',
    summaryTitle: 'Correggi i seguenti campi:',
    invalidPhone: 'Inserisci un numero di telefono con almeno 4 lettere o cifre.',
    invalidZip: 'Il CAP deve avere meno di 10 caratteri.',
    required: 'Campo obbligatorio.',
  },
  en: {
    bookHeading: 'Your addresses',
    empty: 'You have not saved any addresses yet.',
    add: 'Add an address',
    newHeading: 'Add an address',
    phone: 'Phone',
    country: 'Country',
    province: 'Province',
    cityIt: 'Municipality',
    city: 'City',
    zip: 'Postcode',
    street: 'Street',
    number: 'House number (optional)',
    refresh: 'Update the lists',
    save: 'Save address',
    saveChanges: 'Save changes',
    saved: 'Address saved.',
    deleted: 'Address deleted.',
    preferredChanged: 'Preferred address changed.',
    preferred: 'Preferred address',
    edit: 'Edit',
    delete: 'Delete',
    deleteConfirm: 'Yes, delete it',
    makePreferred: 'Make preferred',
    italy: 'Italy',
    france: 'France',
    summaryTitle: 'Please fix the following:',
    invalidPhone: 'Enter a phone number with at least 4 letters or digits.',
    invalidZip: 'The postal code must be shorter than 10 characters.',
    required: 'This field is required.',
  },
} as const;

export type AddressTexts = (typeof ADDRESS_TEXTS)[keyof typeof ADDRESS_TEXTS];

export function javaScriptEnabled(): boolean {
  return test.info().project.use.javaScriptEnabled !== false;
}

/**
 * A dependent list changed: with JavaScript the select sends the refresh itself; without, the
 * fan presses "Update the lists". Either way the page comes back with the narrowed lists.
 */
export async function afterListChoice(page: Page, texts: AddressTexts): Promise<void> {
  if (!javaScriptEnabled()) await page.getByRole('button', { name: texts.refresh }).click();
}

export type ItalianAddress = { phone: string; province: string; city: string; zip: string; street: string; number?: string };

/** On the address form: province → city → zip in that order, then the rest. */
export async function fillItalianAddress(page: Page, texts: AddressTexts, address: ItalianAddress): Promise<void> {
  const city = page.getByLabel(texts.cityIt, { exact: true });
  const zip = page.getByLabel(texts.zip, { exact: true });
  await expect(city).toBeDisabled();
  await expect(zip).toBeDisabled();
  const province = page.getByLabel(texts.province, { exact: true });
  await province.focus();
  await province.selectOption({ label: address.province });
  await afterListChoice(page, texts);
  await expect(city).toBeEnabled();
  // With JavaScript the narrowed form replaces the old one in place: the fan keeps their place.
  if (javaScriptEnabled()) await expect(province).toBeFocused();
  await expect(zip).toBeDisabled();
  await city.selectOption({ label: address.city });
  await afterListChoice(page, texts);
  await expect(zip).toBeEnabled();
  await zip.fill(address.zip);
  await page.getByLabel(texts.phone, { exact: true }).fill(address.phone);
  await page.getByLabel(texts.street, { exact: true }).fill(address.street);
  if (address.number) await page.getByLabel(texts.number, { exact: true }).fill(address.number);
}

/** On the address form: another country (free-text province, city and zip). */
export async function fillForeignAddress(
  page: Page,
  texts: AddressTexts,
  address: { country: string; city: string; zip: string; street: string; phone: string },
): Promise<void> {
  await page.getByLabel(texts.country, { exact: true }).selectOption({ label: address.country });
  await afterListChoice(page, texts);
  await expect(page.getByLabel(texts.province, { exact: true })).toHaveCount(0);
  await page.getByLabel(texts.city, { exact: true }).fill(address.city);
  await page.getByLabel(texts.zip, { exact: true }).fill(address.zip);
  await page.getByLabel(texts.phone, { exact: true }).fill(address.phone);
  await page.getByLabel(texts.street, { exact: true }).fill(address.street);
}

/** Back to Italian (the shop's default) after the English-only sign-up helpers. */
export async function useLanguage(page: Page, language: keyof typeof ADDRESS_TEXTS): Promise<void> {
  const baseURL = test.info().project.use.baseURL ?? process.env.E2E_BASE_URL;
  await page.context().addCookies([{ name: 'jc_prf_lng', value: language, url: baseURL! }]);
}
