import { describe, expect, it } from 'vitest';
import {
  countryCodeProblem,
  emailPecProblem,
  FORMAT_ONLY,
  invoicingProblems as invoicingProblemsOf,
  type IsCountry,
  invoicingToStore,
  NO_VAT_INVOICING,
  normalizeVatNumber,
  receiverCodeProblem,
  VAT_COUNTRY_SEARCH_MIN,
  VAT_NUMBER_DEBOUNCE_MS,
  VAT_RECEIVER_CODE_LENGTH,
  PUBLIC_OFFICE_CODE_LENGTH,
  vatNumberProblem,
  withVatCountry,
  withVatToggled,
  type VatInvoicing,
} from './vat-invoicing';

const italian: VatInvoicing = {
  invoiceWithVat: true,
  countryCode: 'IT',
  vatNumber: '01234567890',
  receiverCode: 'ABC1234',
  emailPec: 'fatture@pec.example.it',
};

const german: VatInvoicing = { invoiceWithVat: true, countryCode: 'DE', vatNumber: 'DE123456789', receiverCode: '', emailPec: '' };

/** A stand-in for the server's country list (lookups): a few real codes. */
const COUNTRIES: IsCountry = (code) => ['IT', 'DE', 'FR', 'XK'].includes(code);
const invoicingProblems = (v: VatInvoicing, totalCents: number) => invoicingProblemsOf(v, totalCents, COUNTRIES);

describe('constants', () => {
  it('are the spec values', () => {
    expect(VAT_RECEIVER_CODE_LENGTH).toBe(7);
    expect(PUBLIC_OFFICE_CODE_LENGTH).toBe(6);
    expect(VAT_COUNTRY_SEARCH_MIN).toBe(2);
    expect(VAT_NUMBER_DEBOUNCE_MS).toBe(500);
  });
});

describe('normalizeVatNumber', () => {
  it.each([
    ['012 345.678-90', 'IT', '01234567890'],
    ['IT01234567890', 'IT', '01234567890'],
    ['it 012 345 678 90', 'it', '01234567890'],
    ['IT0123456789', 'IT', 'IT0123456789'], // 10 digits: the prefix stays, the format check refuses it
    ['IT012345678901', 'IT', 'IT012345678901'], // 12 digits
    ['ITALIA', 'IT', 'ITALIA'],
    ['IT01234567890', 'FR', 'IT01234567890'], // the prefix is Italian only
    ['de 123.456-789', 'DE', 'DE123456789'],
    ['', 'IT', ''],
    ['  ', 'DE', ''],
  ])('%j in %s → %j', (typed, country, normalized) => {
    expect(normalizeVatNumber(typed, country)).toBe(normalized);
  });
});

describe('vatNumberProblem', () => {
  it.each([
    ['IT', '', 'required'],
    ['IT', ' .- ', 'required'],
    ['IT', '0123456789', 'italianFormat'], // 10 digits
    ['IT', '01234567890', null], // 11
    ['IT', '012345678901', 'italianFormat'], // 12
    ['IT', '0123456789A', 'italianFormat'], // a letter
    ['IT', 'IT01234567890', null],
    ['IT', 'it01234567890', null],
    ['IT', 'IT0123456789', 'italianFormat'],
    ['IT', '012 3456 7890', null],
    ['DE', '', 'required'],
    ['DE', 'A123', 'format'], // 4
    ['DE', 'A1234', null], // 5
    ['DE', 'a1234', null], // lower case is read upper-cased
    ['DE', 'A'.repeat(30), null], // 30
    ['DE', 'A'.repeat(31), 'format'], // 31
    ['DE', 'AB-12.34 5', null], // separators do not count
    ['DE', 'ABC_12', 'format'],
    ['DE', 'ÄBC123', 'format'],
    ['', 'A1234', null], // no country yet: the general rule (the country is reported on its own)
  ])('%j %j → %s', (country, number, problem) => {
    expect(vatNumberProblem(country, number)).toBe(problem);
  });
});

describe('receiverCodeProblem', () => {
  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['ABC12', 'format'], // 5
    ['UFY9MH', null], // 6: a public administration's office code (IPA codice univoco ufficio)
    ['ABC1234', null], // 7: a business's SDI code
    ['ABC12345', 'format'], // 8
    ['abc1234', null], // lower case accepted
    ['ufy9mh', null],
    [' UFY9MH ', null],
    ['UFY-9M', 'format'],
    [' ABC1234 ', null],
    ['0000000', null], // private persons' code
    ['ABC-123', 'format'],
    ['ABC 123', 'format'],
  ])('%j → %s', (code, problem) => {
    expect(receiverCodeProblem(code)).toBe(problem);
  });
});

describe('emailPecProblem', () => {
  it.each([
    ['', 'required'],
    ['  ', 'required'],
    ['fatture@pec.example.it', null],
    [' fatture@pec.example.it ', null],
    ['fatture@pec', 'format'],
    ['fatture.pec.example.it', 'format'],
    [`${'a'.repeat(64)}@${'b'.repeat(178)}.example.org`, 'format'], // 255 characters
  ])('%j → %s', (value, problem) => {
    expect(emailPecProblem(value)).toBe(problem);
  });
});

