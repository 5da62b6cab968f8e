import { z } from 'zod';
import { applyHolderClearingRules } from '../domain/address-rules';
import { checkBirthDate } from '../domain/birth-date';
import { isChoosableBirthCountry, taxCodeBirthPlace } from '../domain/birth-place';
import { isAcceptablePhone, normalisePhoneForStorage } from '../domain/phone';
import { isPhoneRequired, isTaxCodeRequired, ITALY, type RequestableField } from '../domain/profile-completeness';
import { checkTaxCodeAgainstHolder, checkTaxCodeFormat, normaliseTaxCode } from '../domain/tax-code';
import { FIELD_MESSAGES as M } from './messages';

/**
 * Profile completion (the spec's "add-user-info"): fields `dob`, `gender`, `phone`,
 * `birthCountryCode`, `birthProvinceCode`, `birthCityCode`, `taxCode`; the `previous…` hidden
 * fields carry what the page showed, so an `intent=refresh` submit knows what the fan changed.
 */
export const PROFILE_FIELDS = [
  'dob',
  'gender',
  'phone',
  'birthCountryCode',
  'birthProvinceCode',
  'birthCityCode',
  'taxCode',
] as const;
export type ProfileFormField = (typeof PROFILE_FIELDS)[number];
/** The form's values as the page shows them ('' for empty). */
export type ProfileFormValues = Record<ProfileFormField, string>;

/**
 * Hidden fields holding the values the page was rendered with, for the fields the lists depend
 * on. The municipality and tax code have none on purpose: between two refreshes the fan may
 * have edited several fields, and a city or code typed before a new country or province no
 * longer fits it, so they are cleared whenever what they depend on changed.
 */
export const PREVIOUS_FIELDS = {
  dob: 'previousDob',
  birthCountryCode: 'previousBirthCountryCode',
  birthProvinceCode: 'previousBirthProvinceCode',
} as const;
export type PreviousField = keyof typeof PREVIOUS_FIELDS;

export const PROFILE_MESSAGES = {
  dobFuture: 'account:errors.dobFuture',
  dobTooOld: 'account:errors.dobTooOld',
  taxCode: (reason: string) => `account:errors.taxCode.${reason}`,
} as const;

const MAX_PHONE_LENGTH = 40;
/** Generous: spaces typed between groups are removed before the 16 characters are checked. */
const MAX_TAX_CODE_INPUT_LENGTH = 32;

export type ProfileFormContext = {
  /** The names the shop has for the fan: the tax code must match them. */
  holder: { firstName: string; lastName: string };
  requested: readonly RequestableField[];
  /** The shop's day (Rome), YYYY-MM-DD. */
  today: string;
  /** ISO country code → "Z" code, for the birthplace part of a foreign-born fan's tax code. */
  countryNationalCodes: Readonly<Record<string, string>>;
};

const optionalCode = (maxLength: number) =>
  z.string().trim().toUpperCase().max(maxLength, { error: M.selectFromList }).optional();

function missingOrInvalid(invalid: string) {
  return (issue: { input?: unknown }) => (issue.input === undefined ? M.required : invalid);
}

/** The completion form's schema for one fan and one request; the action and the browser build the same. */
export function profileCompletionSchema(context: ProfileFormContext) {
  const phone = z
    .string()
    .trim()
    .max(MAX_PHONE_LENGTH, { error: M.tooLong })
    .refine(isAcceptablePhone, { error: M.invalidPhone })
    .transform(normalisePhoneForStorage);
  return z
    .object({
      dob: z
        .string({ error: M.required })
        .trim()
        .superRefine((value, check) => {
          const result = checkBirthDate(value, context.today);
          if (result === 'invalid') check.addIssue({ code: 'custom', message: M.invalidDate });
          if (result === 'future') check.addIssue({ code: 'custom', message: PROFILE_MESSAGES.dobFuture });
          if (result === 'tooOld') check.addIssue({ code: 'custom', message: PROFILE_MESSAGES.dobTooOld });
        }),
      gender: z.enum(['F', 'M'], { error: missingOrInvalid(M.selectFromList) }),
      phone: isPhoneRequired(context.requested) ? z.string({ error: M.required }).pipe(phone) : phone.optional(),
      birthCountryCode: z
        .string({ error: M.required })
        .trim()
        .toUpperCase()
        .refine((code) => isChoosableBirthCountry(code, context.countryNationalCodes), { error: M.selectFromList }),
      birthProvinceCode: optionalCode(3),
      birthCityCode: optionalCode(4),
      taxCode: z
        .string()
        .max(MAX_TAX_CODE_INPUT_LENGTH, { error: M.tooLong })
        .transform(normaliseTaxCode)
        .optional(),
    })
    .superRefine(
      (values, check) => {
        // Runs even when single fields failed (`when` below), so every message shows at once;
        // hence the values are read defensively.
        const text = (value: unknown) => (typeof value === 'string' ? value : '');
        const country = text(values.birthCountryCode).trim().toUpperCase();
        const isItaly = country === ITALY;
        if (isItaly && text(values.birthProvinceCode) === '') {
          check.addIssue({ code: 'custom', path: ['birthProvinceCode'], message: M.required });
        }
        if (isItaly && text(values.birthCityCode) === '') {
          check.addIssue({ code: 'custom', path: ['birthCityCode'], message: M.required });
        }

        const taxCode = text(values.taxCode);
        if (taxCode === '') {
          if (isTaxCodeRequired(context.requested, country || ITALY)) {
            check.addIssue({ code: 'custom', path: ['taxCode'], message: M.required });
          }
          return;
        }
        const format = checkTaxCodeFormat(taxCode);
        if (!format.ok) {
          check.addIssue({ code: 'custom', path: ['taxCode'], message: PROFILE_MESSAGES.taxCode(format.reason) });
          return;
        }
        // Against the holder only once the data it encodes is itself valid: otherwise that
        // field's own message says what to fix.
        const dob = text(values.dob).trim();
        const gender = values.gender;
        const place = { birthCountryCode: country, birthCityCode: text(values.birthCityCode) };
        const birthPlaceCode = country ? taxCodeBirthPlace(place, context.countryNationalCodes) : null;
        if (checkBirthDate(dob, context.today) !== 'ok' || (gender !== 'F' && gender !== 'M') || !birthPlaceCode) return;
        const result = checkTaxCodeAgainstHolder(taxCode, { ...context.holder, dob, gender, birthPlaceCode });
        if (!result.ok) {
          check.addIssue({ code: 'custom', path: ['taxCode'], message: PROFILE_MESSAGES.taxCode(result.reason) });
        }
      },
      { when: () => true },
    );
}

export type ProfileCompletion = z.output<ReturnType<typeof profileCompletionSchema>>;

function textOf(formData: FormData, name: string): string {
  const value = formData.get(name);
  return typeof value === 'string' ? value : '';
}

/**
 * What an `intent=refresh` submit re-renders: what the fan typed, with the clearing rules
 * applied between the values the page showed (`previous…`) and the submitted ones — a new
 * birth date or country empties the province and city, a new country the tax code, a new
 * province the city. A province chosen together with a new date or country is kept.
 */
export function refreshedProfileValues(formData: FormData): ProfileFormValues {
  const next = Object.fromEntries(PROFILE_FIELDS.map((field) => [field, textOf(formData, field)])) as ProfileFormValues;
  const previous = Object.fromEntries(
    Object.entries(PREVIOUS_FIELDS).map(([field, hiddenName]) => [field, textOf(formData, hiddenName)]),
  ) as Record<PreviousField, string>;
  return applyHolderClearingRules({ ...next, ...previous }, next);
}
