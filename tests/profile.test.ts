import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../app/.server/db/client';
import { resolveBirthPlace } from '../app/.server/services/birth-place-options';
import { createCustomersService, type ProfileUpdate } from '../app/.server/services/customers';
import { createTestDatabase } from './support/database';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

const bornInRome: ProfileUpdate = {
  phone: '00393331234567',
  dob: '1980-01-01',
  gender: 'M',
  birthCountryCode: 'IT',
  birthCountryName: 'Italia',
  birthProvince: 'Roma',
  birthProvinceCode: 'RM',
  birthCity: 'Roma',
  birthCityCode: 'H501',
  taxCode: 'RSSMRA80A01H501U',
};

describe('updateProfile', () => {
  it('saves the profile of the signed-in customer and leaves every other customer alone', async () => {
    const customers = createCustomersService(database.db);
    const mario = await customers.upsertFromSignIn({ subject: 'sub-mario', email: 'm@example.org', firstName: 'Mario', lastName: 'Rossi' });
    const other = await customers.upsertFromSignIn({ subject: 'sub-other', email: 'o@example.org', firstName: 'Bea', lastName: 'Neri' });

    const saved = await customers.updateProfile(mario.id, 'sub-mario', bornInRome);
    expect(saved).toMatchObject({ ...bornInRome, id: mario.id, firstName: 'Mario', email: 'm@example.org' });
    expect(saved!.updatedAt.getTime()).toBeGreaterThanOrEqual(mario.updatedAt.getTime());
    expect(await customers.findById(mario.id)).toMatchObject(bornInRome);
    expect(await customers.findById(other.id)).toEqual(other);
  });

  it('changes nothing when the id belongs to another subject, is unknown or malformed', async () => {
    const customers = createCustomersService(database.db);
    const victim = await customers.upsertFromSignIn({ subject: 'sub-victim', email: 'v@example.org', firstName: 'Vera', lastName: 'Verdi' });
    expect(await customers.updateProfile(victim.id, 'sub-attacker', bornInRome)).toBeNull();
    expect(await customers.updateProfile('00000000-0000-4000-8000-000000000000', 'sub-victim', bornInRome)).toBeNull();
    expect(await customers.updateProfile('1 or 1=1', 'sub-victim', bornInRome)).toBeNull();
    expect(await customers.findById(victim.id)).toEqual(victim);
  });

  it('writes only profile columns, even when handed a wider object', async () => {
    const customers = createCustomersService(database.db);
    const fan = await customers.upsertFromSignIn({ subject: 'sub-wide', email: 'w@example.org', firstName: 'Ugo', lastName: 'Bassi' });
    const wider = { ...bornInRome, email: 'evil@example.org', firstName: 'X', oidcSubject: 'sub-other' };
    const saved = await customers.updateProfile(fan.id, 'sub-wide', wider);
    expect(saved).toMatchObject({ email: 'w@example.org', firstName: 'Ugo', oidcSubject: 'sub-wide', taxCode: bornInRome.taxCode });
  });

  it('can empty optional fields again (a foreign birth place has no province or city)', async () => {
    const customers = createCustomersService(database.db);
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

describe('resolveBirthPlace', () => {
  it('names the chosen codes as the lookups know them at the birth date', async () => {
    expect(await resolveBirthPlace({ dob: '1980-01-01', birthCountryCode: 'IT', birthProvinceCode: 'RM', birthCityCode: 'H501' })).toEqual({
      ok: true,
      place: { birthCountryCode: 'IT', birthCountryName: 'Italia', birthProvince: 'Roma', birthProvinceCode: 'RM', birthCity: 'Roma', birthCityCode: 'H501' },
    });
    expect(await resolveBirthPlace({ dob: '1980-01-01', birthCountryCode: 'FR', birthProvinceCode: 'RM' })).toMatchObject({
      ok: true,
      place: { birthCountryCode: 'FR', birthCountryName: 'Francia', birthProvinceCode: null, birthCityCode: null },
    });
  });

  it('refuses a city of another province, an unknown province and a country without a Z code', async () => {
    const rome = { dob: '1980-01-01', birthCountryCode: 'IT', birthProvinceCode: 'RM', birthCityCode: 'H501' };
    expect(await resolveBirthPlace({ ...rome, birthProvinceCode: 'MI' })).toEqual({ ok: false, field: 'birthCityCode' });
    expect(await resolveBirthPlace({ ...rome, birthProvinceCode: 'XX' })).toEqual({ ok: false, field: 'birthProvinceCode' });
    expect(await resolveBirthPlace({ ...rome, birthCountryCode: 'HK' })).toEqual({ ok: false, field: 'birthCountryCode' });
  });
});
