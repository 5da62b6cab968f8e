/**
 * Everything a profile (birth data, phone, tax code) must satisfy before it is saved, as domain
 * reason codes per field. The completion form's schema shows them as messages; the customers
 * service checks them again, so any caller (a route, a job, a future API) gets the same rules.
 */
import { checkBirthDate } from './birth-date';
import { isChoosableBirthCountry, taxCodeBirthPlace } from './birth-place';
import { isAcceptablePhone } from './phone';
import { ITALY } from './countries';
import { isPhoneRequired, isTaxCodeRequired, type RequestableField } from './profile-completeness';
import type { FieldProblems } from './result';
import { checkTaxCodeAgainstHolder, checkTaxCodeFormat, normaliseTaxCode } from './tax-code';

/** The profile as typed ('' for empty). */
export type ProfileDraft = {
  dob: string;
  gender: string;
  phone: string;
  birthCountryCode: string;
  birthProvinceCode: string;
  birthCityCode: string;
  taxCode: string;
};

export type ProfileField = keyof ProfileDraft;

export type ProfileCheckContext = {
  /** The names the shop has for the fan: the tax code must match them. */
  holder: { firstName: string; lastName: string };
  requested: readonly RequestableField[];
  /** The shop's day (Rome), YYYY-MM-DD. */
  today: string;
  /** ISO country code → "Z" code, for the birthplace part of a foreign-born fan's tax code. */
  countryNationalCodes: Readonly<Record<string, string>>;
  /**
   * Whether a foreign-born person's code is checked against the country ("Z" code): the fan's
   * own profile, yes; a holder, no (spec §5: the tax code is checked for Italian-born holders).
   */
  placeCheckedAbroad?: boolean;
};

/**
 * Reason codes: `required`; dob `invalid` | `future` | `tooOld`; gender `invalid`; phone
 * `invalid`; birth country `notChoosable`; tax code the reason of its format or holder check
 * (`length`, `checksum`, `surname`, `birthPlace`…). Whether a chosen province or municipality
 * existed at the birth date needs the lookups: the service checks that after these.
 */
export function checkProfileDraft(draft: ProfileDraft, context: ProfileCheckContext): FieldProblems<ProfileField> {
  const problems: FieldProblems<ProfileField> = {};
  const dob = draft.dob.trim();
  const dobCheck = dob === '' ? 'required' : checkBirthDate(dob, context.today);
  if (dobCheck !== 'ok') problems.dob = dobCheck;

  const gender = draft.gender;
  if (gender === '') problems.gender = 'required';
  else if (gender !== 'F' && gender !== 'M') problems.gender = 'invalid';

  const phone = draft.phone.trim();
  if (phone === '' && isPhoneRequired(context.requested)) problems.phone = 'required';
  else if (phone !== '' && !isAcceptablePhone(phone)) problems.phone = 'invalid';

  const country = draft.birthCountryCode.trim().toUpperCase();
  if (country === '') problems.birthCountryCode = 'required';
  else if (!isChoosableBirthCountry(country, context.countryNationalCodes)) problems.birthCountryCode = 'notChoosable';
  if (country === ITALY && draft.birthProvinceCode.trim() === '') problems.birthProvinceCode = 'required';
  if (country === ITALY && draft.birthCityCode.trim() === '') problems.birthCityCode = 'required';

  const taxCode = normaliseTaxCode(draft.taxCode);
  if (taxCode === '') {
    if (isTaxCodeRequired(context.requested, country || ITALY)) problems.taxCode = 'required';
    return problems;
  }
  const format = checkTaxCodeFormat(taxCode);
  if (!format.ok) {
    problems.taxCode = format.reason;
    return problems;
  }
  // Against the holder only once the data it encodes is itself valid: otherwise that field's
  // own problem says what to fix.
  const placeChecked = country === ITALY || context.placeCheckedAbroad !== false;
  const birthPlaceCode = country
    ? taxCodeBirthPlace({ birthCountryCode: country, birthCityCode: draft.birthCityCode.trim().toUpperCase() }, context.countryNationalCodes)
    : null;
  if (dobCheck !== 'ok' || (gender !== 'F' && gender !== 'M') || !country || (placeChecked && !birthPlaceCode)) return problems;
  const holderCheck = checkTaxCodeAgainstHolder(taxCode, { ...context.holder, dob, gender, birthPlaceCode: placeChecked ? birthPlaceCode : null });
  if (!holderCheck.ok) problems.taxCode = holderCheck.reason;
  return problems;
}
