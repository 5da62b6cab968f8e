/**
 * Invoicing with a VAT number at checkout (spec §5 "VAT invoicing"). Only offered when the grand
 * total is above zero. With the toggle on the fan gives the VAT country and number and, for Italy,
 * the receiver code and the certified e-mail (PEC) the electronic invoice is delivered to. The
 * receiver code's length says who is invoiced: 7 for a business (its SDI code), 6 for an office
 * of a public administration (its IPA code), as the e-invoicing system reads it.
 * Toggling off clears all four fields; another country clears the three that depend on it.
 */
import { isItaly, ITALY } from './countries';
import { isAcceptableEmail } from './email';

/** `countryCode` is the VAT country, which is also the invoice's language (spec "language"). */
export type VatInvoicing = { invoiceWithVat: boolean; countryCode: string; vatNumber: string; receiverCode: string; emailPec: string };

export const NO_VAT_INVOICING: VatInvoicing = { invoiceWithVat: false, countryCode: '', vatNumber: '', receiverCode: '', emailPec: '' };

/** A business's SDI receiver code (codice destinatario) has 7 characters: the spec's maximum. */
export const VAT_RECEIVER_CODE_LENGTH = 7;
/** A public administration's office code (codice univoco ufficio, from the IPA index) has 6. */
export const PUBLIC_OFFICE_CODE_LENGTH = 6;
/** The VAT country list is searched once this many characters are typed (the combobox's `minSearchLength`). */
export const VAT_COUNTRY_SEARCH_MIN = 2;
/** The VAT number is checked this long after the fan stops typing. */
export const VAT_NUMBER_DEBOUNCE_MS = 500;

export type InvoicingField = 'countryCode' | 'vatNumber' | 'receiverCode' | 'emailPec';
export type CountryCodeProblem = 'required' | 'format' | 'unknown';
/**
 * Whether an upper-case two-letter code names a real country. The list (ISO 3166-1 and Kosovo's
 * XK, `.server/services/lookups`) lives on the server: the browser bundle never carries it.
 */
export type IsCountry = (code: string) => boolean;
/** The browser's check, before the server's: the format only (the page's list offers real countries alone). */
export const FORMAT_ONLY: IsCountry = () => true;
export type VatNumberProblem = 'required' | 'italianFormat' | 'format';
export type ReceiverCodeProblem = 'required' | 'format';
export type EmailPecProblem = 'required' | 'format';

/** Partita IVA: 11 digits. Its check digit is not verified: the spec asks for the pattern only. */
const ITALIAN_VAT_NUMBER = /^\d{11}$/;
/** Other countries' numbers vary too much for one rule; this only keeps out nonsense. */
const FOREIGN_VAT_NUMBER = /^[A-Z0-9]{5,30}$/;
const RECEIVER_CODE = new RegExp(`^[A-Z0-9]{${PUBLIC_OFFICE_CODE_LENGTH},${VAT_RECEIVER_CODE_LENGTH}}$`);
const COUNTRY_CODE = /^[A-Z]{2}$/;

export function normalizeCountryCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * The number as stored: without the spaces, dots and hyphens people type for readability, in
 * capitals. For Italy a leading 'IT' (the EU VIES form, 'IT01234567890') is dropped, as the
 * Italian number is the 11 digits alone; only before exactly 11 digits, so nothing else is lost.
 */
export function normalizeVatNumber(typed: string, countryCode: string): string {
  const compact = typed.replace(/[\s.-]/g, '').toUpperCase();
  if (isItaly(countryCode) && /^IT\d{11}$/.test(compact)) return compact.slice(2);
  return compact;
}

/** Typed in lower case is accepted: SDI codes are upper case, so they are read upper-cased. */
export function normalizeReceiverCode(typed: string): string {
  return typed.trim().toUpperCase();
}

export function normalizeEmailPec(typed: string): string {
  return typed.trim();
}

