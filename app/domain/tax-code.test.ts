import { describe, expect, it } from 'vitest';
import {
  checkTaxCodeAgainstHolder,
  checkTaxCodeFormat,
  decodeOmocodia,
  expectedNameCode,
  expectedSurnameCode,
  normaliseTaxCode,
  type TaxCodeHolder,
} from './tax-code';

// Every code below was worked out outside this code base (check characters from the published
// odd/even tables with a separate script), so a wrong table or position here makes tests fail.
// The people are invented; the birthplace codes are used as opaque strings.
const marioRossi: TaxCodeHolder = {
  firstName: 'Mario',
  lastName: 'Rossi',
  dob: '1980-01-01',
  gender: 'M',
  birthPlaceCode: 'H501',
};
const MARIO_ROSSI = 'RSSMRA80A01H501U';

const giuliaBianchi: TaxCodeHolder = {
  firstName: 'Giulia',
  lastName: 'Bianchi',
  dob: '1992-07-15',
  gender: 'F',
  birthPlaceCode: 'F205',
};
const GIULIA_BIANCHI = 'BNCGLI92L55F205A';

describe('normaliseTaxCode', () => {
  it('uppercases and drops every space', () => {
    expect(normaliseTaxCode(' rssmra 80a01 h501u\t')).toBe(MARIO_ROSSI);
  });
});

describe('checkTaxCodeFormat', () => {
  it.each([
    MARIO_ROSSI,
    GIULIA_BIANCHI,
    'SPSGFR75T31F839G',
    'DLLNMR01B68L219F',
    'LIXNAX88R49Z210K',
    'SMTJHN70H20Z404B',
    'rssmra 80a01 h501u',
    // Last valid day for each gender.
    'RSSMRA80A31H501X',
    'RSSMRA80A71H501B',
  ])('accepts %s', (code) => {
    expect(checkTaxCodeFormat(code)).toEqual({ ok: true });
  });

  it.each([
    ['RSSMRA80A01H50MM', 'last digit replaced'],
    ['RSSMRA80A01H5LMX', 'last two digits replaced'],
    ['RSSMRAULALMHRLMD', 'all seven digits replaced'],
    ['BNCGLI92L55F20RV', 'woman, birthplace digit replaced'],
  ])('accepts the omocodic %s (%s)', (code) => {
    expect(checkTaxCodeFormat(code)).toEqual({ ok: true });
  });

  it.each([
    ['', 'length'],
    ['RSSMRA80A01H501', 'length'],
    ['RSSMRA80A01H501UX', 'length'],
    ['RSSMR180A01H501U', 'pattern'], // digit in the name part
    ['RSSMRA8AA01H501U', 'pattern'], // A is not an omocodic letter
    ['RSSMRA80A01H5011', 'pattern'], // digit as check character
    ['RSSMRA80A01150MU', 'pattern'], // digit where the birthplace letter goes
    ['RSSMRA80F01H501G', 'month'], // F is not a month letter
    ['RSSMRA80A00H501V', 'day'],
    ['RSSMRA80A32H501C', 'day'],
    ['RSSMRA80A40H501Z', 'day'],
    ['RSSMRA80A72H501G', 'day'],
    ['RSSMRA80A01H501X', 'checksum'],
    ['RSSMRA80A01H50MU', 'checksum'], // omocodic letter but the original check character
    ['RSSMRA80A01H502U', 'checksum'], // one digit mistyped
  ])('refuses %s: %s', (code, reason) => {
    expect(checkTaxCodeFormat(code)).toEqual({ ok: false, reason });
  });
});

describe('decodeOmocodia', () => {
  it('turns omocodic letters back into digits, leaving the check character', () => {
    expect(decodeOmocodia('RSSMRAULALMHRLMD')).toBe('RSSMRA80A01H501D');
    expect(decodeOmocodia('RSSMRA80A01H50MM')).toBe('RSSMRA80A01H501M');
  });

  it('touches only the digit positions', () => {
    expect(decodeOmocodia('LMNPQRSTUVLMNPQR')).toBe('LMNPQR67U90M234R');
  });

  it('leaves a code without omocodia alone', () => {
    expect(decodeOmocodia(MARIO_ROSSI)).toBe(MARIO_ROSSI);
  });
});

describe('expectedSurnameCode', () => {
  it.each([
    ['Rossi', 'RSS'],
    ['Russo', 'RSS'],
    ['Bianchi', 'BNC'],
    ['Esposito', 'SPS'],
    ["D'Angelo", 'DNG'],
    ['De Luca', 'DLC'],
    ["Dell'Orto", 'DLL'],
    ['Rossi-Bianchi', 'RSS'],
    ['Calò', 'CLA'],
    ['CALÒ', 'CLA'],
    ['Re', 'REX'],
    ['Fo', 'FOX'],
    ['Ai', 'AIX'],
    ['Ò', 'OXX'],
    ['Yilmaz', 'YLM'], // Y is a consonant
    ['', 'XXX'],
  ])('%s → %s', (surname, code) => {
    expect(expectedSurnameCode(surname)).toBe(code);
  });
});

