// Adapts the two data packages behind the lookups into one in-memory index:
// - @marketto/belfiore-connector-embedded: the Belfiore (cadastral) codes of Italian
//   municipalities (ANPR archive, Ministero dell'Interno / Agenzia delle Entrate) and the
//   "Z" codes of foreign countries (ISTAT), each with its validity window;
// - iso-3166: the ISO 3166-1 country list and the ISO 3166-2:IT provinces with their regions.
// Country names come from ICU (Intl.DisplayNames), as elsewhere in the shop.
import { belfioreConnector, type BelfiorePlace } from '@marketto/belfiore-connector-embedded';
import { iso31661, iso31662 } from 'iso-3166';
import type { Language } from '../../domain/catalogue-types';

/** A date as YYYY-MM-DD; such strings compare correctly as plain strings. */
export type IsoDate = string;

export interface CountryRecord {
  code: string;
  nameIt: string;
  nameEn: string;
  nationalCode: string | null;
}

export interface ProvinceRecord {
  code: string;
  /** Falls back to the acronym when ISO 3166-2 has no entry for the province. */
  name: string;
  /** Empty when ISO 3166-2 has no entry for the province. */
  region: string;
  /** Earliest creation and latest end of its municipalities; null = still valid. */
  validFrom: IsoDate;
  validTo: IsoDate | null;
}

export interface MunicipalityRecord {
  name: string;
  nationalCode: string;
  provinceCode: string;
  validFrom: IsoDate;
  /** Last valid day (inclusive, as the package's own `active()` filter); null = still valid. */
  validTo: IsoDate | null;
}

export interface LookupData {
  countries: CountryRecord[];
  countriesByCode: Map<string, CountryRecord>;
  countriesByNationalCode: Map<string, CountryRecord>;
  provinces: ProvinceRecord[];
  municipalitiesByProvince: Map<string, MunicipalityRecord[]>;
  municipalitiesByCode: Map<string, MunicipalityRecord>;
}

// The ISTAT list tags the United Kingdom with ISO's exceptionally reserved "UK".
const SOURCE_ISO_FIXES: Readonly<Record<string, string>> = { UK: 'GB' };
// Kosovo has a Z code but no ISO 3166-1 code; XK is the user-assigned code CLDR, the EU and
// most software use, so holders born there can be registered.
const ISO_BY_NATIONAL_CODE: Readonly<Record<string, string>> = { Z160: 'XK' };
// ISO 3166-2:IT lists Valle d'Aosta only as a region (IT-23): it has no province, the region
// acts as one (ISTAT names the unit "Valle d'Aosta/Vallée d'Aoste" too).
const REGION_AS_PROVINCE: Readonly<Record<string, string>> = { AO: 'IT-23' };
// Sardinia's reform (regional law 9/2023) restored two provinces after the packaged ISO 3166-2
// list: the municipalities already carry their acronyms, ISO has no entry yet. Names as the
// region instituted them in 2025 (OT is no longer "Olbia-Tempio", the 2005–2016 province).
const PROVINCES_MISSING_FROM_ISO: Readonly<Record<string, { name: string; parent: string }>> = {
  OG: { name: 'Ogliastra', parent: 'IT-88' },
  OT: { name: 'Gallura Nord-Est Sardegna', parent: 'IT-88' },
};
const STILL_VALID = '9999-12-31';

