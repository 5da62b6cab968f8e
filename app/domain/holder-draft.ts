/**
 * The holder fields of the configure form as typed (on behalf of a minor): their names and
 * shape only. The rules are in holder-check.ts, which only a form that asks a holder loads.
 */
/** The holder as typed ('' for empty). */
export type HolderDraft = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  dob: string;
  gender: string;
  birthCountryCode: string;
  birthProvinceCode: string;
  birthCityCode: string;
  taxCode: string;
};
export type HolderField = keyof HolderDraft;

export const HOLDER_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'dob',
  'gender',
  'birthCountryCode',
  'birthProvinceCode',
  'birthCityCode',
  'taxCode',
] as const satisfies readonly HolderField[];

/** Longest first or last name the shop keeps (forms/person-name-field uses the same). */
export const MAX_HOLDER_NAME_LENGTH = 80;