describe('expectedNameCode', () => {
  it.each([
    ['Mario', 'MRA'],
    ['Marco', 'MRC'], // three consonants: all of them, in order
    ['Federico', 'FRC'], // four consonants F D R C: 1st, 3rd, 4th
    ['Gianfranco', 'GFR'],
    ['Niccolò', 'NCL'],
    ['Anna Maria', 'NMR'],
    ['Maria-Grazia', 'MGR'],
    ['Luca', 'LCU'],
    ['Ugo', 'GUO'],
    ['Noè', 'NOE'],
    ['Na', 'NAX'],
    ['Èa', 'EAX'],
  ])('%s → %s', (name, code) => {
    expect(expectedNameCode(name)).toBe(code);
  });
});

describe('checkTaxCodeAgainstHolder', () => {
  it('accepts the matching code of a man born in Rome', () => {
    expect(checkTaxCodeAgainstHolder(MARIO_ROSSI, marioRossi)).toEqual({ ok: true });
  });

  it('accepts a woman, whose day is increased by 40', () => {
    expect(checkTaxCodeAgainstHolder(GIULIA_BIANCHI, giuliaBianchi)).toEqual({ ok: true });
  });

  it.each([
    ['SPSGFR75T31F839G', { firstName: 'Gianfranco', lastName: 'Esposito', dob: '1975-12-31', gender: 'M', birthPlaceCode: 'F839' }],
    ['DLLNMR01B68L219F', { firstName: 'Anna Maria', lastName: "Dell'Orto", dob: '2001-02-28', gender: 'F', birthPlaceCode: 'L219' }],
    ['CLANOE65C04E506H', { firstName: 'Noè', lastName: 'Calò', dob: '1965-03-04', gender: 'M', birthPlaceCode: 'E506' }],
    ['LIXNAX88R49Z210K', { firstName: 'Na', lastName: 'Li', dob: '1988-10-09', gender: 'F', birthPlaceCode: 'Z210' }],
    ['SMTJHN70H20Z404B', { firstName: 'John', lastName: 'Smith', dob: '1970-06-20', gender: 'M', birthPlaceCode: 'z404' }],
  ] satisfies [string, TaxCodeHolder][])('accepts %s for its holder', (code, holder) => {
    expect(checkTaxCodeAgainstHolder(code, holder)).toEqual({ ok: true });
  });

  it.each(['RSSMRA80A01H50MM', 'RSSMRA80A01H5LMX', 'RSSMRAULALMHRLMD', 'rssmra80a01h501u'])(
    'accepts the variant %s of the same person',
    (code) => {
      expect(checkTaxCodeAgainstHolder(code, marioRossi)).toEqual({ ok: true });
    },
  );

  it('accepts omocodic variants for a woman', () => {
    expect(checkTaxCodeAgainstHolder('BNCGLI92L55F20RV', giuliaBianchi)).toEqual({ ok: true });
    expect(checkTaxCodeAgainstHolder('BNCGLI9NL55F205L', giuliaBianchi)).toEqual({ ok: true });
  });

  it('reports a format problem before comparing with the holder', () => {
    expect(checkTaxCodeAgainstHolder('RSSMRA80A01H501X', { ...marioRossi, lastName: 'Verdi' })).toEqual({
      ok: false,
      reason: 'checksum',
    });
    expect(checkTaxCodeAgainstHolder('RSSMRA80A01H501', marioRossi)).toEqual({ ok: false, reason: 'length' });
  });

  it.each([
    ['surname', { lastName: 'Bianchi' }],
    ['name', { firstName: 'Marco' }],
    ['birthDate', { dob: '1981-01-01' }], // year
    ['birthDate', { dob: '1980-02-01' }], // month
    ['birthDate', { dob: '1980-01-02' }], // day
    ['birthDate', { dob: '1980-1-1' }], // not YYYY-MM-DD
    ['birthDate', { dob: '1980-02-30' }], // no such day
    ['gender', { gender: 'F' }],
    ['birthPlace', { birthPlaceCode: 'F205' }],
    ['birthPlace', { birthPlaceCode: 'H5011' }],
  ] satisfies [string, Partial<TaxCodeHolder>][])('reports %s when the holder differs by %j', (reason, change) => {
    expect(checkTaxCodeAgainstHolder(MARIO_ROSSI, { ...marioRossi, ...change })).toEqual({ ok: false, reason });
  });

  it('compares only the last two digits of the year, as the code holds no century', () => {
    expect(checkTaxCodeAgainstHolder(MARIO_ROSSI, { ...marioRossi, dob: '1880-01-01' })).toEqual({ ok: true });
  });

  it("reports 'gender' for a man's code with the women's day", () => {
    expect(checkTaxCodeAgainstHolder('RSSMRA80A41H501Y', marioRossi)).toEqual({ ok: false, reason: 'gender' });
  });

  it("reports 'gender' for a woman's code with the men's day", () => {
    expect(checkTaxCodeAgainstHolder('BNCGLI92L15F205W', giuliaBianchi)).toEqual({ ok: false, reason: 'gender' });
  });

  it("reports 'birthDate' when the day is off whatever the gender", () => {
    expect(checkTaxCodeAgainstHolder('BNCGLI92L56F205C', giuliaBianchi)).toEqual({ ok: false, reason: 'birthDate' });
  });

  it('compares the omocodic birthplace after decoding', () => {
    expect(checkTaxCodeAgainstHolder('BNCGLI92L55F20RV', { ...giuliaBianchi, birthPlaceCode: 'F204' })).toEqual({
      ok: false,
      reason: 'birthPlace',
    });
  });
});
