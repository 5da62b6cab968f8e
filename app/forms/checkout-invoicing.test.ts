import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import { NO_VAT_INVOICING } from '../domain/vat-invoicing';
import { checkoutSchema } from './checkout';
import { invoicingFromForm, invoicingProblemMessage, MAX_INVOICING_INPUT_LENGTH } from './checkout-invoicing';
import { FIELD_MESSAGES as M } from './messages';

const italian = {
  invoiceWithVat: 'on',
  vatCountry: 'IT',
  vatNumber: 'IT 01234567890',
  receiverCode: 'abc1234',
  emailPec: 'fatture@pec.example.it',
};

/** The checkout form's schema, whose invoicing part these tests check: no terms, a billing address chosen. */
const invoicingSchema = (totalCents: number) => checkoutSchema({ totalCents, terms: [] });
const BILLED = { billingAddressId: '0b6a1e2c-3d4f-4a5b-8c6d-7e8f9a0b1c2d', paymentMethod: 'scheme' };

/** A plain HTML form posts every input, empty ones as ''; an unchecked checkbox not at all. */
function formEntries(input: Record<string, string | undefined>): Record<string, FormDataEntryValue> {
  const formData = new FormData();
  formData.set('billingAddressId', BILLED.billingAddressId);
  formData.set('paymentMethod', BILLED.paymentMethod);
  for (const [name, value] of Object.entries(input)) if (value !== undefined) formData.set(name, value);
  return Object.fromEntries(formData);
}

function errorsOf(input: Record<string, string | undefined>, totalCents = 1000): Record<string, string[]> {
  const result = invoicingSchema(totalCents).safeParse(formEntries(input));
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[issue.path.join('.')] ??= []).push(issue.message);
  return errors;
}

describe('the checkout schema, invoicing', () => {
  it('asks nothing with the toggle off and ignores the values posted', () => {
    const off = { ...italian, invoiceWithVat: undefined, vatNumber: 'nonsense', receiverCode: '' };
    expect(errorsOf(off)).toEqual({});
    expect(errorsOf({ invoiceWithVat: undefined, vatCountry: '', vatNumber: '', receiverCode: '', emailPec: '' })).toEqual({});
    const parsed = invoicingSchema(1000).safeParse(formEntries(off));
    expect(parsed.success && invoicingFromForm(parsed.data)).toEqual(NO_VAT_INVOICING);
  });

  it('accepts a complete Italian invoicing and reads it for the domain', () => {
    const parsed = invoicingSchema(1000).safeParse(formEntries({ ...italian, vatCountry: ' IT ' }));
    expect(parsed.success).toBe(true);
    expect(parsed.success && invoicingFromForm(parsed.data)).toEqual({
      invoiceWithVat: true,
      countryCode: 'IT',
      vatNumber: 'IT 01234567890',
      receiverCode: 'abc1234',
      emailPec: 'fatture@pec.example.it',
    });
  });

  it('takes a business’s SDI code (7) or a public administration’s office code (6), nothing shorter or longer', () => {
    expect(errorsOf({ ...italian, receiverCode: 'ABC1234' })).toEqual({});
    expect(errorsOf({ ...italian, receiverCode: 'ufy9mh' })).toEqual({});
    expect(errorsOf({ ...italian, receiverCode: 'ABC12' })).toEqual({ receiverCode: ['checkout:errors.receiverCode.format'] });
    expect(errorsOf({ ...italian, receiverCode: 'ABC12345' })).toEqual({ receiverCode: ['checkout:errors.receiverCode.format'] });
  });

  it('needs the receiver code in Italy', () => {
    expect(errorsOf({ ...italian, receiverCode: '' })).toEqual({ receiverCode: [M.required] });
    expect(errorsOf({ ...italian, receiverCode: undefined })).toEqual({ receiverCode: [M.required] });
  });

  it('words each field problem with its key, all at once', () => {
    expect(errorsOf({ ...italian, vatNumber: '0123456789', receiverCode: 'ABC12345', emailPec: 'pec@' })).toEqual({
      vatNumber: ['checkout:errors.vatNumber.italian'],
      receiverCode: ['checkout:errors.receiverCode.format'],
      emailPec: ['checkout:errors.emailPec.format'],
    });
    expect(errorsOf({ invoiceWithVat: 'on', vatCountry: 'DEU', vatNumber: 'A1' })).toEqual({
      vatCountry: ['checkout:errors.vatCountry.format'],
      vatNumber: ['checkout:errors.vatNumber.format'],
    });
    expect(errorsOf({ invoiceWithVat: 'on', vatCountry: '', vatNumber: '' })).toEqual({ vatCountry: [M.required], vatNumber: [M.required] });
  });

  it('accepts a foreign VAT number of 5 alphanumerics without receiver code or PEC', () => {
    expect(errorsOf({ invoiceWithVat: 'on', vatCountry: 'FR', vatNumber: 'AB123', receiverCode: '', emailPec: '' })).toEqual({});
    expect(errorsOf({ invoiceWithVat: 'on', vatCountry: 'FR', vatNumber: 'AB12' })).toEqual({ vatNumber: ['checkout:errors.vatNumber.format'] });
  });

  it('asks nothing with a total of 0 even with the toggle on, and everything from 1 cent', () => {
    const empty = { invoiceWithVat: 'on', vatCountry: '', vatNumber: '', receiverCode: '', emailPec: '' };
    expect(errorsOf(empty, 0)).toEqual({});
    expect(errorsOf(empty, 1)).toEqual({ vatCountry: [M.required], vatNumber: [M.required] });
  });

  it('stops at 64 characters before any rule runs', () => {
    expect(errorsOf({ ...italian, emailPec: `${'a'.repeat(MAX_INVOICING_INPUT_LENGTH - 12)}@pec.test.it` })).toEqual({});
    expect(errorsOf({ ...italian, vatNumber: '1'.repeat(MAX_INVOICING_INPUT_LENGTH + 1), receiverCode: '' })).toEqual({
      vatNumber: ['checkout:errors.tooLong'],
    });
    expect(errorsOf({ ...italian, vatNumber: ` ${'1'.repeat(MAX_INVOICING_INPUT_LENGTH)} ` })).toEqual({
      vatNumber: ['checkout:errors.vatNumber.italian'],
    });
  });

  it('refuses a file posted for a text field', () => {
    const input = { ...formEntries(italian), vatNumber: new File(['x'], 'x.txt') };
    expect(invoicingSchema(1000).safeParse(input).success).toBe(false);
  });

  it('works with conform, which posts empty inputs as missing', () => {
    const formData = new FormData();
    for (const [name, value] of Object.entries({ ...BILLED, ...italian, receiverCode: '' })) formData.set(name, value);
    const submission = parseWithZod(formData, { schema: invoicingSchema(1000) });
    expect(submission.status === 'error' && submission.error).toEqual({ receiverCode: [M.required] });
  });
});

