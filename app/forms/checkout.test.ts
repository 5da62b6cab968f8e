import { describe, expect, it } from 'vitest';
import { acceptedTermsOf, CHECKOUT_MESSAGES, checkoutSchema, isCheckoutIntent, type CheckoutRules } from './checkout';
import { clearStaleInvoicing, INVOICING_MESSAGES } from './checkout-invoicing';

const PAYING: CheckoutRules = { totalCents: 3000, terms: ['membershipTerms', 'guardianDeclaration'] };
const FREE: CheckoutRules = { totalCents: 0, terms: ['membershipTerms'] };
const ADDRESS = '7d7c6a2e-5b7e-4a53-9d0e-2d9a7f1c0b11';

function errorsOf(rules: CheckoutRules, input: Record<string, string>): Record<string, string[]> {
  const result = checkoutSchema(rules).safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[issue.path.join('.')] ??= []).push(issue.message);
  return errors;
}

describe('checkoutSchema', () => {
  it('accepts a paying cart with a billing address and every term shown ticked', () => {
    expect(errorsOf(PAYING, { billingAddressId: ADDRESS, paymentMethod: 'scheme', membershipTerms: 'on', guardianDeclaration: 'on' })).toEqual({});
  });

  it('asks for a billing address only when there is something to pay', () => {
    expect(errorsOf(PAYING, { paymentMethod: 'paypal', membershipTerms: 'on', guardianDeclaration: 'on' })).toEqual({ billingAddressId: [CHECKOUT_MESSAGES.billingRequired] });
    expect(errorsOf(PAYING, { billingAddressId: '  ', paymentMethod: 'scheme', membershipTerms: 'on', guardianDeclaration: 'on' })).toEqual({
      billingAddressId: [CHECKOUT_MESSAGES.billingRequired],
    });
    expect(errorsOf(FREE, { membershipTerms: 'on' })).toEqual({});
  });

  it('asks for a billing address in a cart that costs nothing when the cart needs one (a country rule it answers)', () => {
    const freeBilled: CheckoutRules = { ...FREE, billingRequired: true };
    expect(errorsOf(freeBilled, { membershipTerms: 'on' })).toEqual({ billingAddressId: [CHECKOUT_MESSAGES.billingRequired] });
    expect(errorsOf(freeBilled, { billingAddressId: ADDRESS, membershipTerms: 'on' })).toEqual({});
  });

  it('asks how to pay only when there is something to pay, and knows only the card and PayPal', () => {
    const ticked = { billingAddressId: ADDRESS, membershipTerms: 'on', guardianDeclaration: 'on' };
    expect(errorsOf(PAYING, ticked)).toEqual({ paymentMethod: [CHECKOUT_MESSAGES.paymentMethodRequired] });
    expect(errorsOf(PAYING, { ...ticked, paymentMethod: 'ideal' })).toEqual({ paymentMethod: [CHECKOUT_MESSAGES.paymentMethodRequired] });
    expect(errorsOf(PAYING, { ...ticked, paymentMethod: 'paypal' })).toEqual({});
    expect(errorsOf(FREE, { membershipTerms: 'on' })).toEqual({});
  });

  it('names each term shown and left unticked, and ignores terms not shown', () => {
    expect(errorsOf(PAYING, { billingAddressId: ADDRESS, paymentMethod: 'scheme', membershipTerms: 'on' })).toEqual({ guardianDeclaration: [CHECKOUT_MESSAGES.termRequired] });
    expect(errorsOf(FREE, {})).toEqual({ membershipTerms: [CHECKOUT_MESSAGES.termRequired] });
    // A tampered value is not a tick.
    expect(errorsOf(FREE, { membershipTerms: 'no' })).toEqual({ membershipTerms: [CHECKOUT_MESSAGES.termRequired] });
    expect(errorsOf(FREE, { membershipTerms: 'on', cardDataDeclaration: 'on' })).toEqual({});
  });

  it('runs the invoicing rules only when there is something to pay', () => {
    const invoicing = { invoiceWithVat: 'on', vatCountry: 'IT', vatNumber: '123' };
    expect(errorsOf(PAYING, { billingAddressId: ADDRESS, paymentMethod: 'scheme', membershipTerms: 'on', guardianDeclaration: 'on', ...invoicing })).toEqual({
      vatNumber: [INVOICING_MESSAGES.vatNumberItalian],
      receiverCode: ['forms:fields.required'],
      emailPec: ['forms:fields.required'],
    });
    expect(errorsOf(FREE, { membershipTerms: 'on', ...invoicing })).toEqual({});
  });

  it('refuses a billing address id longer than any id, without checking further', () => {
    const errors = errorsOf(FREE, { billingAddressId: 'x'.repeat(37), membershipTerms: 'on' });
    expect(Object.keys(errors)).toEqual(['billingAddressId']);
  });
});

describe('the form helpers', () => {
  it('reads the ticked terms and nothing else', () => {
    expect([...acceptedTermsOf({ membershipTerms: 'on', academyTerms: '', guardianDeclaration: 'yes' })]).toEqual(['membershipTerms']);
  });

  it('knows its intents', () => {
    expect(['pay', 'voucher', 'removeVoucher', 'billing'].every(isCheckoutIntent)).toBe(true);
    expect(isCheckoutIntent('remove')).toBe(false);
    expect(isCheckoutIntent(null)).toBe(false);
  });
});

describe('clearStaleInvoicing', () => {
  const typed = { invoiceWithVat: 'on', vatCountry: 'IT', vatNumber: '12345678901', receiverCode: 'ABC1234', emailPec: 'a@pec.it', membershipTerms: 'on' };

  it('keeps everything for Italy with the toggle on', () => {
    const payload = { ...typed };
    clearStaleInvoicing(payload);
    expect(payload).toEqual(typed);
  });

  it('drops the Italian fields for another country, or none chosen', () => {
    const france: Record<string, unknown> = { ...typed, vatCountry: 'FR' };
    clearStaleInvoicing(france);
    expect(france).toEqual({ invoiceWithVat: 'on', vatCountry: 'FR', vatNumber: '12345678901', membershipTerms: 'on' });
    const none: Record<string, unknown> = { ...typed, vatCountry: '' };
    clearStaleInvoicing(none);
    expect(none).not.toHaveProperty('receiverCode');
  });

  it('drops every invoicing field with the toggle off, and only those', () => {
    const off: Record<string, unknown> = { ...typed, invoiceWithVat: undefined };
    clearStaleInvoicing(off);
    expect(off).toEqual({ invoiceWithVat: undefined, membershipTerms: 'on' });
  });
});
