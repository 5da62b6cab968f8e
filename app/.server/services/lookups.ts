// Country, province and municipality lookups (spec catalogue-cart §3, §5, §7). The data is
// static and ships in npm packages (see lookups-data.ts), so it lives in memory, built on first
// use; no database tables. Per spec every lookup failure is an empty list (or null for a
// single item): these functions never throw, whatever reaches them from a query string.
import { buildLookupData, type IsoDate, type LookupData, type MunicipalityRecord } from './lookups-data';

export type LookupLanguage = 'it' | 'en';

export interface CountryOption {
  /** ISO 3166-1 alpha-2 (XK for Kosovo). */
  code: string;
  /** Name in the requested language. */
  name: string;
  nameIt: string;
  nameEn: string;
  /** Agenzia delle Entrate / ISTAT "Z" code used in tax codes; null where none exists. */
  nationalCode: string | null;
}

export interface ProvinceOption {
  /** Acronym (sigla), e.g. TO. */
  code: string;
  name: string;
  region: string;
}

export interface MunicipalityOption {
  name: string;
  /** Belfiore (cadastral) code, e.g. H501 for Roma. */
  nationalCode: string;
  provinceCode: string;
  validFrom: IsoDate;
  /** Last valid day, inclusive; null while the municipality still exists. */
  validTo: IsoDate | null;
}

/** Spec §5 and constants: country search from 2 characters, province search above 2. */
export const COUNTRY_SEARCH_MIN_LENGTH = 2;
export const PROVINCE_SEARCH_MIN_LENGTH = 3;
export const COUNTRY_SEARCH_LIMIT = 20;

const collator = new Intl.Collator('it', { sensitivity: 'base' });
const romeDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

let loading: Promise<LookupData | null> | undefined;

/** The index, built once; a failed build is logged, answers null and is retried next time. */
function lookupData(): Promise<LookupData | null> {
  loading ??= buildLookupData().catch((error: unknown) => {
    console.error('lookups: data could not be loaded', error);
    loading = undefined;
    return null;
  });
  return loading;
}

/** Builds the index ahead of the first request (e.g. at server start); optional. */
export async function preloadLookups(): Promise<void> {
  await lookupData();
}

/** Lower case, no accents, punctuation as spaces: "Côte d’Ivoire" → "cote d ivoire". */
function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** 0 = name starts with the query, 1 = a word does, 2 = anywhere; null = no match. */
function matchRank(name: string, query: string): number | null {
  const normalized = normalize(name);
  if (normalized.startsWith(query)) return 0;
  if (normalized.includes(` ${query}`)) return 1;
  if (normalized.includes(query)) return 2;
  return null;
}

