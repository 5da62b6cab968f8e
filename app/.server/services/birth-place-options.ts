// The birth-place lists of the profile form (country → province → municipality, narrowed by the
// birth date) and the names stored with the chosen codes. Built on the in-memory lookups.
import { isCalendarDay } from '../../domain/birth-date';
import { isChoosableBirthCountry } from '../../domain/birth-place';
import { ITALY } from '../../domain/profile-completeness';
import { getCountry, listCountries, listMunicipalities, listProvinces, type LookupLanguage } from './lookups';

export type BirthPlaceOption = { value: string; label: string };

export type BirthPlaceChoices = {
  countries: BirthPlaceOption[];
  /** Empty unless the country is Italy. */
  provinces: BirthPlaceOption[];
  /** Empty until an Italian province is chosen. */
  cities: BirthPlaceOption[];
};

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

/** A birth date usable as the lists' validity day; otherwise the lists of today. */
function validityDay(dob: string): string | undefined {
  return isCalendarDay(dob) ? dob : undefined;
}

/** The lists to show for what the form holds now; bad values narrow to empty lists, never throw. */
export async function birthPlaceChoices(
  selection: { dob: string; birthCountryCode: string; birthProvinceCode: string },
  language: LookupLanguage,
): Promise<BirthPlaceChoices> {
  const codes = await countryNationalCodes();
  const countries = (await listCountries(language))
    .filter((country) => isChoosableBirthCountry(country.code, codes))
    .map((country) => ({ value: country.code, label: country.name }));
  if (selection.birthCountryCode !== ITALY) return { countries, provinces: [], cities: [] };

  const day = validityDay(selection.dob);
  const provinces = (await listProvinces(day)).map((province) => ({ value: province.code, label: province.name }));
  const provinceIsListed = provinces.some((province) => province.value === selection.birthProvinceCode);
  const cities = provinceIsListed
    ? (await listMunicipalities(selection.birthProvinceCode, day ?? '')).map((city) => ({
        value: city.nationalCode,
        label: city.name,
      }))
    : [];
  return { countries, provinces, cities };
}

/**
 * The names that go with chosen codes, checking each is in the list the fan could choose from
 * at the birth date; otherwise the first field whose choice is not (a stale or forged value).
 */
export async function resolveBirthPlace(selection: BirthPlaceSelection): Promise<BirthPlaceResolution> {
  const country = await getCountry(selection.birthCountryCode, 'it');
  const codes = await countryNationalCodes();
  if (!country || !isChoosableBirthCountry(country.code, codes)) return { ok: false, field: 'birthCountryCode' };
  const countryPart = { birthCountryCode: country.code, birthCountryName: country.nameIt };
  const noPlaceInItaly = { birthProvince: null, birthProvinceCode: null, birthCity: null, birthCityCode: null };
  if (country.code !== ITALY) return { ok: true, place: { ...countryPart, ...noPlaceInItaly } };

  const day = validityDay(selection.dob);
  const province = (await listProvinces(day)).find(({ code }) => code === selection.birthProvinceCode);
  if (!province) return { ok: false, field: 'birthProvinceCode' };
  const city = (await listMunicipalities(province.code, day ?? '')).find(
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

/** The birth place as the dashboard shows it: "Roma (RM), Italia" / "France"; null when unknown. */
export async function describeBirthPlace(
  place: { birthCountryCode: string | null; birthProvinceCode: string | null; birthCity: string | null },
  language: LookupLanguage,
): Promise<string | null> {
  if (!place.birthCountryCode) return null;
  const country = (await getCountry(place.birthCountryCode, language))?.name ?? place.birthCountryCode;
  if (!place.birthCity) return country;
  const province = place.birthProvinceCode ? ` (${place.birthProvinceCode})` : '';
  return `${place.birthCity}${province}, ${country}`;
}
