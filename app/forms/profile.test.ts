import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import type { TaxCodeHolderFailure } from '../domain/tax-code';
import accountEn from '../locales/en/account.json';
import accountIt from '../locales/it/account.json';
import { FIELD_MESSAGES as M } from './messages';
import { PROFILE_DEPENDENT_FIELDS, PROFILE_MESSAGES, profileCompletionSchema, type ProfileFormContext } from './profile';
import { applyRefresh, readRefreshSubmit, refreshAnswer } from './refresh';

function form(entries: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.set(name, value);
  return data;
}

function errorsOf(submission: object): Record<string, string[] | null> {
  return (('error' in submission ? submission.error : undefined) as Record<string, string[] | null>) ?? {};
}

const context: ProfileFormContext = {
  holder: { firstName: 'Mario', lastName: 'Rossi' },
  requested: ['taxcode'],
  today: '2026-11-22',
  countryNationalCodes: { FR: 'Z110' },
};
const schema = profileCompletionSchema(context);
const bornInRome = {
  dob: '1980-01-01',
  gender: 'M',
  birthCountryCode: 'IT',
  birthProvinceCode: 'RM',
  birthCityCode: 'H501',
  taxCode: 'RSSMRA80A01H501U',
};

describe('profile completion form', () => {
  it('accepts a matching tax code, typed in lower case with spaces, and uppercases it', () => {
    const submission = parseWithZod(form({ ...bornInRome, taxCode: 'rssmra 80a01 h501u', phone: '+39 333 123 4567' }), { schema });
    expect(submission.status).toBe('success');
    expect(submission.status === 'success' && submission.value).toMatchObject({ taxCode: 'RSSMRA80A01H501U', phone: '00393331234567' });
  });

  it('accepts an omocodic code', () => {
    expect(parseWithZod(form({ ...bornInRome, taxCode: 'RSSMRA80A01H50MM' }), { schema }).status).toBe('success');
  });

  it.each([
    ['RSSMRA80A01F205X', 'birthPlace'],
    ['RSSMRA80A01H501X', 'checksum'],
    ['RSSMRA80A01H501', 'length'],
    ['RSSDAA80A41H501I', 'name'],
  ])('says which part of %s is wrong (%s)', (taxCode, reason) => {
    expect(errorsOf(parseWithZod(form({ ...bornInRome, taxCode }), { schema })).taxCode).toEqual([`account:errors.taxCode.${reason}`]);
  });

  it('checks the code against the gender and the date of birth given', () => {
    expect(errorsOf(parseWithZod(form({ ...bornInRome, gender: 'F' }), { schema })).taxCode).toEqual(['account:errors.taxCode.gender']);
    expect(errorsOf(parseWithZod(form({ ...bornInRome, dob: '1980-01-02' }), { schema })).taxCode).toEqual([
      'account:errors.taxCode.birthDate',
    ]);
  });

  it('lists every missing field at once, with the Italian birth place and the requested tax code', () => {
    expect(Object.keys(errorsOf(parseWithZod(form({ birthCountryCode: 'IT' }), { schema }))).sort()).toEqual([
      'birthCityCode',
      'birthProvinceCode',
      'dob',
      'gender',
      'taxCode',
    ]);
  });

  it('refuses today and a birth date before 1900 as the date of birth', () => {
    expect(errorsOf(parseWithZod(form({ ...bornInRome, dob: '2026-11-22' }), { schema })).dob).toEqual(['account:errors.dobFuture']);
    expect(errorsOf(parseWithZod(form({ ...bornInRome, dob: '1899-12-31' }), { schema })).dob).toEqual(['account:errors.dobTooOld']);
    expect(errorsOf(parseWithZod(form({ ...bornInRome, dob: '1980-02-30' }), { schema })).dob).toEqual(['forms:fields.invalidDate']);
  });

  it('for a foreign birth country asks no province or city and checks the Z code', () => {
    const abroad = { dob: '1980-01-01', gender: 'M', birthCountryCode: 'FR' };
    const noCode = profileCompletionSchema({ ...context, requested: [] });
    expect(parseWithZod(form(abroad), { schema: noCode }).status).toBe('success');
    expect(errorsOf(parseWithZod(form(abroad), { schema })).taxCode).toEqual(['forms:fields.required']);
    expect(errorsOf(parseWithZod(form({ ...abroad, taxCode: 'RSSMRA80A01H501U' }), { schema })).taxCode).toEqual([
      'account:errors.taxCode.birthPlace',
    ]);
  });

  it('refuses countries without a Z code and forged genders', () => {
    const errors = errorsOf(parseWithZod(form({ ...bornInRome, birthCountryCode: 'HK', gender: 'X' }), { schema }));
    expect(errors.birthCountryCode).toEqual(['forms:fields.selectFromList']);
    expect(errors.gender).toEqual(['forms:fields.selectFromList']);
  });

  it('wants the phone only when asked for, and then at least 4 digits and only phone characters', () => {
    const withPhone = profileCompletionSchema({ ...context, requested: ['phone'] });
    expect(errorsOf(parseWithZod(form(bornInRome), { schema: withPhone })).phone).toEqual(['forms:fields.required']);
    expect(errorsOf(parseWithZod(form({ ...bornInRome, phone: '12 3' }), { schema: withPhone })).phone).toEqual([
      'forms:fields.invalidPhone',
    ]);
    expect(errorsOf(parseWithZod(form({ ...bornInRome, phone: 'call 3331234567' }), { schema: withPhone })).phone).toEqual([
      'forms:fields.invalidPhone',
    ]);
    expect(parseWithZod(form({ ...bornInRome, phone: '1234' }), { schema: withPhone }).status).toBe('success');
  });
});

