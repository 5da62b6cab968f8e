import { describe, expect, it } from 'vitest';
import type { HolderAges } from './buy-for';
import type { ProductKind } from './cart-rules';
import { checkHolderDraft, isHolderTaxCodeRequired, MAX_HOLDER_NAME_LENGTH, type HolderDraft } from './holder-check';
import { EMMA, LUCA, TODAY } from './testing/configure-fixtures';

const product = (kind: ProductKind, minHolderAge: number | null, maxHolderAge: number | null) => ({ kind, minHolderAge, maxHolderAge });
const junior = product('membership', 5, 10);
const adult = product('membership', 14, null); // J1897: no maximum, so an on-behalf holder is at most 16
const card = product('card', 0, null);

function check(draft: Partial<HolderDraft>, forProduct: HolderAges & { kind: ProductKind } = junior) {
  return checkHolderDraft({ ...LUCA, ...draft }, { product: forProduct, today: TODAY, countryNationalCodes: { FR: 'Z110' } });
}

const EMPTY: HolderDraft = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  dob: '',
  gender: '',
  birthCountryCode: '',
  birthProvinceCode: '',
  birthCityCode: '',
  taxCode: '',
};

describe('checkHolderDraft', () => {
  it('accepts a complete holder born in Italy or abroad, with or without a tax code for a membership', () => {
    expect(check({})).toEqual({});
    expect(check({ taxCode: '' })).toEqual({});
    expect(check(EMMA)).toEqual({});
    expect(check(LUCA, card)).toEqual({});
    expect(check({ email: 'luca@example.com', phone: '+39 333 123 4567' })).toEqual({});
  });

  it('asks everything at once, with the Italian birth place while no country is chosen', () => {
    const required = ['firstName', 'lastName', 'dob', 'gender', 'birthCountryCode', 'birthProvinceCode', 'birthCityCode'];
    expect(check(EMPTY)).toEqual(Object.fromEntries(required.map((field) => [field, 'required'])));
    expect(check(EMPTY, card)).toEqual(Object.fromEntries([...required, 'taxCode'].map((field) => [field, 'required'])));
  });

  it('asks province and city for Italy or no country, not abroad', () => {
    const noPlace = { birthProvinceCode: '', birthCityCode: '', taxCode: '' };
    expect(check({ ...noPlace, birthCountryCode: 'IT' })).toEqual({ birthProvinceCode: 'required', birthCityCode: 'required' });
    expect(check({ ...noPlace, birthCountryCode: ' it ' })).toEqual({ birthProvinceCode: 'required', birthCityCode: 'required' });
    expect(check({ ...noPlace, birthCountryCode: '' })).toEqual({
      birthCountryCode: 'required',
      birthProvinceCode: 'required',
      birthCityCode: 'required',
    });
    expect(check({ ...noPlace, birthCountryCode: 'FR' })).toEqual({});
  });

  it.each([
    // kind, birth country, tax code required
    ['membership', 'IT', false],
    ['membership', '', false],
    ['card', 'IT', true],
    ['card', '', true],
    ['card', 'FR', false],
    ['other', 'IT', false],
  ] as const)('a %s holder born in %j: tax code required %s', (kind, country, required) => {
    expect(isHolderTaxCodeRequired(kind, country)).toBe(required);
    const place = country === 'FR' ? EMMA : { ...LUCA, birthCountryCode: country };
    expect(check({ ...place, taxCode: '' }, product(kind, 0, null)).taxCode).toBe(required ? 'required' : undefined);
  });

  it('checks the card holder’s tax code against the holder', () => {
    expect(check({ lastName: 'Bianchi' }, card).taxCode).toBe('surname');
    expect(check({ firstName: 'Marco' }, card).taxCode).toBe('name');
    expect(check({ gender: 'F' }, card).taxCode).toBe('gender');
    expect(check({ dob: '2018-03-16' }, card).taxCode).toBe('birthDate');
    expect(check({ birthCityCode: 'F205' }, card).taxCode).toBe('birthPlace');
    expect(check({ taxCode: 'rssl cu18c15h501r' }, card)).toEqual({});
    expect(check({ taxCode: 'RSSLCU18C15H501' }, card).taxCode).toBe('length');
    expect(check({ taxCode: 'RSSLCU18C15H501X' }, card).taxCode).toBe('checksum');
  });

  it('checks the place only for a holder born in Italy: one born abroad is not held to the country’s code', () => {
    // Luca's code says Rome (H501); born in France, the place part is not compared, the rest still is.
    const abroad = { birthCountryCode: 'FR', birthProvinceCode: '', birthCityCode: '' };
    expect(check(abroad, card)).toEqual({});
    expect(check({ ...abroad, gender: 'F' }, card).taxCode).toBe('gender');
    expect(check({ ...abroad, taxCode: 'RSSLCU18C15H501X' }, card).taxCode).toBe('checksum');
  });

  it('accepts a card holder born abroad whose code carries a foreign country’s Z code, whichever it is', () => {
    // Emma, born in France: her code with France's Z110, and the same code with the USA's Z404.
    expect(check(EMMA, card)).toEqual({});
    expect(check({ ...EMMA, taxCode: 'RSSMME18C55Z404Q' }, card)).toEqual({});
    // The other parts still count for her.
    expect(check({ ...EMMA, taxCode: 'RSSMME18C55Z404Q', dob: '2018-03-16' }, card).taxCode).toBe('birthDate');
  });

  it('still checks the place of a card holder born in Italy: a Z code or another municipality is refused', () => {
    expect(check({ taxCode: 'RSSLCU18C15Z110Y' }, card).taxCode).toBe('birthPlace');
    expect(check({ taxCode: 'RSSLCU18C15F205U' }, card).taxCode).toBe('birthPlace');
    expect(check({ birthCountryCode: ' it ', taxCode: 'RSSLCU18C15F205U' }, card).taxCode).toBe('birthPlace');
    expect(check({}, card)).toEqual({});
  });

  it('reads no tax code for a holder other than the card’s (spec: tax code, card only)', () => {
    expect(check({ lastName: 'Bianchi' })).toEqual({});
    expect(check({ taxCode: 'RSSLCU18C15H501X' })).toEqual({});
  });

  it("leaves the code's name part alone while that name itself is wrong", () => {
    expect(check({ lastName: 'B1anchi' }, card)).toEqual({ lastName: 'invalid' });
    expect(check({ firstName: '' }, card)).toEqual({ firstName: 'required' });
    // The other name is fine, so a code that does not match it says so at once.
    expect(check({ firstName: 'Lu--ca', lastName: 'Bianchi' }, card)).toEqual({ firstName: 'invalid', taxCode: 'surname' });
  });

  it('trims names as the spec says and bounds them', () => {
    expect(check({ firstName: ' -Luca. ', lastName: "D'Angelo", taxCode: '' })).toEqual({});
    expect(check({ firstName: 'Lu--ca' }).firstName).toBe('invalid');
    expect(check({ firstName: '...' }).firstName).toBe('required');
    const longest = 'A'.repeat(MAX_HOLDER_NAME_LENGTH);
    expect(check({ firstName: longest, taxCode: '' }).firstName).toBeUndefined();
    expect(check({ firstName: `${longest}a`, taxCode: '' }).firstName).toBe('tooLong');
  });

  it('checks e-mail and phone only when given', () => {
    expect(check({ email: 'luca@' }).email).toBe('invalid');
    expect(check({ phone: '123' }).phone).toBe('invalid');
    expect(check({ phone: '1234' }).phone).toBeUndefined();
  });

  it.each([
    // product, holder's birth date, problem, the product's ages
    ['junior 5-10', '2015-05-10', 'outOfRange', junior], // turns 11 today
    ['junior 5-10', '2015-05-11', undefined, junior], // 10, turns 11 tomorrow: the first allowed day
    ['junior 5-10', '2021-05-10', undefined, junior], // turns 5 today: the last allowed day
    ['junior 5-10', '2021-05-11', 'outOfRange', junior], // 4, turns 5 tomorrow
    ['14+ (no max: 16)', '2009-05-10', 'outOfRange', adult], // turns 17 today
    ['14+ (no max: 16)', '2009-05-11', undefined, adult],
    ['14+ (no max: 16)', '2012-05-10', undefined, adult], // turns 14 today
    ['14+ (no max: 16)', '2012-05-11', 'outOfRange', adult],
    ['card 0+', '2009-05-11', undefined, card],
    ['card 0+', '2009-05-10', 'outOfRange', card],
    ['card 0+', '2026-05-09', undefined, card], // born yesterday
    ['card 0+', TODAY, 'future', card], // the birth date's own rule, not the range
    ['17+ without max (no holder fits)', '2009-05-10', 'outOfRange', product('membership', 17, null)],
    ['17+ without max (no holder fits)', '2010-05-10', 'outOfRange', product('membership', 17, null)],
    ['junior 5-10', '2018-02-30', 'invalid', junior],
    ['junior 5-10', '1899-12-31', 'tooOld', junior],
  ] as const)('%s: born %s → %s', (_name, dob, problem, forProduct) => {
    expect(check({ dob, taxCode: '' }, forProduct).dob).toBe(problem);
  });
});