/** Today in Rome as YYYY-MM-DD (the spec's default validity date). */
function todayInRome(): IsoDate {
  const parts = Object.fromEntries(romeDay.formatToParts(new Date()).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** A real calendar day as YYYY-MM-DD, today when absent, null when malformed. */
function validityDay(value: unknown): IsoDate | null {
  if (value === undefined || value === null || value === '') return todayInRome();
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : null;
}

function isValidAt(record: { validFrom: IsoDate; validTo: IsoDate | null }, day: IsoDate): boolean {
  return record.validFrom <= day && (record.validTo === null || day <= record.validTo);
}

function asLanguage(language: unknown): LookupLanguage {
  return language === 'en' ? 'en' : 'it';
}

function toCountryOption(country: LookupData['countries'][number], language: LookupLanguage): CountryOption {
  const { code, nameIt, nameEn, nationalCode } = country;
  return { code, name: language === 'en' ? nameEn : nameIt, nameIt, nameEn, nationalCode };
}

function toMunicipalityOption(record: MunicipalityRecord): MunicipalityOption {
  const { name, nationalCode, provinceCode, validFrom, validTo } = record;
  return { name, nationalCode, provinceCode, validFrom, validTo };
}

function byName(a: { name: string }, b: { name: string }): number {
  return collator.compare(a.name, b.name);
}

/**
 * Countries whose Italian or English name (or ISO code) matches the query, best match first,
 * then by name in `language`; [] below COUNTRY_SEARCH_MIN_LENGTH characters.
 */
export async function searchCountries(
  query: string,
  language: LookupLanguage,
  limit: number = COUNTRY_SEARCH_LIMIT,
): Promise<CountryOption[]> {
  const needle = typeof query === 'string' ? normalize(query) : '';
  if (needle.length < COUNTRY_SEARCH_MIN_LENGTH) return [];
  const data = await lookupData();
  if (!data) return [];
  const lang = asLanguage(language);
  const ranked: { option: CountryOption; rank: number }[] = [];
  for (const country of data.countries) {
    const ranks = [matchRank(country.nameIt, needle), matchRank(country.nameEn, needle)];
    if (needle === country.code.toLowerCase()) ranks.push(0);
    const found = ranks.filter((rank): rank is number => rank !== null);
    if (found.length > 0) ranked.push({ option: toCountryOption(country, lang), rank: Math.min(...found) });
  }
  return ranked
    .sort((a, b) => a.rank - b.rank || byName(a.option, b.option))
    .slice(0, Math.max(0, limit))
    .map(({ option }) => option);
}

/** One country by ISO 3166-1 alpha-2 code (any case); null when unknown. */
export async function getCountry(code: string, language: LookupLanguage = 'it'): Promise<CountryOption | null> {
  if (typeof code !== 'string') return null;
  const country = (await lookupData())?.countriesByCode.get(code.trim().toUpperCase());
  return country ? toCountryOption(country, asLanguage(language)) : null;
}

/** One country by its "Z" national code (as found in a foreign-born holder's tax code). */
export async function getCountryByNationalCode(
  nationalCode: string,
  language: LookupLanguage = 'it',
): Promise<CountryOption | null> {
  if (typeof nationalCode !== 'string') return null;
  const country = (await lookupData())?.countriesByNationalCode.get(nationalCode.trim().toUpperCase());
  return country ? toCountryOption(country, asLanguage(language)) : null;
}

/** Every country, sorted by its name in `language`. */
export async function listCountries(language: LookupLanguage): Promise<CountryOption[]> {
  const data = await lookupData();
  if (!data) return [];
  const lang = asLanguage(language);
  return data.countries.map((country) => toCountryOption(country, lang)).sort(byName);
}

/** Provinces that had municipalities on `validityDate` (default today), sorted by name. */
export async function listProvinces(validityDate?: string): Promise<ProvinceOption[]> {
  const day = validityDay(validityDate);
  const data = day ? await lookupData() : null;
  if (!day || !data) return [];
  return data.provinces
    .filter((province) => isValidAt(province, day))
    .map(({ code, name, region }) => ({ code, name, region }))
    .sort(byName);
}

/** Provinces valid on `validityDate` whose name matches; [] below 3 characters. */
export async function searchProvinces(query: string, validityDate?: string): Promise<ProvinceOption[]> {
  const needle = typeof query === 'string' ? normalize(query) : '';
  if (needle.length < PROVINCE_SEARCH_MIN_LENGTH) return [];
  const ranked: { option: ProvinceOption; rank: number }[] = [];
  for (const option of await listProvinces(validityDate)) {
    const rank = matchRank(option.name, needle);
    if (rank !== null) ranked.push({ option, rank });
  }
  return ranked.sort((a, b) => a.rank - b.rank || byName(a.option, b.option)).map(({ option }) => option);
}

/**
 * Municipalities of a province (acronym) that existed on `validityDate` (YYYY-MM-DD, e.g. the
 * birth date), sorted by name. On the day of a merger both the old and the new one are listed.
 */
export async function listMunicipalities(provinceCode: string, validityDate: string): Promise<MunicipalityOption[]> {
  const day = validityDay(validityDate);
  if (!day || typeof provinceCode !== 'string') return [];
  const records = (await lookupData())?.municipalitiesByProvince.get(provinceCode.trim().toUpperCase()) ?? [];
  return records
    .filter((record) => isValidAt(record, day))
    .map(toMunicipalityOption)
    .sort(byName);
}

/** One municipality by Belfiore code (any case), current or former; null when unknown. */
export async function getMunicipalityByNationalCode(nationalCode: string): Promise<MunicipalityOption | null> {
  if (typeof nationalCode !== 'string') return null;
  const record = (await lookupData())?.municipalitiesByCode.get(nationalCode.trim().toUpperCase());
  return record ? toMunicipalityOption(record) : null;
}
