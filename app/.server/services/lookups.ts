// Country, province and municipality lookups (spec catalogue-cart §3, §5, §7). The data is
// static and ships in npm packages (see lookups-data.ts), so it lives in memory, built on first
// use; no database tables. Per spec every lookup failure is an empty list (or null for a
// single item): these functions never throw, whatever reaches them from a query string.
import type { Language } from '../../domain/catalogue-types';
import { isCalendarDay } from '../../domain/shop-time';
import { buildLookupData, type IsoDate, type LookupData, type MunicipalityRecord } from './lookups-data';

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

const collator = new Intl.Collator('it', { sensitivity: 'base' });

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

/**
 * A real calendar day as YYYY-MM-DD, null when malformed. Callers always say which day (today is
 * the shop clock's, never this module's): lists are then testable at any instant.
 */
function validityDay(value: unknown): IsoDate | null {
  return typeof value === 'string' && isCalendarDay(value) ? value : null;
}

function isValidAt(record: { validFrom: IsoDate; validTo: IsoDate | null }, day: IsoDate): boolean {
  return record.validFrom <= day && (record.validTo === null || day <= record.validTo);
}

function asLanguage(language: unknown): Language {
  return language === 'en' ? 'en' : 'it';
}

function toCountryOption(country: LookupData['countries'][number], language: Language): CountryOption {
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

/** One country by ISO 3166-1 alpha-2 code (any case); null when unknown. */
export async function getCountry(code: string, language: Language = 'it'): Promise<CountryOption | null> {
  if (typeof code !== 'string') return null;
  const country = (await lookupData())?.countriesByCode.get(code.trim().toUpperCase());
  return country ? toCountryOption(country, asLanguage(language)) : null;
}

/**
 * Whether an upper-case code is one of the shop's countries (ISO 3166-1 alpha-2, and XK), as a
 * synchronous check for the rules (domain/vat-invoicing `IsCountry`). If the list cannot be
 * built (never with the packaged data) no code is a country: a wrong one is never kept.
 */
export async function countryCheck(): Promise<(code: string) => boolean> {
  const countries = (await lookupData())?.countriesByCode;
  return (code) => countries?.has(code) ?? false;
}

/** One country by its "Z" national code (as found in a foreign-born holder's tax code). */
export async function getCountryByNationalCode(
  nationalCode: string,
  language: Language = 'it',
): Promise<CountryOption | null> {
  if (typeof nationalCode !== 'string') return null;
  const country = (await lookupData())?.countriesByNationalCode.get(nationalCode.trim().toUpperCase());
  return country ? toCountryOption(country, asLanguage(language)) : null;
}

/** Every country, sorted by its name in `language`. */
export async function listCountries(language: Language): Promise<CountryOption[]> {
  const data = await lookupData();
  if (!data) return [];
  const lang = asLanguage(language);
  return data.countries.map((country) => toCountryOption(country, lang)).sort(byName);
}

/** Provinces that had municipalities on `validityDate` (YYYY-MM-DD), sorted by name. */
export async function listProvinces(validityDate: string): Promise<ProvinceOption[]> {
  const day = validityDay(validityDate);
  const data = day ? await lookupData() : null;
  if (!day || !data) return [];
  return data.provinces
    .filter((province) => isValidAt(province, day))
    .map(({ code, name, region }) => ({ code, name, region }))
    .sort(byName);
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
