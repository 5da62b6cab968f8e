import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '../app/domain/catalogue-types';
import { submitAddressForm } from '../app/routes/account/addresses/address-form.server';
import type { Database } from '../app/.server/db/client';
import type { Services } from '../app/.server/services';
import { preloadLookups } from '../app/.server/services/lookups';
import { FIELD_MESSAGES as M } from '../app/forms/messages';
import { ADDRESS_BOOK_FULL } from '../app/forms/address';
import { MAX_ADDRESSES_PER_FAN } from '../app/domain/address-rules';
import type { AddressDraft } from '../app/domain/address-check';
import { createTestDatabase } from './support/database';
import { servicesFor } from './support/services';

// The address form's server side, saving through the real addresses service and lookups.
let database: Database;
let services: Services;
let customerId: string;

beforeAll(async () => {
  await preloadLookups();
  database = await createTestDatabase();
  services = servicesFor(database);
  customerId = (await services.customers.upsertFromSignIn({ subject: 'form-fan', email: 'f@example.org', firstName: 'Ada', lastName: 'Rossi' })).id;
}, 60_000);

afterAll(async () => {
  await database?.close();
});

/** The new-address page's submit: the form's checks, then the `save` use case. */
const submitAddress = (formData: FormData, language: Language) =>
  submitAddressForm(formData, { language, today: '2026-11-22' }, (draft) => services.addresses.save(customerId, draft));

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

/** A submit as the browser sends it: the fields plus what the form showed before (`previous.*`). */
function form(fields: Record<string, string>, previous: Record<string, string> = {}, intent?: string): FormData {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  for (const [name, value] of Object.entries(previous)) formData.set(`previous.${name}`, value);
  if (intent) formData.set('intent', intent);
  return formData;
}

describe('address form submits', () => {
  it('resolves a valid Italian address: names, region and Belfiore code from the lookups, phone normalised', async () => {
    const submit = await submitAddress(form(turin, turin), 'it');
    expect(submit).toMatchObject({
      kind: 'saved',
      saved: {
        customerId,
        firstName: 'Ada',
        lastName: 'Rossi',
        phone: '00393331234567',
        street: 'Via Roma',
        number: '12',
        extraInfo: null,
        countryCode: 'IT',
        provinceCode: 'TO',
        state: 'Torino',
        region: 'Piemonte',
        city: 'Torino',
        cityCode: 'L219',
        postalCode: '10121',
      },
    });
  });

  it('refuses a city that is not in the chosen province with a field message and a 400', async () => {
    const roma = { ...turin, cityCode: 'H501' };
    const submit = await submitAddress(form(roma, roma), 'en');
    expect(submit.kind).toBe('answer');
    if (submit.kind !== 'answer') return;
    expect(submit.status).toBe(400);
    expect(submit.form.result?.error).toEqual({ cityCode: [M.selectFromList] });
    expect(submit.form.values).toMatchObject({ firstName: 'Ada', street: 'Via Roma', cityCode: 'H501' });
  });

  it('an Italian zip waits for the municipality whatever is sent: one without it is refused (400) at the municipality, not kept, nothing saved', async () => {
    const before = (await services.addresses.list(customerId)).length;
    // What the page cannot send (its zip is disabled until a municipality is chosen), sent by hand.
    const noCity = { ...turin, cityCode: '' };
    for (const shown of [noCity, {}]) {
      const submit = await submitAddress(form(noCity, shown), 'it');
      expect(submit.kind === 'answer' && submit.status).toBe(400);
      if (submit.kind !== 'answer') return;
      expect(submit.form.result?.error).toEqual({ cityCode: [M.selectFromList] });
      expect(submit.form.values).toMatchObject({ provinceCode: 'TO', cityCode: '', postalCode: '', street: 'Via Roma' });
      expect(submit.form.options.cities).toContainEqual({ value: 'L219', label: 'Torino' });
    }
    expect(await services.addresses.list(customerId)).toHaveLength(before);
  });

  it('a refresh after a province change narrows the cities, clears the stale city and validates nothing else', async () => {
    const submit = await submitAddress(form({ ...turin, provinceCode: 'RM', street: '' }, turin, 'refresh'), 'it');
    expect(submit.kind).toBe('answer');
    if (submit.kind !== 'answer') return;
    expect(submit.status).toBe(200);
    expect(submit.form.result).toBeNull(); // not a refused save: no error summary
    // Back at the province; the emptied city asks for a choice (the zip waits for the city).
    expect(submit.form.refresh).toEqual({
      changed: 'provinceCode',
      cleared: ['cityCode', 'postalCode'],
      result: { error: { cityCode: [M.selectFromList] } } });
    expect(submit.form.values).toMatchObject({ provinceCode: 'RM', cityCode: '', postalCode: '', firstName: 'Ada' });
    expect(submit.form.options.cities).toContainEqual({ value: 'H501', label: 'Roma' });
    expect(submit.form.options.cities).not.toContainEqual({ value: 'L219', label: 'Torino' });
  });

  it('a save right after a country change clears the old location and asks for the new one, keeping the rest', async () => {
    const submit = await submitAddress(form({ ...turin, countryCode: 'FR' }, turin), 'en');
    expect(submit.kind).toBe('answer');
    if (submit.kind !== 'answer') return;
    expect(submit.status).toBe(400);
    expect(submit.form.result?.error).toEqual({ city: [M.required], postalCode: [M.required] });
    expect(submit.form.values).toMatchObject({ countryCode: 'FR', provinceCode: '', cityCode: '', phone: '+39 333 123 4567' });
    expect(submit.form.options.provinces).toEqual([]);
    expect(submit.form.options.countries).toContainEqual({ value: 'FR', label: 'France' });
    expect(submit.form.refresh).toBeNull();
  });

  it('a refresh after a new foreign country keeps a city typed in the same step and asks for the emptied zip', async () => {
    const paris = { ...turin, countryCode: 'FR', provinceCode: '', cityCode: '', city: 'Paris', state: '', postalCode: '75001' };
    const submit = await submitAddress(form({ ...paris, countryCode: 'DE', city: 'Berlin' }, paris, 'refresh'), 'en');
    expect(submit.kind === 'answer' && submit.form.values).toMatchObject({ countryCode: 'DE', city: 'Berlin', postalCode: '' });
    expect(submit.kind === 'answer' && submit.form.refresh).toEqual({
      changed: 'countryCode',
      cleared: ['postalCode'],
      result: { error: { postalCode: [M.required] } },
    });
  });

  it('stores a foreign address as typed, and flags a restricted country on the form', async () => {
    const moscow = { ...turin, countryCode: 'RU', provinceCode: '', cityCode: '', city: 'Moskva', state: '', postalCode: '101000' };
    const submit = await submitAddress(form(moscow), 'en');
    expect(submit).toMatchObject({
      kind: 'saved',
      saved: { countryCode: 'RU', city: 'Moskva', provinceCode: null, state: null, region: null, cityCode: null },
    });
    const refreshed = await submitAddress(form(moscow, {}, 'refresh'), 'en');
    expect(refreshed.kind === 'answer' && refreshed.form.restrictedCountry).toBe(true);
  });

  it('refuses an unknown country code', async () => {
    const nowhere = { ...turin, countryCode: 'QQ', city: 'Nowhere', provinceCode: '', cityCode: '' };
    const submit = await submitAddress(form(nowhere), 'en');
    expect(submit.kind === 'answer' && submit.form.result?.error).toEqual({ countryCode: [M.selectFromList] });
  });
});

