import { MARIO_PROFILE } from './support/cart';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../app/.server/db/client';
import { resolveBirthPlace } from '../app/.server/services/birth-places';
import type { ProfileUpdate } from '../app/.server/services/customers';
import { createTestDatabase } from './support/database';
import { manualClock } from './support/clock';
import { servicesFor } from './support/services';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

const bornInRome: ProfileUpdate = MARIO_PROFILE;

describe('updateProfile', () => {
  it('saves the profile of the signed-in customer and leaves every other customer alone', async () => {
    const customers = servicesFor(database).customers;
    const mario = await customers.upsertFromSignIn({ subject: 'sub-mario', email: 'm@example.org', firstName: 'Mario', lastName: 'Rossi' });
    const other = await customers.upsertFromSignIn({ subject: 'sub-other', email: 'o@example.org', firstName: 'Bea', lastName: 'Neri' });

    const saved = await customers.updateProfile(mario.id, 'sub-mario', bornInRome);
    expect(saved).toMatchObject({ ...bornInRome, id: mario.id, firstName: 'Mario', email: 'm@example.org' });
    expect(saved!.updatedAt.getTime()).toBeGreaterThanOrEqual(mario.updatedAt.getTime());
    expect(await customers.findById(mario.id)).toMatchObject(bornInRome);
    expect(await customers.findById(other.id)).toEqual(other);
  });

  it('changes nothing when the id belongs to another subject, is unknown or malformed', async () => {
    const customers = servicesFor(database).customers;
    const victim = await customers.upsertFromSignIn({ subject: 'sub-victim', email: 'v@example.org', firstName: 'Vera', lastName: 'Verdi' });
    expect(await customers.updateProfile(victim.id, 'sub-attacker', bornInRome)).toBeNull();
    expect(await customers.updateProfile('00000000-0000-4000-8000-000000000000', 'sub-victim', bornInRome)).toBeNull();
    expect(await customers.updateProfile('1 or 1=1', 'sub-victim', bornInRome)).toBeNull();
    expect(await customers.findById(victim.id)).toEqual(victim);
  });

  it('writes only profile columns, even when handed a wider object', async () => {
    const customers = servicesFor(database).customers;
    const fan = await customers.upsertFromSignIn({ subject: 'sub-wide', email: 'w@example.org', firstName: 'Ugo', lastName: 'Bassi' });
    const wider = { ...bornInRome, email: 'evil@example.org', firstName: 'X', oidcSubject: 'sub-other' };
    const saved = await customers.updateProfile(fan.id, 'sub-wide', wider);
    expect(saved).toMatchObject({ email: 'w@example.org', firstName: 'Ugo', oidcSubject: 'sub-wide', taxCode: bornInRome.taxCode });
  });

  it('can empty optional fields again (a foreign birth place has no province or city)', async () => {
    const customers = servicesFor(database).customers;
    const fan = await customers.upsertFromSignIn({ subject: 'sub-abroad', email: 'a@example.org', firstName: 'Ada', lastName: 'Rossi' });
    await customers.updateProfile(fan.id, 'sub-abroad', bornInRome);
    const abroad = {
      ...bornInRome,
      phone: null,
      birthCountryCode: 'FR',
      birthCountryName: 'Francia',
      birthProvince: null,
      birthProvinceCode: null,
      birthCity: null,
      birthCityCode: null,
      taxCode: null,
    };
    expect(await customers.updateProfile(fan.id, 'sub-abroad', abroad)).toMatchObject(abroad);
  });
});

