/**
 * What a fan's profile lacks for what a page asks of it (the spec's "add-user-info" page with
 * `fields=taxcode`, and the "missing profile fields block purchase" rule).
 *
 * A profile always needs the date of birth, gender and birth place (the buyer form's required
 * fields, spec catalogue-cart §5); the tax code when it is asked for or the fan was born in Italy;
 * the phone only when asked for.
 */

import { isItaly } from './countries';

/** Parts of the profile the completion page may be asked for (`fields=` tokens, lower case). */
export const REQUESTABLE_FIELDS = ['taxcode', 'phone', 'dob', 'gender', 'birthplace'] as const;
export type RequestableField = (typeof REQUESTABLE_FIELDS)[number];

/** The profile's parts as the dashboard and the completion page list them, in page order. */
export const PROFILE_PARTS = ['dob', 'gender', 'phone', 'birthPlace', 'taxCode'] as const;
export type ProfilePart = (typeof PROFILE_PARTS)[number];

export type ProfileSnapshot = {
  dob: string | null;
  gender: string | null;
  phone: string | null;
  birthCountryCode: string | null;
  birthProvinceCode: string | null;
  birthCityCode: string | null;
  taxCode: string | null;
};

/** Longest `fields` value read; anything longer is a mistake or an attack, and asks for nothing. */
const MAX_FIELDS_QUERY_LENGTH = 200;

/**
 * The `fields` query values (repeated and/or comma-separated, any case) as known tokens, each
 * once, in the order of REQUESTABLE_FIELDS. Unknown tokens are ignored: a bad link still works.
 */
export function parseRequestedFields(values: readonly string[]): RequestableField[] {
  const tokens = new Set(
    values
      .filter((value) => value.length <= MAX_FIELDS_QUERY_LENGTH)
      .flatMap((value) => value.split(','))
      .map((token) => token.trim().toLowerCase()),
  );
  return REQUESTABLE_FIELDS.filter((field) => tokens.has(field));
}

function isItalian(birthCountryCode: string | null | undefined): boolean {
  return isItaly(birthCountryCode ?? '');
}

/** Spec: required "when fields includes taxcode or when born in Italy". */
export function isTaxCodeRequired(
  requested: readonly RequestableField[],
  birthCountryCode: string | null | undefined,
): boolean {
  return requested.includes('taxcode') || isItalian(birthCountryCode);
}

export function isPhoneRequired(requested: readonly RequestableField[]): boolean {
  return requested.includes('phone');
}

/** The parts that must be filled in for `requested`, given the birth country the fan has (or chose). */
export function requiredProfileParts(
  requested: readonly RequestableField[],
  birthCountryCode: string | null | undefined,
): ProfilePart[] {
  return PROFILE_PARTS.filter((part) => {
    if (part === 'phone') return isPhoneRequired(requested);
    if (part === 'taxCode') return isTaxCodeRequired(requested, birthCountryCode);
    return true;
  });
}

function isBlank(value: string | null | undefined): boolean {
  return (value ?? '').trim() === '';
}

/** A birth place is known: the country, and for Italy also the province and the municipality. */
export function hasBirthPlace(profile: ProfileSnapshot): boolean {
  if (isBlank(profile.birthCountryCode)) return false;
  if (!isItalian(profile.birthCountryCode)) return true;
  return !isBlank(profile.birthProvinceCode) && !isBlank(profile.birthCityCode);
}

function hasPart(profile: ProfileSnapshot, part: ProfilePart): boolean {
  if (part === 'birthPlace') return hasBirthPlace(profile);
  return !isBlank(profile[part]);
}

/** The required parts the profile lacks, in page order; [] when it is complete for `requested`. */
export function missingProfileParts(profile: ProfileSnapshot, requested: readonly RequestableField[]): ProfilePart[] {
  return requiredProfileParts(requested, profile.birthCountryCode).filter((part) => !hasPart(profile, part));
}

/** What buying needs of the profile (the spec's checkout asks `fields=taxcode`: birth data and tax code). */
export const PURCHASE_PROFILE_FIELDS: readonly RequestableField[] = ['taxcode'];

/** The parts a fan must complete before buying (configure, cart, checkout); [] when they may buy. */
export function missingForPurchase(profile: ProfileSnapshot): ProfilePart[] {
  return missingProfileParts(profile, PURCHASE_PROFILE_FIELDS);
}

/** The profile completion page (the spec's add-user-info) asking what buying needs, coming back to `returnTo`. */
export function profileCompletionHref(returnTo: string): string {
  return `/account/profile/complete?fields=${PURCHASE_PROFILE_FIELDS.join(',')}&redirectUri=${encodeURIComponent(returnTo)}`;
}