/** A code in any case is read upper-cased; two letters that name no country (`ZZ`) are `unknown`. */
export function countryCodeProblem(code: string, isCountry: IsCountry): CountryCodeProblem | null {
  const normalized = normalizeCountryCode(code);
  if (normalized === '') return 'required';
  if (!COUNTRY_CODE.test(normalized)) return 'format';
  return isCountry(normalized) ? null : 'unknown';
}

export function vatNumberProblem(countryCode: string, vatNumber: string): VatNumberProblem | null {
  const normalized = normalizeVatNumber(vatNumber, countryCode);
  if (normalized === '') return 'required';
  if (isItaly(countryCode)) return ITALIAN_VAT_NUMBER.test(normalized) ? null : 'italianFormat';
  return FOREIGN_VAT_NUMBER.test(normalized) ? null : 'format';
}

export function receiverCodeProblem(code: string): ReceiverCodeProblem | null {
  const normalized = normalizeReceiverCode(code);
  if (normalized === '') return 'required';
  return RECEIVER_CODE.test(normalized) ? null : 'format';
}

export function emailPecProblem(value: string): EmailPecProblem | null {
  const normalized = normalizeEmailPec(value);
  if (normalized === '') return 'required';
  return isAcceptableEmail(normalized) ? null : 'format';
}

/** Whether the order is invoiced with a VAT number: asked for and something to pay. */
function invoicesWithVat(v: VatInvoicing, totalCents: number): boolean {
  return v.invoiceWithVat && totalCents > 0;
}

/**
 * What is wrong with the invoicing fields, per field (a problem code, not a message). Nothing is
 * required when the toggle is off or there is nothing to pay (the toggle is then not shown).
 * `isCountry` tells real countries from well-formed codes (the server's list; FORMAT_ONLY in the browser).
 */
export function invoicingProblems(v: VatInvoicing, totalCents: number, isCountry: IsCountry): Partial<Record<InvoicingField, string>> {
  if (!invoicesWithVat(v, totalCents)) return {};
  const problems: Partial<Record<InvoicingField, string>> = {};
  const country = countryCodeProblem(v.countryCode, isCountry);
  if (country) problems.countryCode = country;
  const vatNumber = vatNumberProblem(v.countryCode, v.vatNumber);
  if (vatNumber) problems.vatNumber = vatNumber;
  if (isItaly(v.countryCode)) {
    const receiverCode = receiverCodeProblem(v.receiverCode);
    if (receiverCode) problems.receiverCode = receiverCode;
    const emailPec = emailPecProblem(v.emailPec);
    if (emailPec) problems.emailPec = emailPec;
  }
  return problems;
}

/** Off forgets everything typed (spec), so a later "on" starts empty; on keeps what is there. */
export function withVatToggled(v: VatInvoicing, on: boolean): VatInvoicing {
  return on ? { ...v, invoiceWithVat: true } : NO_VAT_INVOICING;
}

/** Another country clears the fields whose rules depend on it; the same one (any case) keeps them. */
export function withVatCountry(v: VatInvoicing, countryCode: string): VatInvoicing {
  if (normalizeCountryCode(countryCode) === normalizeCountryCode(v.countryCode)) return { ...v, countryCode };
  return { ...v, countryCode, vatNumber: '', receiverCode: '', emailPec: '' };
}

/**
 * What the order keeps, normalised; null when it is not invoiced with a VAT number. Call it on
 * values `invoicingProblems` passed. The Italian-only fields are empty for another country, even
 * if a stale value was posted.
 */
export function invoicingToStore(v: VatInvoicing, totalCents: number): VatInvoicing | null {
  if (!invoicesWithVat(v, totalCents)) return null;
  const countryCode = normalizeCountryCode(v.countryCode);
  const italian = countryCode === ITALY;
  return {
    invoiceWithVat: true,
    countryCode,
    vatNumber: normalizeVatNumber(v.vatNumber, countryCode),
    receiverCode: italian ? normalizeReceiverCode(v.receiverCode) : '',
    emailPec: italian ? normalizeEmailPec(v.emailPec) : '',
  };
}