/** Calendar day of a Date built by dayjs in local time (so read with local getters). */
function toIsoDate(date: Date): IsoDate {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${String(date.getFullYear()).padStart(4, '0')}-${month}-${day}`;
}

/**
 * A few source names are UTF-8 read as Latin-1 ("CittÃ  della Pieve"); decode them back.
 * A trailing "Ã" lost its non-breaking-space second byte ("ContÃ" = "Contà").
 */
export function repairMojibake(name: string): string {
  if (!/[ÃÂ]/.test(name)) return name;
  const bytes = Buffer.from(name.endsWith('Ã') ? `${name}\u00a0` : name, 'latin1');
  const decoded = bytes.toString('utf8');
  return decoded.includes('\ufffd') ? name : decoded;
}

function displayNames(language: Language): (code: string) => string | undefined {
  const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
  return (code) => {
    try {
      return names.of(code);
    } catch {
      return undefined;
    }
  };
}

function buildCountries(places: BelfiorePlace[]): CountryRecord[] {
  // Z code of each country as valid today (expired Z codes belong to former states).
  const nationalCodeByIso = new Map<string, string>();
  for (const place of places) {
    if (place.province !== undefined || toIsoDate(place.expirationDate) !== STILL_VALID) continue;
    const sourceIso = (place.iso3166 ?? '').trim();
    const iso = ISO_BY_NATIONAL_CODE[place.belfioreCode] ?? SOURCE_ISO_FIXES[sourceIso] ?? sourceIso;
    if (/^[A-Z]{2}$/.test(iso)) nationalCodeByIso.set(iso, place.belfioreCode);
  }
  const italian = displayNames('it');
  const english = displayNames('en');
  const isoNames = new Map<string, string>(iso31661.map((entry) => [entry.alpha2, entry.name]));
  for (const iso of Object.values(ISO_BY_NATIONAL_CODE)) isoNames.set(iso, english(iso) ?? iso);
  return [...isoNames].map(([code, isoName]) => ({
    code,
    nameIt: italian(code) ?? isoName,
    nameEn: english(code) ?? isoName,
    nationalCode: nationalCodeByIso.get(code) ?? null,
  }));
}

function buildMunicipalities(places: BelfiorePlace[]): MunicipalityRecord[] {
  const municipalities: MunicipalityRecord[] = [];
  for (const place of places) {
    if (place.province === undefined) continue;
    const validTo = toIsoDate(place.expirationDate);
    municipalities.push({
      name: repairMojibake(place.name),
      nationalCode: place.belfioreCode,
      provinceCode: place.province,
      validFrom: toIsoDate(place.creationDate),
      validTo: validTo === STILL_VALID ? null : validTo,
    });
  }
  return municipalities;
}

/**
 * Provinces are the ISO 3166-2:IT ones (plus the restored ones it lacks, named above) and any
 * other acronym the municipalities use (provinces abolished before the current ISO list): those
 * keep their acronym as name so their municipalities stay reachable.
 */
function buildProvinces(municipalities: MunicipalityRecord[]): ProvinceRecord[] {
  const regionNames = new Map<string, string>();
  const isoProvinces = new Map<string, { name: string; parent: string }>();
  for (const entry of iso31662) {
    if (/^IT-\d{2}$/.test(entry.code)) regionNames.set(entry.code, entry.name);
    else if (/^IT-[A-Z]{2}$/.test(entry.code)) isoProvinces.set(entry.code.slice(3), entry);
  }
  for (const [code, region] of Object.entries(REGION_AS_PROVINCE)) {
    const name = regionNames.get(region);
    if (name && !isoProvinces.has(code)) isoProvinces.set(code, { name, parent: region });
  }
  for (const [code, province] of Object.entries(PROVINCES_MISSING_FROM_ISO)) {
    if (!isoProvinces.has(code)) isoProvinces.set(code, province);
  }
  const windows = new Map<string, { validFrom: IsoDate; validTo: IsoDate | null }>();
  for (const municipality of municipalities) {
    const window = windows.get(municipality.provinceCode);
    if (!window) {
      windows.set(municipality.provinceCode, { validFrom: municipality.validFrom, validTo: municipality.validTo });
      continue;
    }
    if (municipality.validFrom < window.validFrom) window.validFrom = municipality.validFrom;
    if (window.validTo !== null && (municipality.validTo === null || municipality.validTo > window.validTo)) {
      window.validTo = municipality.validTo;
    }
  }
  return [...windows].map(([code, window]) => {
    const iso = isoProvinces.get(code);
    return { code, name: iso?.name ?? code, region: (iso && regionNames.get(iso.parent)) ?? '', ...window };
  });
}

/** Builds the whole index; ~0.6 s of CPU, so callers build it once and keep it. */
export async function buildLookupData(): Promise<LookupData> {
  const places = await belfioreConnector.toArray();
  const countries = buildCountries(places);
  const municipalities = buildMunicipalities(places);
  const municipalitiesByProvince = new Map<string, MunicipalityRecord[]>();
  const municipalitiesByCode = new Map<string, MunicipalityRecord>();
  for (const municipality of municipalities) {
    const list = municipalitiesByProvince.get(municipality.provinceCode) ?? [];
    list.push(municipality);
    municipalitiesByProvince.set(municipality.provinceCode, list);
    municipalitiesByCode.set(municipality.nationalCode, municipality);
  }
  const countriesByNationalCode = new Map<string, CountryRecord>();
  for (const country of countries) {
    if (country.nationalCode) countriesByNationalCode.set(country.nationalCode, country);
  }
  return {
    countries,
    countriesByCode: new Map(countries.map((country) => [country.code, country])),
    countriesByNationalCode,
    provinces: buildProvinces(municipalities),
    municipalitiesByProvince,
    municipalitiesByCode,
  };
}