describe('tax code messages', () => {
  // A Record over the failure type: a new failure reason fails to compile until listed here.
  const reasons: Record<TaxCodeHolderFailure, true> = {
    length: true, pattern: true, month: true, day: true, checksum: true,
    surname: true, name: true, birthDate: true, gender: true, birthPlace: true,
  };

  it.each(Object.keys(reasons))('has a text for %s in both languages', (reason) => {
    const key = PROFILE_MESSAGES.taxCode(reason).replace('account:', '').split('.');
    for (const texts of [accountIt, accountEn]) {
      const text = key.reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], texts);
      expect(typeof text === 'string' && text.length > 0).toBe(true);
    }
  });
});

/** An `intent=refresh` submit of the profile form, read and cleared as the server does. */
function refreshed(entries: Record<string, string>) {
  return applyRefresh(readRefreshSubmit(form(entries), PROFILE_DEPENDENT_FIELDS), PROFILE_DEPENDENT_FIELDS);
}

describe('profile refresh (PROFILE_DEPENDENT_FIELDS)', () => {
  const shown = {
    'previous.dob': '1980-01-01',
    'previous.birthCountryCode': 'IT',
    'previous.birthProvinceCode': 'RM',
  };

  it('keeps everything when nothing the lists depend on changed', () => {
    expect(refreshed({ ...shown, ...bornInRome, intent: 'refresh' })).toEqual({
      values: { ...bornInRome, phone: '' },
      cleared: [],
      changed: null,
    });
  });

  it('empties the city when the province changes, keeping the new province', () => {
    const { values, cleared, changed } = refreshed({ ...shown, ...bornInRome, birthProvinceCode: 'MI' });
    expect(values).toMatchObject({ birthProvinceCode: 'MI', birthCityCode: '', taxCode: 'RSSMRA80A01H501U' });
    expect(cleared).toEqual(['birthCityCode']);
    expect(changed).toBe('birthProvinceCode');
  });

  it('empties province and city when the birth date changes', () => {
    const { values, changed } = refreshed({ ...shown, ...bornInRome, dob: '1981-01-01' });
    expect(values).toMatchObject({ dob: '1981-01-01', birthProvinceCode: '', birthCityCode: '', taxCode: 'RSSMRA80A01H501U' });
    expect(changed).toBe('dob');
  });

  it('empties province, city and tax code when the country changes, even a code typed since', () => {
    const { values, cleared } = refreshed({ ...shown, ...bornInRome, birthCountryCode: 'FR' });
    expect(values).toMatchObject({ birthCountryCode: 'FR', birthProvinceCode: '', birthCityCode: '', taxCode: '', gender: 'M' });
    expect(cleared).toEqual(['birthProvinceCode', 'birthCityCode', 'taxCode']);
    expect(refreshed({ ...shown, ...bornInRome, birthCountryCode: 'FR', taxCode: 'NEW' }).values.taxCode).toBe('');
  });

  it('keeps a province chosen together with a new birth date (one no-JS step), not the city', () => {
    const { values, changed } = refreshed({ ...shown, ...bornInRome, dob: '1981-01-01', birthProvinceCode: 'MI' });
    expect(values).toMatchObject({ dob: '1981-01-01', birthProvinceCode: 'MI', birthCityCode: '' });
    expect(changed).toBe('dob'); // the first change in page order
  });

  it('counts a field sent without its previous value (a hand-made request) as unchanged', () => {
    const { values, changed } = refreshed({ ...bornInRome, 'previous.birthCountryCode': 'IT' });
    expect(values).toMatchObject(bornInRome);
    expect(changed).toBeNull();
  });

  it('shows the cleared fields that are now required as such, not an optional one', () => {
    const toMilan = refreshAnswer(refreshed({ ...shown, ...bornInRome, birthProvinceCode: 'MI' }), schema);
    expect(toMilan).toEqual({ changed: 'birthProvinceCode', cleared: ['birthCityCode'], result: { error: { birthCityCode: [M.required] } } });

    // Abroad without `fields=taxcode` the tax code is optional: emptied, but not asked for.
    const optional = profileCompletionSchema({ ...context, requested: [] });
    const toFrance = refreshAnswer(refreshed({ ...shown, ...bornInRome, birthCountryCode: 'FR' }), optional);
    expect(toFrance).toEqual({
      changed: 'birthCountryCode',
      cleared: ['birthProvinceCode', 'birthCityCode', 'taxCode'],
      result: null,
    });
    // With it, the emptied code is asked for again.
    expect(refreshAnswer(refreshed({ ...shown, ...bornInRome, birthCountryCode: 'FR' }), schema).result).toEqual({
      error: { taxCode: [M.required] },
    });
  });
});
