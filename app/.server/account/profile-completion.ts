// What the profile-completion page needs from the outside world: the query it was opened with,
// the fan's saved values, the birth-place lists for what the form holds, and the pieces the
// shared form schema is built from. The route stays a thin loader/action/component.
import { romeDate } from '../../domain/seasonal-theme';
import { safeRedirectPath } from '../../domain/redirect-target';
import {
  ITALY,
  missingProfileParts,
  parseRequestedFields,
  type ProfilePart,
  type RequestableField,
} from '../../domain/profile-completeness';
import { PROFILE_FIELDS, type ProfileCompletion, type ProfileFormContext, type ProfileFormValues } from '../../forms/profile';
import {
  birthPlaceChoices,
  countryNationalCodes,
  type BirthPlaceChoices,
  type ResolvedBirthPlace,
} from '../services/birth-place-options';
import type { Customer, ProfileUpdate } from '../services/customers';
import type { LookupLanguage } from '../services/lookups';

/** Where the fan goes once the profile is saved, when the link names no (safe) target. */
export const DEFAULT_COMPLETION_TARGET = '/account';

export type CompletionQuery = { requested: RequestableField[]; redirectTo: string };

/** `?fields=taxcode&redirectUri=/cart`; unknown fields and foreign or malformed targets are ignored. */
export function readCompletionQuery(url: URL): CompletionQuery {
  return {
    requested: parseRequestedFields(url.searchParams.getAll('fields')),
    redirectTo: safeRedirectPath(url.searchParams.get('redirectUri'), DEFAULT_COMPLETION_TARGET),
  };
}

/** The saved profile as the form shows it; a fan with no birth country starts from Italy (spec default). */
export function profileFormValuesOf(customer: Customer): ProfileFormValues {
  return {
    dob: customer.dob ?? '',
    gender: customer.gender ?? '',
    phone: customer.phone ?? '',
    birthCountryCode: customer.birthCountryCode ?? ITALY,
    birthProvinceCode: customer.birthProvinceCode ?? '',
    birthCityCode: customer.birthCityCode ?? '',
    taxCode: customer.taxCode ?? '',
  };
}

/** What was submitted, as the form shows it again after a failed save. */
export function submittedProfileValues(formData: FormData): ProfileFormValues {
  const valueOf = (name: string) => {
    const value = formData.get(name);
    return typeof value === 'string' ? value : '';
  };
  return Object.fromEntries(PROFILE_FIELDS.map((field) => [field, valueOf(field)])) as ProfileFormValues;
}

export type ProfileFormView = { values: ProfileFormValues; choices: BirthPlaceChoices };

/** The values to show and the lists narrowed to them. */
export async function profileFormView(values: ProfileFormValues, language: LookupLanguage): Promise<ProfileFormView> {
  const country = values.birthCountryCode.trim().toUpperCase();
  const choices = await birthPlaceChoices(
    { dob: values.dob.trim(), birthCountryCode: country, birthProvinceCode: values.birthProvinceCode.trim().toUpperCase() },
    language,
  );
  return { values, choices };
}

/** The schema's inputs for this fan and request (sent to the browser, which builds the same schema). */
export async function profileFormContext(
  customer: Customer,
  query: CompletionQuery,
  now = new Date(),
): Promise<ProfileFormContext> {
  return {
    holder: { firstName: customer.firstName, lastName: customer.lastName },
    requested: query.requested,
    today: romeDate(now),
    countryNationalCodes: await countryNationalCodes(),
  };
}

export function missingPartsOf(customer: Customer, query: CompletionQuery): ProfilePart[] {
  return missingProfileParts(customer, query.requested);
}

/** The row to save: the validated form plus the names that go with the chosen codes. */
export function profileUpdateFrom(values: ProfileCompletion, place: ResolvedBirthPlace): ProfileUpdate {
  return {
    dob: values.dob,
    gender: values.gender,
    phone: values.phone ? values.phone : null,
    taxCode: values.taxCode ? values.taxCode : null,
    ...place,
  };
}
