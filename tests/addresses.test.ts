import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../app/.server/db/client';
import { createAddressesService, type AddressInput } from '../app/.server/services/addresses';
import { createCustomersService } from '../app/.server/services/customers';
import { createTestDatabase } from './support/database';

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
  const customer = await createCustomersService(database.db).upsertFromSignIn({
    subject: `addresses-${subjects}`,
    email: `fan${subjects}@example.org`,
    firstName: 'Ada',
    lastName: 'Rossi',
  });
  return customer.id;
}

describe('address book', () => {
  it('creates, lists, reads, updates and deletes a customer’s addresses', async () => {
    const addresses = createAddressesService(database.db);
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

    expect(await addresses.delete(customerId, first.id)).toBe(true);
    expect(await addresses.get(customerId, first.id)).toBeNull();
    expect(await addresses.delete(customerId, first.id)).toBe(false);
    expect((await addresses.list(customerId)).map((address) => address.id)).toEqual([second.id]);
  });

  it('keeps exactly one preferred address when the preference moves', async () => {
    const addresses = createAddressesService(database.db);
    const customerId = await newCustomer();
    const first = await addresses.create(customerId, turin);
    const second = await addresses.create(customerId, paris);

    expect(await addresses.setPreferred(customerId, second.id)).toBe(true);
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
    const addresses = createAddressesService(database.db);
    const owner = await newCustomer();
    const intruder = await newCustomer();
    const own = await addresses.create(owner, turin);
    const intruders = await addresses.create(intruder, paris);

    expect(await addresses.get(intruder, own.id)).toBeNull();
    expect(await addresses.list(intruder)).toEqual([intruders]);
    expect(await addresses.update(intruder, own.id, paris)).toBeNull();
    expect(await addresses.setPreferred(intruder, own.id)).toBe(false);
    expect(await addresses.delete(intruder, own.id)).toBe(false);

    // The owner's address is untouched, and the intruder's own preference too.
    expect(await addresses.get(owner, own.id)).toEqual(own);
    expect((await addresses.get(intruder, intruders.id))?.isPreferred).toBe(true);
  });

  it('finds nothing for unknown or malformed ids instead of failing', async () => {
    const addresses = createAddressesService(database.db);
    const customerId = await newCustomer();
    expect(await addresses.get(customerId, '00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(await addresses.get(customerId, 'not-a-uuid')).toBeNull();
    expect(await addresses.get('1 or 1=1', '00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(await addresses.update(customerId, 'x', turin)).toBeNull();
    expect(await addresses.delete(customerId, '')).toBe(false);
    expect(await addresses.setPreferred(customerId, '../etc')).toBe(false);
    expect(await addresses.list('nope')).toEqual([]);
  });
});
