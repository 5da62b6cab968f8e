/** Countries the shop's rules single out (spec §3 "Restricted-countries list", §5 Italian addresses and births). */

/** ISO 3166-1 code of Italy: Italian addresses and births pick province and city from the lookups. */
export const ITALY = 'IT';

export function isItaly(countryCode: string): boolean {
  return countryCode.trim().toUpperCase() === ITALY;
}

/** Countries the shop never ships to, in the spec's order (the seed stores this list). */
export const RESTRICTED_COUNTRY_CODES = [
  'AF', 'AQ', 'BY', 'KP', 'CU', 'IR', 'LY', 'RU', 'EH', 'SY', 'SO', 'SD', 'SS',
  'UA', 'SH', 'FK', 'GS', 'PM', 'CX', 'BV', 'IO', 'PC', 'CC', 'HM', 'PN', 'TF',
] as const;

// Pure: a browser chunk that never asks (checkout's) drops the list instead of building it.
const RESTRICTED: ReadonlySet<string> = /* @__PURE__ */ new Set(RESTRICTED_COUNTRY_CODES);

export function isRestrictedCountry(countryCode: string): boolean {
  return RESTRICTED.has(countryCode.trim().toUpperCase());
}
