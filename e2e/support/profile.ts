import { expect, test, type Page } from '@playwright/test';

/**
 * A fan whose data matches a known tax code: Mario Rossi, male, born in Rome on 01/01/1980
 * (RSSMRA80A01H501U; the unit tests of app/forms/profile.ts check it with the domain rules).
 * The wrong code is well-formed (checksum right) but for Milan (F205): only consistency fails.
 */
export const MARIO = {
  firstName: 'Mario',
  dob: '1980-01-01',
  shownDob: '01/01/1980',
  provinceName: 'Roma',
  cityName: 'Roma',
  validTaxCode: 'RSSMRA80A01H501U',
  wrongPlaceTaxCode: 'RSSMRA80A01F205X',
};

/** Mario's data as the completion form posts it (field names of docs/forms.md). */
export const MARIOS_FORM = {
  dob: MARIO.dob,
  gender: 'M',
  birthCountryCode: 'IT',
  birthProvinceCode: 'RM',
  birthCityCode: 'H501',
  taxCode: MARIO.validTaxCode,
};

export type ProfileTexts = {
  heading: string;
  dob: string;
  male: string;
  country: string;
  province: string;
  city: string;
  taxCode: string;
  submit: string;
  refresh: string;
  wrongPlace: string;
  dashboardHeading: string;
  notProvided: string;
  birthPlace: string;
  gender: string;
  addresses: string;
  notifyMe: string;
};

export const PROFILE_TEXTS: Record<'it' | 'en', ProfileTexts> = {
  it: {
    heading: 'Completa il profilo',
    dob: 'Data di nascita',
    male: 'Maschio',
    country: 'Paese di nascita',
    province: 'Provincia di nascita',
    city: 'Comune di nascita',
    taxCode: 'Codice fiscale',
    submit: 'Salva e continua',
    refresh: 'Aggiorna gli elenchi',
    wrongPlace: 'Il codice fiscale non corrisponde al luogo di nascita.',
    dashboardHeading: 'Il tuo account',
    notProvided: 'Non indicato',
    birthPlace: 'Roma (RM), Italia',
    gender: 'Maschio',
    addresses: 'Indirizzi',
    notifyMe: 'Prodotti che stai aspettando',
  },
  en: {
    heading: 'Complete your profile',
    dob: 'Date of birth',
    male: 'Male',
    country: 'Country of birth',
    province: 'Province of birth',
    city: 'Municipality of birth',
    taxCode: 'Tax code (codice fiscale)',
    submit: 'Save and continue',
    refresh: 'Update the lists',
    wrongPlace: 'The tax code does not match the place of birth.',
    dashboardHeading: 'Your account',
    notProvided: 'Not provided',
    birthPlace: 'Roma (RM), Italy',
    gender: 'Male',
    addresses: 'Addresses',
    notifyMe: 'Products you are waiting for',
  },
};

/** Shows the shop in `language` from now on (the shop's plain-value language cookie). */
export async function useLanguage(page: Page, language: 'it' | 'en'): Promise<void> {
  const baseURL = test.info().project.use.baseURL ?? process.env.E2E_BASE_URL;
  await page.context().addCookies([{ name: 'jc_prf_lng', value: language, url: baseURL! }]);
}

export function javaScriptEnabled(): boolean {
  return test.info().project.use.javaScriptEnabled !== false;
}

/**
 * Chooses a select's option that narrows a dependent list: with JavaScript the select sends
 * the refresh itself; without, the fan presses the refresh button. Waits for the new page state.
 */
export async function chooseAndRefresh(page: Page, label: string, option: string, texts: ProfileTexts): Promise<void> {
  if (javaScriptEnabled()) {
    const refreshed = page.waitForResponse((response) => response.request().method() === 'POST');
    await page.getByLabel(label, { exact: true }).selectOption({ label: option });
    expect((await refreshed).status()).toBe(200);
  } else {
    await page.getByLabel(label, { exact: true }).selectOption({ label: option });
    await page.getByRole('button', { name: texts.refresh }).click();
  }
}

/** Fills Mario's birth data (Italy, Rome) and a tax code on the completion page. */
export async function fillMariosBirthData(page: Page, texts: ProfileTexts, taxCode: string): Promise<void> {
  await page.getByLabel(texts.dob).fill(MARIO.dob);
  await page.getByLabel(texts.male, { exact: true }).check();
  await expect(page.getByLabel(texts.country)).toHaveValue('IT'); // the spec's default
  await expect(page.getByLabel(texts.city, { exact: true })).toBeDisabled(); // until a province is chosen
  await chooseAndRefresh(page, texts.province, MARIO.provinceName, texts);
  const city = page.getByLabel(texts.city, { exact: true });
  await expect(city).toBeEnabled();
  await city.selectOption({ label: MARIO.cityName });
  await page.getByLabel(texts.taxCode).fill(taxCode);
}
