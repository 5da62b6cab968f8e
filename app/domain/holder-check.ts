/**
 * The holder a fan types in when buying on behalf of a minor (spec §5 "Buyer form", "Names",
 * "Contact", "Tax code"; §4 birth-date bounds), as domain reason codes per field. The configure
 * form's schema shows them as messages; the cart service checks them again.
 *
 * - Required: firstName, lastName, dob, gender, birthCountryCode; for an Italian birth country
 *   (or none) also province and municipality, and for the club card the tax code.
 * - e-mail and phone are optional and checked when given.
 * - The birth date must fall within the product's on-behalf bounds (`outOfRange`).
 * - A tax code, when given, must match the holder (format, then names, date, gender, place).
 *
 * Buying for oneself has no holder draft: the holder is the fan's own profile.
 */
import type { HolderAges } from './buy-for';
import { isOnBehalfBirthDateAllowed, onBehalfBirthDateBounds } from './holder-birth-dates';
import type { ProductKind } from './cart-rules';
import { ITALY } from './countries';
import { isAcceptableEmail } from './email';
import { isValidPersonName, trimPersonName } from './person-name';
import { checkProfileDraft } from './profile-check';
import type { FieldProblems } from './result';
import { MAX_HOLDER_NAME_LENGTH, type HolderDraft, type HolderField } from './holder-draft';
import { normalisePhoneForStorage } from './phone';
import { normaliseTaxCode } from './tax-code';

export { HOLDER_FIELDS, MAX_HOLDER_NAME_LENGTH, type HolderDraft, type HolderField } from './holder-draft';

export type HolderCheckContext = {
  product: HolderAges & { kind: ProductKind };
  /** The shop's day (Rome), YYYY-MM-DD. */
  today: string;
  /** ISO country code → "Z" code, for the birthplace part of a foreign-born holder's tax code. */
  countryNationalCodes: Readonly<Record<string, string>>;
};

/** Whether the holder's tax code must be given: the club card, for a holder born in Italy (or with no country yet). */
export function isHolderTaxCodeRequired(kind: ProductKind, birthCountryCode: string): boolean {
  const country = birthCountryCode.trim().toUpperCase();
  return kind === 'card' && (country === '' || country === ITALY);
}

function checkName(value: string): string | null {
  const name = trimPersonName(value);
  if (name === '') return 'required';
  if (name.length > MAX_HOLDER_NAME_LENGTH) return 'tooLong';
  return isValidPersonName(name) ? null : 'invalid';
}

/**
 * Reason codes: `required`; names `invalid` | `tooLong`; email `invalid`; dob `invalid` |
 * `future` | `tooOld` | `outOfRange`; the others as `checkProfileDraft` (whose rules for the
 * date, gender, phone, birth place and tax code are the same for every person the shop keeps).
 */
export function checkHolderDraft(draft: HolderDraft, context: HolderCheckContext): FieldProblems<HolderField> {
  const problems: FieldProblems<HolderField> = {};
  const firstName = checkName(draft.firstName);
  if (firstName) problems.firstName = firstName;
  const lastName = checkName(draft.lastName);
  if (lastName) problems.lastName = lastName;
  const email = draft.email.trim();
  if (email !== '' && !isAcceptableEmail(email)) problems.email = 'invalid';

  // The tax code is asked for the card only (spec §2 "tax code (card only)"): any other holder's is not read.
  const forCard = context.product.kind === 'card';
  const personal = checkProfileDraft(forCard ? draft : { ...draft, taxCode: '' }, {
    holder: { firstName: trimPersonName(draft.firstName), lastName: trimPersonName(draft.lastName) },
    requested: [],
    today: context.today,
    countryNationalCodes: context.countryNationalCodes,
    placeCheckedAbroad: false,
  });
  // "Italy or unset" (spec §5): with no country yet, the Italian birth place is asked too.
  if (draft.birthCountryCode.trim() === '') {
    if (draft.birthProvinceCode.trim() === '') personal.birthProvinceCode = 'required';
    if (draft.birthCityCode.trim() === '') personal.birthCityCode = 'required';
  }
  // The profile asks an Italian-born fan's tax code; a holder's only for the card.
  if (personal.taxCode === 'required' && !isHolderTaxCodeRequired(context.product.kind, draft.birthCountryCode)) {
    delete personal.taxCode;
  }
  if (personal.taxCode === undefined && isHolderTaxCodeRequired(context.product.kind, draft.birthCountryCode) && draft.taxCode.trim() === '') {
    personal.taxCode = 'required';
  }
  // A name part of the code only means something once that name is valid; the other's still does.
  if ((lastName && personal.taxCode === 'surname') || (firstName && personal.taxCode === 'name')) delete personal.taxCode;
  Object.assign(problems, personal);

  if (!personal.dob && !isOnBehalfBirthDateAllowed(draft.dob.trim(), onBehalfBirthDateBounds(context.product, context.today))) {
    problems.dob = 'outOfRange';
  }
  return problems;
}

/** The holder as stored: names trimmed as the spec says, codes uppercased, phone with 00. */
export function normaliseHolderDraft(draft: HolderDraft): HolderDraft {
  const phone = draft.phone.trim();
  return {
    firstName: trimPersonName(draft.firstName),
    lastName: trimPersonName(draft.lastName),
    email: draft.email.trim(),
    phone: phone === '' ? '' : normalisePhoneForStorage(phone),
    dob: draft.dob.trim(),
    gender: draft.gender.trim(),
    birthCountryCode: draft.birthCountryCode.trim().toUpperCase(),
    birthProvinceCode: draft.birthProvinceCode.trim().toUpperCase(),
    birthCityCode: draft.birthCityCode.trim().toUpperCase(),
    taxCode: normaliseTaxCode(draft.taxCode),
  };
}

/** The holder rule as the configure check takes it (`ConfigureRules`): the check and the stored form. */
export const HOLDER_RULE = { check: checkHolderDraft, normalise: normaliseHolderDraft } as const;
