import { beforeAll, describe, expect, it } from 'vitest';
import { preloadLookups } from '../../.server/services/lookups';
import { profileFormContext, readCompletionQuery, submittedProfileValues } from './profile-complete.server';
import type { Customer } from '../../.server/services/customers';

const query = (search: string) => readCompletionQuery(new URL(`http://shop.test/account/profile/complete${search}`));

describe('readCompletionQuery', () => {
  it('reads the requested fields and a same-origin target', () => {
    expect(query('?fields=taxcode&redirectUri=%2Fcart')).toEqual({ requested: ['taxcode'], redirectTo: '/cart' });
  });

  it('goes to the dashboard for missing, foreign or malformed targets, and ignores odd fields', () => {
    expect(query('')).toEqual({ requested: [], redirectTo: '/account' });
    expect(query('?redirectUri=https%3A%2F%2Fevil.example%2F&fields=%E0%A4%A')).toEqual({ requested: [], redirectTo: '/account' });
    expect(query('?redirectUri=%2F%2Fevil.example&fields=')).toEqual({ requested: [], redirectTo: '/account' });
  });
});

describe('submittedProfileValues', () => {
  it('keeps text fields as typed and turns files or absent fields into empty text', () => {
    const form = new FormData();
    form.set('taxCode', 'rssmra');
    form.set('dob', new Blob(['x']));
    expect(submittedProfileValues(form)).toMatchObject({ taxCode: 'rssmra', dob: '', gender: '' });
  });
});

describe('profileFormContext', () => {
  // Building the lookups from their data packages takes seconds on a busy machine; not the subject here.
  beforeAll(() => preloadLookups(), 60_000);

  it('checks against the stored names, for the shop day in Rome', async () => {
    const customer = { firstName: 'Mario', lastName: 'Rossi' } as Customer;
    // 23:30 UTC on 31 December is already 1 January in Rome.
    const context = await profileFormContext(customer, { requested: ['taxcode'], redirectTo: '/cart' }, {
      now: () => new Date('2025-12-31T23:30:00Z'),
    });
    expect(context).toMatchObject({ holder: { firstName: 'Mario', lastName: 'Rossi' }, requested: ['taxcode'], today: '2026-01-01' });
    expect(context.countryNationalCodes.FR).toBe('Z110');
    expect(context.countryNationalCodes.IT).toBeUndefined();
  });
});
