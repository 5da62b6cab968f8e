import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../app/.server/db/client';
import type { AddressInput } from '../app/.server/services/addresses';
import { createTestDatabase } from './support/database';
import { servicesFor } from './support/services';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

const turin: AddressInput = {
  firstName: 'Ada',
  lastName: 'Rossi',
  phone: '00393331234567',
  street: 'Via Roma',
  number: '1',
  extraInfo: null,
  countryCode: 'IT',
  provinceCode: 'TO',
  state: 'Torino',
  region: 'Piemonte',
  city: 'Torino',
  cityCode: 'L219',
  postalCode: '10121',
};

const paris: AddressInput = {
  ...turin,
  street: 'Rue de Rivoli',
  countryCode: 'FR',
  provinceCode: null,
  state: null,
  region: null,
  city: 'Paris',
  cityCode: null,
  postalCode: '75001',
};

let subjects = 0;
async function newCustomer(): Promise<string> {
  subjects += 1;
  const customer = await servicesFor(database).customers.upsertFromSignIn({
    subject: `addresses-${subjects}`,
    email: `fan${subjects}@example.org`,
    firstName: 'Ada',
    lastName: 'Rossi',
  });
  return customer.id;
}

describe('address book', () => {
  it('creates, lists, reads, updates and deletes a customer’s addresses', async () => {
    const addresses = servicesFor(database).addresses;
    const customerId = await newCustomer();
    expect(await addresses.list(customerId)).toEqual([]);

    const first = await addresses.create(customerId, turin);
    expect(first).toMatchObject({ ...turin, customerId, isPreferred: true });
    const second = await addresses.create(customerId, paris);
    expect(second.isPreferred).toBe(false);
    expect((await addresses.list(customerId)).map((address) => address.id)).toEqual([first.id, second.id]);
    expect(await addresses.get(customerId, second.id)).toMatchObject({ city: 'Paris', provinceCode: null });

    const updated = await addresses.update(customerId, second.id, { ...paris, street: 'Avenue Foch', number: null });
    expect(updated).toMatchObject({ street: 'Avenue Foch', number: null, isPreferred: false });
    expect(updated!.updatedAt.getTime()).toBeGreaterThanOrEqual(second.updatedAt.getTime());

    expect((await addresses.delete(customerId, first.id)).ok).toBe(true);
    expect(await addresses.get(customerId, first.id)).toBeNull();
    expect((await addresses.delete(customerId, first.id)).ok).toBe(false);
    expect((await addresses.list(customerId)).map((address) => address.id)).toEqual([second.id]);
  });

  it('keeps exactly one preferred address when the preference moves', async () => {
    const addresses = servicesFor(database).addresses;
    const customerId = await newCustomer();
    const first = await addresses.create(customerId, turin);
    const second = await addresses.create(customerId, paris);

    expect((await addresses.setPreferred(customerId, second.id)).ok).toBe(true);
    const listed = await addresses.list(customerId);
    expect(listed.map((address) => [address.id, address.isPreferred])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
    // Once the preferred one is deleted, the next address added takes its place.
    await addresses.delete(customerId, second.id);
    expect((await addresses.get(customerId, first.id))?.isPreferred).toBe(false);
    const third = await addresses.create(customerId, paris);
    expect(third.isPreferred).toBe(true);
  });

  it('never lets another customer read, change, prefer or delete an address', async () => {
    const addresses = servicesFor(database).addresses;
    const owner = await newCustomer();
    const intruder = await newCustomer();
    const own = await addresses.create(owner, turin);
    const intruders = await addresses.create(intruder, paris);

    expect(await addresses.get(intruder, own.id)).toBeNull();
    expect(await addresses.list(intruder)).toEqual([intruders]);
    expect(await addresses.update(intruder, own.id, paris)).toBeNull();
    expect((await addresses.setPreferred(intruder, own.id)).ok).toBe(false);
    expect((await addresses.delete(intruder, own.id)).ok).toBe(false);

    // The owner's address is untouched, and the intruder's own preference too.
    expect(await addresses.get(owner, own.id)).toEqual(own);
    expect((await addresses.get(intruder, intruders.id))?.isPreferred).toBe(true);
  });

  it('finds nothing for unknown or malformed ids instead of failing', async () => {
    const addresses = servicesFor(database).addresses;
    const customerId = await newCustomer();
    expect(await addresses.get(customerId, '00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(await addresses.get(customerId, 'not-a-uuid')).toBeNull();
    expect(await addresses.get('1 or 1=1', '00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(await addresses.update(customerId, 'x', turin)).toBeNull();
    expect((await addresses.delete(customerId, '')).ok).toBe(false);
    expect((await addresses.setPreferred(customerId, '../etc')).ok).toBe(false);
    expect(await addresses.list('nope')).toEqual([]);
  });
});

describe('saving an address (the use case checks and resolves everything itself)', () => {
  const turinDraft = {
    firstName: 'Ada',
    lastName: 'Rossi',
    phone: '+39 333 123 4567',
    street: ' Via Roma ',
    number: '1',
    extraInfo: '',
    countryCode: 'IT',
    provinceCode: 'TO',
    state: 'forged',
    cityCode: 'L219',
    city: 'forged',
    postalCode: '10121',
  };

  it('stores names, region and Belfiore code from the lookups, never from the caller, and the phone with 00', async () => {
    const addresses = servicesFor(database).addresses;
    const customerId = await newCustomer();
    const result = await addresses.save(customerId, turinDraft);
    expect(result).toMatchObject({ ok: true, value: { ...turin, customerId } });
  });

  it('refuses bad input with a reason per field and stores nothing', async () => {
    const addresses = servicesFor(database).addresses;
    const customerId = await newCustomer();
    const bad = { ...turinDraft, firstName: 'Ada3', phone: '12', street: '', provinceCode: 'MI', postalCode: '1234567890' };
    expect(await addresses.save(customerId, bad)).toEqual({
      ok: false,
      reason: 'invalid',
      fields: { firstName: 'invalidName', phone: 'invalid', street: 'required', postalCode: 'invalid' },
    });
    // A well-formed city of another province is only found out against the lookups.
    expect(await addresses.save(customerId, { ...turinDraft, provinceCode: 'MI' })).toEqual({
      ok: false,
      reason: 'invalid',
      fields: { cityCode: 'notInList' },
    });
    expect(await addresses.save(customerId, { ...turinDraft, countryCode: 'XX' })).toMatchObject({
      fields: { countryCode: 'notInList' },
    });
    expect(await addresses.list(customerId)).toEqual([]);
  });

  it('updates only the fan\'s own address; another fan\'s id is not found and untouched', async () => {
    const addresses = servicesFor(database).addresses;
    const owner = await newCustomer();
    const intruder = await newCustomer();
    const saved = await addresses.save(owner, turinDraft);
    if (!saved.ok) throw new Error('setup failed');
    const abroad = { ...turinDraft, countryCode: 'FR', provinceCode: '', cityCode: '', state: '', city: 'Paris', postalCode: '75001' };
    expect(await addresses.save(intruder, abroad, saved.value.id)).toEqual({ ok: false, reason: 'not-found', fields: {} });
    expect(await addresses.get(owner, saved.value.id)).toEqual(saved.value);
    expect(await addresses.save(owner, abroad, saved.value.id)).toMatchObject({
      ok: true,
      value: { id: saved.value.id, city: 'Paris', provinceCode: null, region: null, cityCode: null, state: null },
    });
  });
});

describe('services bound to one transaction', () => {
  it('commit together or not at all', async () => {
    const services = servicesFor(database);
    const customerId = await newCustomer();
    await expect(
      services.transaction(async (inTransaction) => {
        await inTransaction.addresses.create(customerId, turin);
        await inTransaction.addresses.create(customerId, paris);
        expect(await inTransaction.addresses.list(customerId)).toHaveLength(2);
        throw new Error('a later step failed');
      }),
    ).rejects.toThrow('a later step failed');
    expect(await services.addresses.list(customerId)).toEqual([]);

    await services.transaction(async (inTransaction) => {
      await inTransaction.addresses.create(customerId, turin);
    });
    expect(await services.addresses.list(customerId)).toHaveLength(1);
  });
});
