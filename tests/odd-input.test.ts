import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitAddressForm } from '../app/routes/account/addresses/address-form.server';
import type { Database } from '../app/.server/db/client';
import type { Services } from '../app/.server/services';
import { preloadLookups } from '../app/.server/services/lookups';
import { FIELD_MESSAGES as M } from '../app/forms/messages';
import { MAX_TEXT_LENGTH } from '../app/forms/text';
import { createTestDatabase } from './support/database';
import { servicesFor } from './support/services';

// Issue 9: a NUL byte (or another character PostgreSQL or a reader should never get) in a field,
// an id from the URL or a query is refused or not found, on both databases — never a 500.
let database: Database;
let services: Services;
let customerId: string;

beforeAll(async () => {
  await preloadLookups();
  database = await createTestDatabase();
  services = servicesFor(database);
  customerId = (await services.customers.upsertFromSignIn({ subject: 'odd-fan', email: 'odd@example.org', firstName: 'Ada', lastName: 'Rossi' })).id;
}, 60_000);

afterAll(async () => {
  await database?.close();
});

const turin = {
  firstName: 'Ada',
  lastName: 'Rossi',
  phone: '+39 333 123 4567',
  street: 'Via Roma',
  number: '12',
  countryCode: 'IT',
  provinceCode: 'TO',
  cityCode: 'L219',
  postalCode: '10121',
};

function form(fields: Record<string, string>): FormData {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    formData.set(name, value);
    formData.set(`previous.${name}`, value);
  }
  return formData;
}

describe('odd characters', () => {
  it('an address whose street or extra info holds NUL, a bidi override or a zero-width space gets a field message and a 400', async () => {
    for (const [field, value] of [
      ['street', 'Via\u0000Roma'],
      ['street', 'Via Roma\u202E21'],
      ['extraInfo', 'scala\u200BB'],
      ['number', '12\u0000'],
    ] as const) {
      const submit = await submitAddressForm(form({ ...turin, [field]: value }), { language: 'en', today: '2026-11-22' }, (draft) =>
        services.addresses.save(customerId, draft),
      );
      expect(submit.kind, `${field}=${JSON.stringify(value)}`).toBe('answer');
      if (submit.kind !== 'answer') continue;
      expect(submit.status).toBe(400);
      expect(submit.form.result?.error).toEqual({ [field]: [M.invisibleCharacters] });
    }
    expect(await services.addresses.list(customerId)).toEqual([]);
  });

  it('an oversized street is refused with a field message and shown again no longer than the field allows', async () => {
    const street = 'V'.repeat(20_000);
    const submit = await submitAddressForm(form({ ...turin, street }), { language: 'en', today: '2026-11-22' }, (draft) =>
      services.addresses.save(customerId, draft),
    );
    expect(submit.kind).toBe('answer');
    if (submit.kind !== 'answer') return;
    expect(submit.status).toBe(400);
    expect(submit.form.result?.error).toEqual({ street: [M.tooLong] });
    expect(submit.form.values.street).toBe('V'.repeat(MAX_TEXT_LENGTH));
    expect(JSON.stringify(submit.form.result)).not.toContain('V'.repeat(MAX_TEXT_LENGTH + 1));
  });

  it('a notify-me product id with NUL is an unknown product, asked about nothing', async () => {
    expect(await services.notifyMe.subscribe(customerId, 'j1897\u0000', 'it')).toMatchObject({ ok: false, reason: 'unknown-product' });
    expect(await services.notifyMe.isWaiting(customerId, 'a\u0000b')).toBe(false);
    expect((await services.notifyMe.cancel(customerId, 'a\u0000b')).ok).toBe(false);
    expect(await services.catalogue.getProductDetail('a\u0000b')).toBeNull();
  });

  it('the outbox searched for an address with NUL finds nothing', async () => {
    expect(await services.mailOutbox.listRecent({ to: 'fan\u0000@example.org', limit: 10 })).toEqual([]);
  });
});
