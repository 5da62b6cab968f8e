import { ITALY } from './countries';

/**
 * The birth place as a tax code encodes it (positions 12–15): the Belfiore code of the
 * municipality for people born in Italy, the country's "Z" code for people born abroad.
 * `countryNationalCodes` maps ISO codes to Z codes. Null when the place is not known enough.
 */
export function taxCodeBirthPlace(
  place: { birthCountryCode: string; birthCityCode?: string | null },
  countryNationalCodes: Readonly<Record<string, string>>,
): string | null {
  const country = place.birthCountryCode.trim().toUpperCase();
  if (country === ITALY) {
    const city = (place.birthCityCode ?? '').trim().toUpperCase();
    return city === '' ? null : city;
  }
  return countryNationalCodes[country] ?? null;
}

/** Whether a birth country may be chosen: Italy, or a country with a Z code (else no tax code could match). */
export function isChoosableBirthCountry(code: string, countryNationalCodes: Readonly<Record<string, string>>): boolean {
  const country = code.trim().toUpperCase();
  return country === ITALY || Object.hasOwn(countryNationalCodes, country);
}

/**
 * A birth place in words, one way wherever it is shown (dashboard, checkout, receipt):
 * "Roma (RM), Italia", "France"; null when not even the country is known.
 */
export function wordBirthPlace(place: { city: string | null; provinceCode: string | null; country: string | null }): string | null {
  if (!place.country) return null;
  if (!place.city) return place.country;
  const province = place.provinceCode ? ` (${place.provinceCode})` : '';
  return `${place.city}${province}, ${place.country}`;
}
