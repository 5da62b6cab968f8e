// Birth places as the customers service checks and stores them: the countries that may be
// chosen, and the names that go with chosen codes at the birth date (in-memory lookups).
import { isCalendarDay } from '../../domain/shop-time';
import { isChoosableBirthCountry } from '../../domain/birth-place';
import { ITALY } from '../../domain/countries';
import { getCountry, listCountries, listMunicipalities, listProvinces } from './lookups';

export type BirthPlaceSelection = {
  dob: string;
  birthCountryCode: string;
  birthProvinceCode?: string;
  birthCityCode?: string;
};

/** What the customers table stores about the birth place. */
export type ResolvedBirthPlace = {
  birthCountryCode: string;
  /** Italian name (the spec's `birthCountry`). */
  birthCountryName: string;
  birthProvince: string | null;
  birthProvinceCode: string | null;
  birthCity: string | null;
  birthCityCode: string | null;
};

export type BirthPlaceResolution =
  | { ok: true; place: ResolvedBirthPlace }
  | { ok: false; field: 'birthCountryCode' | 'birthProvinceCode' | 'birthCityCode' };

let nationalCodes: Promise<Record<string, string>> | undefined;

/** ISO code → "Z" code of every foreign country that has one (built once). */
export function countryNationalCodes(): Promise<Record<string, string>> {
  nationalCodes ??= listCountries('it').then((countries) => {
    const entries = countries.flatMap((country) => (country.nationalCode ? [[country.code, country.nationalCode]] : []));
    // An empty map means the lookups failed to load: try again next time.
    if (entries.length === 0) nationalCodes = undefined;
    return Object.fromEntries(entries) as Record<string, string>;
  });
  return nationalCodes;
}

/** A birth date usable as the lists' validity day; otherwise the lists of `today`. */
export function validityDay(dob: string, today: string): string {
  return isCalendarDay(dob) ? dob : today;
}

/**
 * The names that go with chosen codes, checking each is in the list the fan could choose from
 * at the birth date; otherwise the first field whose choice is not (a stale or forged value).
 */
export async function resolveBirthPlace(selection: BirthPlaceSelection, today: string): Promise<BirthPlaceResolution> {
  const country = await getCountry(selection.birthCountryCode, 'it');
  const codes = await countryNationalCodes();
  if (!country || !isChoosableBirthCountry(country.code, codes)) return { ok: false, field: 'birthCountryCode' };
  const countryPart = { birthCountryCode: country.code, birthCountryName: country.nameIt };
  const noPlaceInItaly = { birthProvince: null, birthProvinceCode: null, birthCity: null, birthCityCode: null };
  if (country.code !== ITALY) return { ok: true, place: { ...countryPart, ...noPlaceInItaly } };

  const day = validityDay(selection.dob, today);
  const province = (await listProvinces(day)).find(({ code }) => code === selection.birthProvinceCode);
  if (!province) return { ok: false, field: 'birthProvinceCode' };
  const city = (await listMunicipalities(province.code, day)).find(
    ({ nationalCode }) => nationalCode === selection.birthCityCode,
  );
  if (!city) return { ok: false, field: 'birthCityCode' };
  return {
    ok: true,
    place: {
      ...countryPart,
      birthProvince: province.name,
      birthProvinceCode: province.code,
      birthCity: city.name,
      birthCityCode: city.nationalCode,
    },
  };
}