describe('the checkout schema, VAT country (issue 30)', () => {
  const german = { invoiceWithVat: 'on', vatCountry: 'DE', vatNumber: 'DE123456789' };
  const onTheServer = checkoutSchema({ totalCents: 1000, terms: [], isCountry: (code) => ['DE', 'IT'].includes(code) });
  const serverErrors = (input: Record<string, string>) => {
    const result = onTheServer.safeParse(formEntries(input));
    return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
  };

  it('on the server refuses two letters that name no country, in any case; a real one passes', () => {
    expect(serverErrors({ ...german, vatCountry: 'ZZ' })).toEqual({ vatCountry: 'checkout:errors.vatCountry.format' });
    expect(serverErrors({ ...german, vatCountry: 'zz' })).toEqual({ vatCountry: 'checkout:errors.vatCountry.format' });
    expect(serverErrors({ ...german, vatCountry: 'DEU' })).toEqual({ vatCountry: 'checkout:errors.vatCountry.format' });
    expect(serverErrors({ ...german, vatCountry: 'de' })).toEqual({});
  });

  it('in the browser (no country list) checks the format only', () => {
    expect(errorsOf({ ...german, vatCountry: 'ZZ' })).toEqual({});
    expect(errorsOf({ ...german, vatCountry: 'ZZZ' })).toEqual({ vatCountry: ['checkout:errors.vatCountry.format'] });
  });
});

describe('invoicingProblemMessage', () => {
  it('maps every domain problem to a key', () => {
    expect(invoicingProblemMessage('countryCode', 'required')).toBe(M.required);
    expect(invoicingProblemMessage('emailPec', 'required')).toBe(M.required);
    expect(invoicingProblemMessage('countryCode', 'format')).toBe('checkout:errors.vatCountry.format');
    expect(invoicingProblemMessage('countryCode', 'unknown')).toBe('checkout:errors.vatCountry.format');
    expect(invoicingProblemMessage('vatNumber', 'italianFormat')).toBe('checkout:errors.vatNumber.italian');
    expect(invoicingProblemMessage('vatNumber', 'format')).toBe('checkout:errors.vatNumber.format');
    expect(invoicingProblemMessage('receiverCode', 'format')).toBe('checkout:errors.receiverCode.format');
    expect(invoicingProblemMessage('emailPec', 'format')).toBe('checkout:errors.emailPec.format');
    expect(invoicingProblemMessage('vatNumber', 'somethingElse')).toBe(M.dataNotValid);
  });
});
