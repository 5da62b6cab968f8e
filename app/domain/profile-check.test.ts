import { describe, expect, it } from 'vitest';
import { checkProfileDraft, type ProfileCheckContext, type ProfileDraft } from './profile-check';

const context: ProfileCheckContext = {
  holder: { firstName: 'Mario', lastName: 'Rossi' },
  requested: [],
  today: '2026-11-22',
  countryNationalCodes: { FR: 'Z110' },
};
const mario: ProfileDraft = {
  dob: '1980-01-01',
  gender: 'M',
  phone: '',
  birthCountryCode: 'IT',
  birthProvinceCode: 'RM',
  birthCityCode: 'H501',
  taxCode: 'RSSMRA80A01H501U',
};

describe('checkProfileDraft', () => {
  it('accepts a profile whose tax code matches names, birth date, gender and birth place', () => {
    expect(checkProfileDraft(mario, context)).toEqual({});
    expect(checkProfileDraft({ ...mario, taxCode: ' rssmra 80a01 h501u ' }, context)).toEqual({});
  });

  it('judges the birth date against the shop day: yesterday is fine, today is not', () => {
    const abroad = { ...mario, birthCountryCode: 'FR', birthProvinceCode: '', birthCityCode: '', taxCode: '' };
    expect(checkProfileDraft({ ...abroad, dob: '2026-11-21' }, context)).toEqual({});
    expect(checkProfileDraft({ ...abroad, dob: '2026-11-22' }, context)).toEqual({ dob: 'future' });
    expect(checkProfileDraft({ ...abroad, dob: '1899-12-31' }, context)).toEqual({ dob: 'tooOld' });
    expect(checkProfileDraft({ ...abroad, dob: '2001-02-29' }, context)).toEqual({ dob: 'invalid' });
  });

  it('needs the Italian birth places and the tax code of someone born in Italy', () => {
    expect(checkProfileDraft({ ...mario, birthProvinceCode: '', birthCityCode: '', taxCode: '' }, context)).toEqual({
      birthProvinceCode: 'required',
      birthCityCode: 'required',
      taxCode: 'required',
    });
  });

  it('needs the tax code and phone of someone born abroad only when the page asks for them', () => {
    const abroad = { ...mario, birthCountryCode: 'FR', birthProvinceCode: '', birthCityCode: '', taxCode: '' };
    expect(checkProfileDraft(abroad, context)).toEqual({});
    expect(checkProfileDraft(abroad, { ...context, requested: ['taxcode', 'phone'] })).toEqual({ taxCode: 'required', phone: 'required' });
  });

  it('names what is wrong with a tax code: its format first, then the holder it does not match', () => {
    expect(checkProfileDraft({ ...mario, taxCode: 'RSSMRA80A01H501' }, context)).toEqual({ taxCode: 'length' });
    expect(checkProfileDraft({ ...mario, gender: 'F' }, context)).toMatchObject({ taxCode: 'gender' });
    expect(checkProfileDraft({ ...mario, birthCityCode: 'F205' }, context)).toMatchObject({ taxCode: 'birthPlace' });
    // An invalid birth date is its own problem: the tax code is not compared with it.
    expect(checkProfileDraft({ ...mario, dob: 'x' }, context)).toEqual({ dob: 'invalid' });
  });

  it('refuses a birth country without a Z code and a gender other than F or M', () => {
    expect(checkProfileDraft({ ...mario, birthCountryCode: 'HK', taxCode: '' }, context)).toMatchObject({ birthCountryCode: 'notChoosable' });
    expect(checkProfileDraft({ ...mario, gender: 'X' }, context)).toEqual({ gender: 'invalid' });
  });
});
