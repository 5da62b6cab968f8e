import { beforeAll, describe, expect, it } from 'vitest';
import {
  countryCheck,
  getCountry,
  getCountryByNationalCode,
  getMunicipalityByNationalCode,
  listCountries,
  listMunicipalities,
  listProvinces,
  preloadLookups,
} from '../app/.server/services/lookups';
import { repairMojibake } from '../app/.server/services/lookups-data';

// The index decodes ~10k places once (about half a second); build it before the timed tests.
beforeAll(async () => {
  await preloadLookups();
}, 30_000);

const codesOf = (list: { nationalCode: string }[]) => list.map((item) => item.nationalCode);

describe('country lookups', () => {
  it('gives foreign countries their Z code and Italy none', async () => {
    expect(await getCountry('de', 'en')).toEqual({
      code: 'DE',
      name: 'Germany',
      nameIt: 'Germania',
      nameEn: 'Germany',
      nationalCode: 'Z112',
    });
    expect((await getCountry('GB'))?.nationalCode).toBe('Z114'); // the source says "UK"
    expect((await getCountry('XK'))?.nationalCode).toBe('Z160');
    expect((await getCountry('IT'))?.nationalCode).toBeNull();
    expect((await getCountryByNationalCode('z112'))?.code).toBe('DE');
    expect(await getCountry('QQ')).toBeNull();
  });

  it('checks a VAT country against the same list: upper-case ISO codes and XK; ZZ and lower case are none (issue 30)', async () => {
    const isCountry = await countryCheck();
    for (const code of ['IT', 'DE', 'FR', 'GB', 'XK']) expect(isCountry(code), code).toBe(true);
    for (const code of ['ZZ', 'QQ', 'UK', 'it', 'ITA', '']) expect(isCountry(code), code).toBe(false);
    const listed = await listCountries('en');
    expect(listed.every((country) => isCountry(country.code))).toBe(true);
  });

  it('lists every ISO country, sorted by localized name', async () => {
    const italian = await listCountries('it');
    expect(italian.length).toBeGreaterThanOrEqual(249);
    const names = italian.map((country) => country.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('it', { sensitivity: 'base' }).compare));
  });

  it('knows the restricted countries of the spec, except the withdrawn PC', async () => {
    const restricted = 'AF AQ BY KP CU IR LY RU EH SY SO SD SS UA SH FK GS PM CX BV IO PC CC HM PN TF';
    const known = new Set((await listCountries('en')).map((country) => country.code));
    // PC (Pacific Islands Trust Territory) left ISO 3166-1 in 1986: no country carries it now.
    expect(restricted.split(' ').filter((code) => !known.has(code))).toEqual(['PC']);
  });
});

describe('province lookups', () => {
  it('lists current provinces with name and region', async () => {
    const provinces = await listProvinces('2026-11-22');
    expect(provinces).toContainEqual({ code: 'TO', name: 'Torino', region: 'Piemonte' });
    expect(provinces).toContainEqual({ code: 'RM', name: 'Roma', region: 'Lazio' });
    expect(provinces.map((province) => province.code)).not.toContain('PL'); // Pola, until 1947
    expect(provinces.length).toBeGreaterThanOrEqual(107);
    // Valle d'Aosta is a region without provinces in ISO 3166-2: the region stands in.
    const aosta = "Valle d'Aosta, Vallée d'Aoste";
    expect(provinces).toContainEqual({ code: 'AO', name: aosta, region: aosta });
    // Sardinia's restored provinces are not in the packaged ISO 3166-2 yet: named by the shop.
    expect(provinces).toContainEqual({ code: 'OG', name: 'Ogliastra', region: 'Sardegna' });
    expect(provinces).toContainEqual({ code: 'OT', name: 'Gallura Nord-Est Sardegna', region: 'Sardegna' });
    expect(provinces.filter((province) => !province.region)).toEqual([]);
  });

  it('lists the provinces valid at a date', async () => {
    // Pola's province existed in 1930: kept by acronym (ISO 3166-2 no longer names it).
    expect((await listProvinces('1930-06-01')).map((province) => province.code)).toContain('PL');
  });

  it('answers [] for a malformed date', async () => {
    expect(await listProvinces('2024-02-30')).toEqual([]);
    expect(await listProvinces('31/12/2000')).toEqual([]);
  });
});

describe('municipality lookups', () => {
  it('has Torino (L219) in TO and Roma (H501) in RM', async () => {
    expect(await listMunicipalities('TO', '2000-01-01')).toContainEqual(
      expect.objectContaining({ name: 'Torino', nationalCode: 'L219', provinceCode: 'TO' }),
    );
    const rome = await listMunicipalities('rm', '1990-05-17');
    expect(rome).toContainEqual(expect.objectContaining({ name: 'Roma', nationalCode: 'H501' }));
    const names = rome.map((municipality) => municipality.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('it', { sensitivity: 'base' }).compare));
  });

  it('follows a merger: Castelfranco di Sopra + Pian di Scò became Castelfranco Piandiscò on 2014-01-01', async () => {
    const before = codesOf(await listMunicipalities('AR', '2013-12-31'));
    expect(before).toEqual(expect.arrayContaining(['C112', 'G552']));
    expect(before).not.toContain('M322');
    const after = codesOf(await listMunicipalities('AR', '2014-01-02'));
    expect(after).toContain('M322');
    expect(after).not.toContain('C112');
    expect(after).not.toContain('G552');
  });

  it('finds current and former municipalities by national code', async () => {
    const rome = await getMunicipalityByNationalCode('h501');
    expect(rome).toMatchObject({ name: 'Roma', provinceCode: 'RM', validTo: null });
    expect(await getMunicipalityByNationalCode('M322')).toMatchObject({
      name: 'Castelfranco Piandiscò',
      validFrom: '2014-01-01',
    });
    expect((await getMunicipalityByNationalCode('C112'))?.validTo).toBe('2014-01-01');
    expect(await getMunicipalityByNationalCode('Z112')).toBeNull();
    expect(await getMunicipalityByNationalCode('')).toBeNull();
  });

  it('repairs names the source stored as mis-decoded UTF-8', async () => {
    expect((await getMunicipalityByNationalCode('C744'))?.name).toBe('Città della Pieve');
    expect(repairMojibake('ContÃ')).toBe('Contà');
    expect(repairMojibake('Torino')).toBe('Torino');
  });

  it('answers [] for an unknown province or a malformed date', async () => {
    expect(await listMunicipalities('XX', '2000-01-01')).toEqual([]);
    expect(await listMunicipalities('', '2000-01-01')).toEqual([]);
    expect(await listMunicipalities('TO', 'yesterday')).toEqual([]);
    expect(await listMunicipalities('TO', '1800-01-01')).toEqual([]);
  });
});
