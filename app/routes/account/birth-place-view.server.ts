// The birth-place lists of the profile form (country → province → municipality, narrowed by the
// birth date) and the birth place as the dashboard reads it: view shaping for the account pages.
import { isChoosableBirthCountry, wordBirthPlace } from '../../domain/birth-place';
import type { Language } from '../../domain/catalogue-types';
import { ITALY } from '../../domain/countries';
import { countryNationalCodes, validityDay } from '../../.server/services/birth-places';
import { getCountry, listCountries, listMunicipalities, listProvinces } from '../../.server/services/lookups';

export type BirthPlaceOption = { value: string; label: string };

export type BirthPlaceChoices = {
  countries: BirthPlaceOption[];
  /** Empty unless the country is Italy. */
  provinces: BirthPlaceOption[];
  /** Empty until an Italian province is chosen. */
  cities: BirthPlaceOption[];
};

/** The lists to show for what the form holds now; bad values narrow to empty lists, never throw. */
export async function birthPlaceChoices(
  selection: { dob: string; birthCountryCode: string; birthProvinceCode: string },
  language: Language,
  today: string,
): Promise<BirthPlaceChoices> {
  const codes = await countryNationalCodes();
  const countries = (await listCountries(language))
    .filter((country) => isChoosableBirthCountry(country.code, codes))
    .map((country) => ({ value: country.code, label: country.name }));
  if (selection.birthCountryCode !== ITALY) return { countries, provinces: [], cities: [] };

  const day = validityDay(selection.dob, today);
  const provinces = (await listProvinces(day)).map((province) => ({ value: province.code, label: province.name }));
  const provinceIsListed = provinces.some((province) => province.value === selection.birthProvinceCode);
  const cities = provinceIsListed
    ? (await listMunicipalities(selection.birthProvinceCode, day)).map((city) => ({
        value: city.nationalCode,
        label: city.name,
      }))
    : [];
  return { countries, provinces, cities };
}

/** The birth place as the dashboard shows it: "Roma (RM), Italia" / "France"; null when unknown. */
export async function describeBirthPlace(
  place: { birthCountryCode: string | null; birthProvinceCode: string | null; birthCity: string | null },
  language: Language,
): Promise<string | null> {
  if (!place.birthCountryCode) return null;
  const country = (await getCountry(place.birthCountryCode, language))?.name ?? place.birthCountryCode;
  return wordBirthPlace({ city: place.birthCity, provinceCode: place.birthProvinceCode, country });
}
