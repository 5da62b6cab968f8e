import * as z from 'zod/mini';
import { isItaly } from '../domain/countries';
import { invoicingProblems, NO_VAT_INVOICING, type InvoicingField, type IsCountry, type VatInvoicing } from '../domain/vat-invoicing';
import { FIELD_MESSAGES as M } from './messages';

/**
 * The invoicing part of the checkout form (spec §5 "VAT invoicing"), shared by the browser and
 * the checkout action. Fields: `invoiceWithVat` (checkbox, 'on' or absent), `vatCountry`,
 * `vatNumber`, then for Italy `receiverCode` and `emailPec`. Which fields are required depends
 * on the toggle, the country and the grand total, so the rules run in one superRefine calling
 * domain/vat-invoicing (the checkout service runs the same rules on the values it keeps).
 */

/** Longer than any valid value (a VAT number has at most 30 characters, separators aside). */
export const MAX_INVOICING_INPUT_LENGTH = 64;

export const INVOICING_MESSAGES = {
  tooLong: 'checkout:errors.tooLong',
  vatCountryFormat: 'checkout:errors.vatCountry.format',
  vatNumberItalian: 'checkout:errors.vatNumber.italian',
  vatNumberFormat: 'checkout:errors.vatNumber.format',
  receiverCodeFormat: 'checkout:errors.receiverCode.format',
  emailPecFormat: 'checkout:errors.emailPec.format',
} as const;

/** The form's field for each domain field (the country is `vatCountry` beside the address's `countryCode`). */
const FORM_FIELD = {
  countryCode: 'vatCountry',
  vatNumber: 'vatNumber',
  receiverCode: 'receiverCode',
  emailPec: 'emailPec',
} as const satisfies Record<InvoicingField, string>;

export type InvoicingFormField = 'invoiceWithVat' | (typeof FORM_FIELD)[InvoicingField];

/** A domain problem code (domain/vat-invoicing) of an invoicing field as the form's message key. */
export function invoicingProblemMessage(field: InvoicingField, problem: string): string {
  if (problem === 'required') return M.required;
  if (problem === 'italianFormat') return INVOICING_MESSAGES.vatNumberItalian;
  // Two letters that name no country (ZZ) get the same words as a malformed code: choose from the list.
  if (problem === 'unknown' && field === 'countryCode') return INVOICING_MESSAGES.vatCountryFormat;
  if (problem === 'format') {
    if (field === 'countryCode') return INVOICING_MESSAGES.vatCountryFormat;
    if (field === 'vatNumber') return INVOICING_MESSAGES.vatNumberFormat;
    if (field === 'receiverCode') return INVOICING_MESSAGES.receiverCodeFormat;
    return INVOICING_MESSAGES.emailPecFormat;
  }
  return M.dataNotValid;
}

/**
 * An optional text input, trimmed and capped. The cap aborts, so a huge or tampered value never
 * reaches the rules (zod skips the object's superRefine after an aborting issue).
 */
const invoicingText = () =>
  z.optional(
    z.string().check(z.trim(), z.maxLength(MAX_INVOICING_INPUT_LENGTH, { error: INVOICING_MESSAGES.tooLong, abort: true })),
  );

/** The invoicing fields, for the checkout form's schema (forms/checkout.ts) to include. */
export const invoicingShape = {
  invoiceWithVat: invoicingText(),
  vatCountry: invoicingText(),
  vatNumber: invoicingText(),
  receiverCode: invoicingText(),
  emailPec: invoicingText(),
};

export type InvoicingFormValues = z.infer<z.ZodMiniObject<typeof invoicingShape>>;

/**
 * The values as the domain sees them. An unchecked toggle ignores whatever else was posted (a
 * browser without JavaScript still sends fields hidden by CSS), as toggling off clears them.
 */
export function invoicingFromForm(parsed: InvoicingFormValues): VatInvoicing {
  if (parsed.invoiceWithVat !== 'on') return NO_VAT_INVOICING;
  return {
    invoiceWithVat: true,
    countryCode: parsed.vatCountry ?? '',
    vatNumber: parsed.vatNumber ?? '',
    receiverCode: parsed.receiverCode ?? '',
    emailPec: parsed.emailPec ?? '',
  };
}

type IssueSink = { addIssue(issue: { code: 'custom'; path: string[]; message: string }): void };

/** Reports each invoicing problem at its form field (the domain rules, as messages). */
export function reportInvoicingProblems(parsed: InvoicingFormValues, totalCents: number, isCountry: IsCountry, sink: IssueSink): void {
  const problems = invoicingProblems(invoicingFromForm(parsed), totalCents, isCountry);
  for (const field of Object.keys(FORM_FIELD) as InvoicingField[]) {
    const problem = problems[field];
    if (problem) sink.addIssue({ code: 'custom', path: [FORM_FIELD[field]], message: invoicingProblemMessage(field, problem) });
  }
}

/**
 * The clearing rules applied to what a refused submit shows again (spec §4): with the toggle
 * off nothing typed in its fields comes back; another country than Italy drops the Italian
 * fields. Without JavaScript this is where the rules happen. Changes `payload` in place.
 */
export function clearStaleInvoicing(payload: Record<string, unknown>): void {
  const cleared: readonly string[] =
    payload.invoiceWithVat !== 'on'
      ? ['vatCountry', 'vatNumber', 'receiverCode', 'emailPec']
      : typeof payload.vatCountry === 'string' && isItaly(payload.vatCountry)
        ? []
        : ['receiverCode', 'emailPec'];
  for (const name of cleared) delete payload[name];
}
