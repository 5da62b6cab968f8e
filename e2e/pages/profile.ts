import { expect, type Page } from '@playwright/test';
import { javaScriptEnabled, type Language } from '../support/shop';

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

/**
 * Mario's completion form for a Mario Rossi born in Rome `ageInYears` years and six months ago
 * (so that age for months either side of the test's day), with the tax code of that date.
 */
export function marioAged(ageInYears: number) {
  const born = new Date();
  born.setUTCMonth(born.getUTCMonth() - 6);
  born.setUTCFullYear(born.getUTCFullYear() - ageInYears);
  born.setUTCDate(1);
  const year = born.getUTCFullYear();
  const month = born.getUTCMonth();
  const dob = `${year}-${String(month + 1).padStart(2, '0')}-01`;
  const body = `RSSMRA${String(year % 100).padStart(2, '0')}${'ABCDEHLMPRST'.charAt(month)}01H501`;
  return { ...MARIOS_FORM, dob, taxCode: body + taxCodeCheckLetter(body) };
}

/** The check letter of a tax code's first 15 characters (odd positions by the table, even by value). */
function taxCodeCheckLetter(body: string): string {
  const odd = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
  const valueOf = (character: string) => (/\d/.test(character) ? Number(character) : character.charCodeAt(0) - 65);
  const sum = [...body].reduce((total, character, index) => total + (index % 2 === 0 ? (odd[valueOf(character)] ?? 0) : valueOf(character)), 0);
  return String.fromCharCode(65 + (sum % 26));
}

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
  /** The five gaps of a new fan's profile, in order (phone, date of birth, sex, birthplace, tax code): Italian agrees with each label. */
  gapsOfNewFan: string[];
  birthPlace: string;
  gender: string;
  addresses: string;
  notifyMe: string;
};

export const PROFILE_TEXTS: Record<Language, ProfileTexts> = {
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
    gapsOfNewFan: ['Non indicato', 'Non indicata', 'Non indicato', 'Non indicato', 'Non indicato'],
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
    gapsOfNewFan: ['Not provided', 'Not provided', 'Not provided', 'Not provided', 'Not provided'],
    birthPlace: 'Roma (RM), Italy',
    gender: 'Male',
    addresses: 'Addresses',
    notifyMe: 'Products you are waiting for',
  },
};

/** The profile completion page in one language. */
export class ProfileCompletion {
  readonly texts: ProfileTexts;

  constructor(
    private readonly page: Page,
    language: Language,
  ) {
    this.texts = PROFILE_TEXTS[language];
  }

  /**
   * Chooses a select's option that narrows a dependent list: with JavaScript the select sends
   * the refresh itself; without, the fan presses the refresh button. Waits for the new page state.
   */
  async chooseAndRefresh(label: string, option: string): Promise<void> {
    const { page } = this;
    if (javaScriptEnabled()) {
      const refreshed = page.waitForResponse((response) => response.request().method() === 'POST');
      await page.getByLabel(label, { exact: true }).selectOption({ label: option });
      expect((await refreshed).status()).toBe(200);
    } else {
      await page.getByLabel(label, { exact: true }).selectOption({ label: option });
      await page.getByRole('button', { name: this.texts.refresh }).click();
    }
  }

  /** Fills Mario's birth data (Italy, Rome) and a tax code. */
  async fillMariosBirthData(taxCode: string): Promise<void> {
    const { page, texts } = this;
    await page.getByLabel(texts.dob).fill(MARIO.dob);
    await page.getByLabel(texts.male, { exact: true }).check();
    await expect(page.getByLabel(texts.country)).toHaveValue('IT'); // the spec's default
    await expect(page.getByLabel(texts.city, { exact: true })).toBeDisabled(); // until a province is chosen
    await this.chooseAndRefresh(texts.province, MARIO.provinceName);
    const city = page.getByLabel(texts.city, { exact: true });
    await expect(city).toBeEnabled();
    await city.selectOption({ label: MARIO.cityName });
    await page.getByLabel(texts.taxCode).fill(taxCode);
  }
}
