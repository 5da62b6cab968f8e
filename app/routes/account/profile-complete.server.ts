// What the profile-completion page needs from the outside world: the query it was opened with,
// the fan's saved values, the birth-place lists for what the form holds, and the pieces the
// shared form schema is built from. The route stays a thin loader/action/component.
import type { Language } from '../../domain/catalogue-types';
import { romeDate } from '../../domain/shop-time';
import { safeRedirectPath } from '../../domain/redirect-target';
import { ITALY } from '../../domain/countries';
import {
  missingProfileParts,
  parseRequestedFields,
  type ProfilePart,
  type RequestableField,
} from '../../domain/profile-completeness';
import { PROFILE_FIELDS, type ProfileFormContext, type ProfileFormField, type ProfileFormValues } from '../../forms/profile';
import type { DependentFormView } from '../../forms/refresh';
import type { Clock } from '../../.server/clock';
import type { DescribeForm } from '../../.server/http/refresh';
import { countryNationalCodes } from '../../.server/services/birth-places';
import type { Customer } from '../../.server/services/customers';
import { birthPlaceChoices, type BirthPlaceChoices } from './birth-place-view.server';

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

export type ProfileFormView = DependentFormView<ProfileFormField, { choices: BirthPlaceChoices }>;

/** The birth-place lists narrowed to the date, country and province the form holds. */
/** The birth-place lists for what the form holds; `today` (the shop's day) when the birth date is not a day yet. */
export function describeProfileForm(language: Language, today: string): DescribeForm<ProfileFormField, { choices: BirthPlaceChoices }> {
  return async (values) => {
    const country = values.birthCountryCode.trim().toUpperCase();
    const choices = await birthPlaceChoices(
      { dob: values.dob.trim(), birthCountryCode: country, birthProvinceCode: values.birthProvinceCode.trim().toUpperCase() },
      language,
      today,
    );
    return { choices };
  };
}

/** The schema's inputs for this fan and request (sent to the browser, which builds the same schema). */
export async function profileFormContext(
  customer: Customer,
  query: CompletionQuery,
  clock: Clock,
): Promise<ProfileFormContext> {
  return {
    holder: { firstName: customer.firstName, lastName: customer.lastName },
    requested: query.requested,
    today: romeDate(clock.now()),
    countryNationalCodes: await countryNationalCodes(),
  };
}

export function missingPartsOf(customer: Customer, query: CompletionQuery): ProfilePart[] {
  return missingProfileParts(customer, query.requested);
}
