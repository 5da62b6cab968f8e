import { cardDigits, isUnexpired, testCardOf } from './test-cards';

/**
 * The hosted page's card form read into a card, or into the translation keys of what is wrong
 * with it (by the id of the field in error, for the error summary's links). Pure.
 */

export const CARD_FIELD_IDS = {
  number: 'card-number',
  expiryMonth: 'card-expiry-month',
  expiryYear: 'card-expiry-year',
  cvc: 'card-cvc',
  holderName: 'card-holder-name',
} as const;

export const MAX_HOLDER_NAME_LENGTH = 100;

type Form = Record<string, unknown>;

/** A form value as one trimmed string (a repeated field or none gives ''). */
export function formText(form: Form, name: string): string {
  const value = form[name];
  return typeof value === 'string' ? value.trim() : '';
}

export type CardForm = { digits: string; expiryMonth: number; expiryYear: number; cvc: string; holderName: string; storeCard: boolean };
/** What the page shows again after an error: never the security code. */
export type CardFormValues = { number: string; expiryMonth: string; expiryYear: string; holderName: string; storeCard: boolean };

/** A security code as the page asks it: three digits (any other code is the card's refusal, not a form error). */
export function isCvcShaped(cvc: string): boolean {
  return /^\d{3}$/.test(cvc);
}

export function readCardForm(form: Form, today: Date): { ok: true; card: CardForm } | { ok: false; errors: Record<string, string>; values: CardFormValues } {
  const values: CardFormValues = {
    number: formText(form, 'cardNumber').slice(0, 30),
    expiryMonth: formText(form, 'expiryMonth').slice(0, 2),
    expiryYear: formText(form, 'expiryYear').slice(0, 4),
    holderName: formText(form, 'holderName').slice(0, MAX_HOLDER_NAME_LENGTH + 1),
    storeCard: formText(form, 'storeCard') === 'on',
  };
  const cvc = formText(form, 'cvc');
  const errors: Record<string, string> = {};
  const digits = cardDigits(values.number);
  if (!digits) errors[CARD_FIELD_IDS.number] = 'errors.cardNumberRequired';
  else if (!testCardOf(digits)) errors[CARD_FIELD_IDS.number] = 'errors.cardNumberUnknown';
  const month = /^\d{1,2}$/.test(values.expiryMonth) ? Number(values.expiryMonth) : Number.NaN;
  const year = /^\d{4}$/.test(values.expiryYear) ? Number(values.expiryYear) : Number.NaN;
  if (!(month >= 1 && month <= 12)) errors[CARD_FIELD_IDS.expiryMonth] = 'errors.expiryMonth';
  if (Number.isNaN(year)) errors[CARD_FIELD_IDS.expiryYear] = 'errors.expiryYear';
  else if (month >= 1 && month <= 12 && !isUnexpired({ month, year }, today)) errors[CARD_FIELD_IDS.expiryMonth] = 'errors.expired';
  if (!isCvcShaped(cvc)) errors[CARD_FIELD_IDS.cvc] = 'errors.cvc';
  if (values.holderName.length > MAX_HOLDER_NAME_LENGTH) errors[CARD_FIELD_IDS.holderName] = 'errors.holderName';
  if (Object.keys(errors).length > 0) return { ok: false, errors, values };
  return { ok: true, card: { digits, expiryMonth: month, expiryYear: year, cvc, holderName: values.holderName, storeCard: values.storeCard } };
}