describe('completeProfile (the use case checks everything itself)', () => {
  const draftOf = (overrides: Partial<Record<string, string>> = {}) => ({
    dob: '1980-01-01',
    gender: 'M',
    phone: '+39 333 1234567',
    birthCountryCode: 'IT',
    birthProvinceCode: 'RM',
    birthCityCode: 'H501',
    taxCode: 'rssmra80a01h501u',
    ...overrides,
  });

  async function newMario(subject: string) {
    return servicesFor(database).customers.upsertFromSignIn({ subject, email: `${subject}@example.org`, firstName: 'Mario', lastName: 'Rossi' });
  }

  it('stores a checked profile with the names of the chosen places', async () => {
    const mario = await newMario('sub-complete-ok');
    const result = await servicesFor(database).customers.completeProfile(mario.id, 'sub-complete-ok', {
      draft: draftOf(),
      requested: ['taxcode'],
    });
    expect(result).toMatchObject({ ok: true, value: { ...bornInRome, id: mario.id } });
  });

  it('refuses a tax code that is not the fan\'s, with the check\'s reason, and saves nothing', async () => {
    const mario = await newMario('sub-complete-taxcode');
    const customers = servicesFor(database).customers;
    // Valid in itself, but encodes a woman born on 41 - 40 = 1 January.
    const result = await customers.completeProfile(mario.id, 'sub-complete-taxcode', {
      draft: draftOf({ taxCode: 'RSSMRA80A41H501Y' }),
      requested: [],
    });
    expect(result).toEqual({ ok: false, reason: 'invalid', fields: { taxCode: 'gender' } });
    expect((await customers.findById(mario.id))?.taxCode).toBeNull();
  });

  it('refuses a municipality that is not in the chosen province, and missing Italian places', async () => {
    const mario = await newMario('sub-complete-place');
    const customers = servicesFor(database).customers;
    expect(
      await customers.completeProfile(mario.id, 'sub-complete-place', { draft: draftOf({ birthProvinceCode: 'MI' }), requested: [] }),
    ).toEqual({ ok: false, reason: 'invalid', fields: { birthCityCode: 'notInList' } });
    expect(
      await customers.completeProfile(mario.id, 'sub-complete-place', {
        draft: draftOf({ birthProvinceCode: '', birthCityCode: '', taxCode: '' }),
        requested: [],
      }),
    ).toEqual({ ok: false, reason: 'invalid', fields: { birthProvinceCode: 'required', birthCityCode: 'required', taxCode: 'required' } });
  });

  it('judges the birth date by the shop\'s clock: today in Rome is not a birth date yet', async () => {
    const mario = await newMario('sub-complete-clock');
    // 23:30 UTC on 31 December 2025 is already 1 January 2026 in Rome.
    const customers = servicesFor(database, { clock: manualClock('2025-12-31T23:30:00Z') }).customers;
    const abroad = { birthCountryCode: 'FR', birthProvinceCode: '', birthCityCode: '', taxCode: '' };
    const draft = draftOf({ ...abroad, dob: '2026-01-01' });
    expect(await customers.completeProfile(mario.id, 'sub-complete-clock', { draft, requested: [] })).toMatchObject({
      ok: false,
      fields: { dob: 'future' },
    });
    const dayBefore = draftOf({ ...abroad, dob: '2025-12-31' });
    expect(await customers.completeProfile(mario.id, 'sub-complete-clock', { draft: dayBefore, requested: [] })).toMatchObject({
      ok: true,
    });
  });

  it('answers not-found for another fan\'s id and changes nothing', async () => {
    const victim = await newMario('sub-complete-victim');
    const customers = servicesFor(database).customers;
    expect(await customers.completeProfile(victim.id, 'sub-attacker', { draft: draftOf(), requested: [] })).toEqual({
      ok: false,
      reason: 'not-found',
      fields: {},
    });
    expect(await customers.findById(victim.id)).toEqual(victim);
  });
});

describe('resolveBirthPlace', () => {
  const TODAY = '2026-11-22';
  it('names the chosen codes as the lookups know them at the birth date', async () => {
    expect(await resolveBirthPlace({ dob: '1980-01-01', birthCountryCode: 'IT', birthProvinceCode: 'RM', birthCityCode: 'H501' }, TODAY)).toEqual({
      ok: true,
      place: { birthCountryCode: 'IT', birthCountryName: 'Italia', birthProvince: 'Roma', birthProvinceCode: 'RM', birthCity: 'Roma', birthCityCode: 'H501' },
    });
    expect(await resolveBirthPlace({ dob: '1980-01-01', birthCountryCode: 'FR', birthProvinceCode: 'RM' }, TODAY)).toMatchObject({
      ok: true,
      place: { birthCountryCode: 'FR', birthCountryName: 'Francia', birthProvinceCode: null, birthCityCode: null },
    });
  });

  it('refuses a city of another province, an unknown province and a country without a Z code', async () => {
    const rome = { dob: '1980-01-01', birthCountryCode: 'IT', birthProvinceCode: 'RM', birthCityCode: 'H501' };
    expect(await resolveBirthPlace({ ...rome, birthProvinceCode: 'MI' }, TODAY)).toEqual({ ok: false, field: 'birthCityCode' });
    expect(await resolveBirthPlace({ ...rome, birthProvinceCode: 'XX' }, TODAY)).toEqual({ ok: false, field: 'birthProvinceCode' });
    expect(await resolveBirthPlace({ ...rome, birthCountryCode: 'HK' }, TODAY)).toEqual({ ok: false, field: 'birthCountryCode' });
  });
});