describe('countryCodeProblem', () => {
  it.each([
    ['', 'required'],
    ['IT', null],
    ['it', null],
    ['I', 'format'],
    ['ITA', 'format'],
    ['I1', 'format'],
    // Issue 30: a well-formed code that names no country.
    ['ZZ', 'unknown'],
    ['zz', 'unknown'],
    [' de ', null],
    ['fr', null],
    ['XK', null],
    ['FRA', 'format'],
    ['ZZZ', 'format'],
  ])('%j → %s', (code, problem) => {
    expect(countryCodeProblem(code, COUNTRIES)).toBe(problem);
  });

  it('in the browser (FORMAT_ONLY) judges the format alone; the server judges the country', () => {
    expect(countryCodeProblem('ZZ', FORMAT_ONLY)).toBeNull();
    expect(countryCodeProblem('ZZZ', FORMAT_ONLY)).toBe('format');
  });
});

describe('invoicingProblems', () => {
  it('asks nothing with the toggle off, whatever is typed', () => {
    expect(invoicingProblems(NO_VAT_INVOICING, 1000)).toEqual({});
    expect(invoicingProblems({ ...italian, invoiceWithVat: false, vatNumber: 'nonsense', receiverCode: 'x' }, 1000)).toEqual({});
  });

  it('asks nothing with a total of 0, and everything from 1 cent', () => {
    const empty = withVatToggled(NO_VAT_INVOICING, true);
    expect(invoicingProblems(empty, 0)).toEqual({});
    expect(invoicingProblems(empty, -1)).toEqual({});
    expect(invoicingProblems(empty, 1)).toEqual({ countryCode: 'required', vatNumber: 'required' });
  });

  it('accepts a complete Italian and a complete foreign invoicing', () => {
    expect(invoicingProblems(italian, 1)).toEqual({});
    expect(invoicingProblems(german, 1)).toEqual({});
  });

  it('needs the receiver code and the PEC for Italy only', () => {
    expect(invoicingProblems({ ...italian, receiverCode: '', emailPec: '' }, 1)).toEqual({ receiverCode: 'required', emailPec: 'required' });
    expect(invoicingProblems({ ...german, receiverCode: 'x', emailPec: 'not an e-mail' }, 1)).toEqual({});
  });

  it('reports every field at once', () => {
    expect(invoicingProblems({ ...italian, vatNumber: '123', receiverCode: 'ABC12345', emailPec: 'pec@' }, 1)).toEqual({
      vatNumber: 'italianFormat',
      receiverCode: 'format',
      emailPec: 'format',
    });
    expect(invoicingProblems({ ...german, countryCode: 'DEU', vatNumber: 'A1' }, 1)).toEqual({ countryCode: 'format', vatNumber: 'format' });
  });

  it('refuses a VAT country that is no country (ZZ), in any case', () => {
    expect(invoicingProblems({ ...german, countryCode: 'ZZ' }, 1)).toEqual({ countryCode: 'unknown' });
    expect(invoicingProblems({ ...german, countryCode: 'zz' }, 1)).toEqual({ countryCode: 'unknown' });
    expect(invoicingProblems({ ...german, countryCode: 'ZZ', invoiceWithVat: false }, 1)).toEqual({});
  });
});

describe('withVatToggled', () => {
  it('clears country, VAT number, receiver code and PEC when turned off', () => {
    expect(withVatToggled(italian, false)).toEqual(NO_VAT_INVOICING);
  });

  it('keeps everything when turned on', () => {
    expect(withVatToggled({ ...italian, invoiceWithVat: false }, true)).toEqual(italian);
    expect(withVatToggled(italian, true)).toEqual(italian);
  });

  it('starts empty when turned on again after off', () => {
    expect(withVatToggled(withVatToggled(italian, false), true)).toEqual({ ...NO_VAT_INVOICING, invoiceWithVat: true });
  });
});

describe('withVatCountry', () => {
  it('clears VAT number, receiver code and PEC for another country', () => {
    expect(withVatCountry(italian, 'DE')).toEqual({ ...NO_VAT_INVOICING, invoiceWithVat: true, countryCode: 'DE' });
    expect(withVatCountry(german, 'IT')).toEqual({ ...NO_VAT_INVOICING, invoiceWithVat: true, countryCode: 'IT' });
    expect(withVatCountry({ ...german, countryCode: '' }, 'DE')).toEqual({ ...german, vatNumber: '' });
  });

  it('keeps them for the same country', () => {
    expect(withVatCountry(italian, 'IT')).toEqual(italian);
    expect(withVatCountry(italian, 'it')).toEqual({ ...italian, countryCode: 'it' });
  });
});

describe('invoicingToStore', () => {
  it('keeps nothing with the toggle off or a total of 0', () => {
    expect(invoicingToStore(NO_VAT_INVOICING, 1000)).toBeNull();
    expect(invoicingToStore({ ...italian, invoiceWithVat: false }, 1000)).toBeNull();
    expect(invoicingToStore(italian, 0)).toBeNull();
    expect(invoicingToStore(italian, 1)).toEqual(italian);
  });

  it('keeps the normalised values', () => {
    expect(
      invoicingToStore({ invoiceWithVat: true, countryCode: ' it ', vatNumber: 'IT 012.345.678-90', receiverCode: ' abc1234 ', emailPec: ' fatture@pec.example.it ' }, 1),
    ).toEqual(italian);
    expect(invoicingToStore({ ...german, vatNumber: 'de 123 456 789' }, 1)).toEqual(german);
  });

  it('drops the Italian-only fields for another country', () => {
    expect(invoicingToStore({ ...german, receiverCode: 'ABC1234', emailPec: 'fatture@pec.example.it' }, 1)).toEqual(german);
  });
});
