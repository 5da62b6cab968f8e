import * as z from 'zod/mini';
import { applyHolderClearingRules } from '../domain/address-rules';
import { checkProfileDraft, type ProfileCheckContext, type ProfileDraft, type ProfileField } from '../domain/profile-check';
import { checkBirthDate } from '../domain/birth-date';
import { isChoosableBirthCountry } from '../domain/birth-place';
import { isAcceptablePhone, MAX_PHONE_LENGTH, normalisePhoneForStorage } from '../domain/phone';
import { isPhoneRequired } from '../domain/profile-completeness';
import { normaliseTaxCode } from '../domain/tax-code';
import { FIELD_MESSAGES as M } from './messages';
import type { DependentFields } from './refresh';
import { MAX_TEXT_LENGTH } from './text';

/**
 * Profile completion (the spec's "add-user-info"): fields `dob`, `gender`, `phone`,
 * `birthCountryCode`, `birthProvinceCode`, `birthCityCode`, `taxCode`; the birth-place lists
 * depend on the date, country and province (PROFILE_DEPENDENT_FIELDS).
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
 * The dependent lists (forms/refresh.ts): the page sends back what it showed of the date of
 * birth, country and province (`previous.dob`…). The municipality and tax code are not
 * remembered on purpose: a city or code typed along with a new country or province no longer
 * fits it, so they are cleared whenever what they depend on changed (applyHolderClearingRules).
 */
export const PROFILE_DEPENDENT_FIELDS: DependentFields<ProfileFormField> = {
  fields: PROFILE_FIELDS,
  remembered: ['dob', 'birthCountryCode', 'birthProvinceCode'],
  clear: applyHolderClearingRules,
};

export const PROFILE_MESSAGES = {
  dobFuture: 'account:errors.dobFuture',
  dobTooOld: 'account:errors.dobTooOld',
  taxCode: (reason: string) => `account:errors.taxCode.${reason}`,
} as const;

/** Generous: spaces typed between groups are removed before the 16 characters are checked. */
const MAX_TAX_CODE_INPUT_LENGTH = 32;

/** The schema's inputs for one fan and request: the domain check's context. */
export type ProfileFormContext = ProfileCheckContext;

/** Fields whose rules depend on other fields: the domain check decides them. */
const CROSS_FIELD_CHECKED = ['birthProvinceCode', 'birthCityCode', 'taxCode'] as const satisfies readonly ProfileField[];

/** A domain problem code of the profile (domain/profile-check) as the form's message key. */
export function profileProblemMessage(field: ProfileField, problem: string): string {
  if (problem === 'required') return M.required;
  if (field === 'taxCode') return PROFILE_MESSAGES.taxCode(problem);
  if (field === 'dob' && problem === 'future') return PROFILE_MESSAGES.dobFuture;
  if (field === 'dob' && problem === 'tooOld') return PROFILE_MESSAGES.dobTooOld;
  if (field === 'dob') return M.invalidDate;
  if (field === 'phone') return M.invalidPhone;
  if (field === 'birthProvinceCode' || field === 'birthCityCode' || field === 'birthCountryCode' || field === 'gender') {
    return M.selectFromList;
  }
  return M.dataNotValid;
}

const optionalCode = (maxLength: number) =>
  z.optional(z.string().check(z.trim(), z.toUpperCase(), z.maxLength(maxLength, { error: M.selectFromList })));

function missingOrInvalid(invalid: string) {
  return (issue: { input?: unknown }) => (issue.input === undefined ? M.required : invalid);
}

/** The completion form's schema for one fan and one request; the action and the browser build the same. */
export function profileCompletionSchema(context: ProfileFormContext) {
  const phone = z.pipe(
    z.string().check(
      z.trim(),
      z.maxLength(MAX_PHONE_LENGTH, { error: M.tooLong }),
      z.refine(isAcceptablePhone, { error: M.invalidPhone }),
    ),
    z.transform(normalisePhoneForStorage),
  );
  return z
    .object({
      dob: z.string({ error: M.required }).check(
        z.trim(),
        z.maxLength(MAX_TEXT_LENGTH, { error: M.tooLong }),
        z.superRefine((value, check) => {
          const result = checkBirthDate(value, context.today);
          if (result === 'invalid') check.addIssue({ code: 'custom', message: M.invalidDate });
          if (result === 'future') check.addIssue({ code: 'custom', message: PROFILE_MESSAGES.dobFuture });
          if (result === 'tooOld') check.addIssue({ code: 'custom', message: PROFILE_MESSAGES.dobTooOld });
        }),
      ),
      gender: z.enum(['F', 'M'], { error: missingOrInvalid(M.selectFromList) }),
      phone: isPhoneRequired(context.requested) ? z.pipe(z.string({ error: M.required }), phone) : z.optional(phone),
      birthCountryCode: z
        .string({ error: M.required })
        .check(
          z.trim(),
          z.toUpperCase(),
          z.refine((code) => isChoosableBirthCountry(code, context.countryNationalCodes), { error: M.selectFromList }),
        ),
      birthProvinceCode: optionalCode(3),
      birthCityCode: optionalCode(4),
      taxCode: z.optional(
        z.pipe(
          z.string().check(z.maxLength(MAX_TAX_CODE_INPUT_LENGTH, { error: M.tooLong })),
          z.transform(normaliseTaxCode),
        ),
      ),
    })
    .check(
      z.superRefine(
        (values, check) => {
          // Runs even when single fields failed (`when` below), so every message shows at once;
          // hence the values are read defensively. The cross-field rules come from the domain
          // check the customers service runs too; the single fields' own rules are above.
          const text = (value: unknown) => (typeof value === 'string' ? value : '');
          const draft = Object.fromEntries(PROFILE_FIELDS.map((field) => [field, text(values[field])])) as ProfileDraft;
          const problems = checkProfileDraft(draft, context);
          for (const field of CROSS_FIELD_CHECKED) {
            const problem = problems[field];
            if (problem) check.addIssue({ code: 'custom', path: [field], message: profileProblemMessage(field, problem) });
          }
        },
        { when: () => true },
      ),
    );
}

export type ProfileCompletion = z.output<ReturnType<typeof profileCompletionSchema>>;
