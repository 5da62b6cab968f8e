import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../app/.server/db/client';
import { createTestDatabase } from './support/database';
import { servicesFor } from './support/services';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

describe('customers by OIDC subject', () => {
  it('creates the customer at the first sign-in and finds it by id', async () => {
    const customers = servicesFor(database).customers;
    const created = await customers.upsertFromSignIn({ subject: 'sub-1', email: 'a@example.org', firstName: 'Ada', lastName: 'Rossi' });
    expect(created).toMatchObject({ oidcSubject: 'sub-1', email: 'a@example.org', firstName: 'Ada', dob: null, taxCode: null });
    expect((await customers.findById(created.id))?.oidcSubject).toBe('sub-1');
  });

  it('keeps one row per subject; a later sign-in refreshes the e-mail but not the names', async () => {
    const customers = servicesFor(database).customers;
    const first = await customers.upsertFromSignIn({ subject: 'sub-2', email: 'old@example.org', firstName: 'Bea', lastName: 'Neri' });
    const again = await customers.upsertFromSignIn({ subject: 'sub-2', email: 'new@example.org', firstName: 'B', lastName: 'N' });
    expect(again.id).toBe(first.id);
    expect(again).toMatchObject({ email: 'new@example.org', firstName: 'Bea', lastName: 'Neri' });
  });

  it('finds nothing for unknown or malformed ids', async () => {
    const customers = servicesFor(database).customers;
    expect(await customers.findById('00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(await customers.findById('1 or 1=1')).toBeNull();
  });
});