describe('the cap on addresses per fan', () => {
  const stored = {
    firstName: 'Ada',
    lastName: 'Rossi',
    phone: '00393331234567',
    street: 'Via Roma',
    number: '12',
    extraInfo: null,
    countryCode: 'IT',
    provinceCode: 'TO',
    state: 'Torino',
    region: 'Piemonte',
    city: 'Torino',
    cityCode: 'L219',
    postalCode: '10121',
  };

  async function fanWith(addresses: number, subject: string): Promise<string> {
    const fan = await services.customers.upsertFromSignIn({ subject, email: `${subject}@example.org`, firstName: 'Ada', lastName: 'Rossi' });
    for (let index = 0; index < addresses; index += 1) await services.addresses.create(fan.id, stored);
    return fan.id;
  }

  it(`refuses a new address beyond ${MAX_ADDRESSES_PER_FAN} with a form message and a 400; changing one still works`, async () => {
    const fanId = await fanWith(MAX_ADDRESSES_PER_FAN, 'full-book');
    const submit = await submitAddressForm(form(turin, turin), { language: 'it', today: '2026-11-22' }, (draft) =>
      services.addresses.save(fanId, draft),
    );
    expect(submit.kind === 'answer' && submit.status).toBe(400);
    expect(submit.kind === 'answer' && submit.form.result?.error).toEqual({ '': [ADDRESS_BOOK_FULL] });
    expect(submit.kind === 'answer' && submit.form.values).toMatchObject({ street: 'Via Roma' });
    const [first] = await services.addresses.list(fanId);
    expect((await services.addresses.save(fanId, { ...draftOf(turin), street: 'Via Po' }, first?.id)).ok).toBe(true);
    expect(await services.addresses.list(fanId)).toHaveLength(MAX_ADDRESSES_PER_FAN);
  });

  it('counts parallel submits one after the other: never more than the cap', async () => {
    const fanId = await fanWith(MAX_ADDRESSES_PER_FAN - 2, 'racing-book');
    const results = await Promise.all(Array.from({ length: 6 }, () => services.addresses.save(fanId, draftOf(turin))));
    expect(results.filter((result) => result.ok)).toHaveLength(2);
    expect(results.filter((result) => !result.ok && result.reason === 'full')).toHaveLength(4);
    expect(await services.addresses.list(fanId)).toHaveLength(MAX_ADDRESSES_PER_FAN);
  });
});

/** The address draft (every field a string) of form values. */
function draftOf(fields: Record<string, string>): AddressDraft {
  const empty = { number: '', extraInfo: '', state: '', city: '', provinceCode: '', cityCode: '', postalCode: '' };
  return { ...empty, ...fields } as AddressDraft;
}
