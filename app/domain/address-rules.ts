/** Address and birthplace rules of the buyer and address forms (spec §3, §4 "Clearing rules", §5, §9). */

/** Spec §9: a zip has fewer than 10 characters. */
export const MAX_ZIP_LENGTH = 9;

/** How many addresses one fan may keep (issue 9): plenty for real use, a bound on what one account can store. */
export const MAX_ADDRESSES_PER_FAN = 20;

/** Whether a fan who has `saved` addresses may add another. */
export function canAddAddress(saved: number): boolean {
  return saved < MAX_ADDRESSES_PER_FAN;
}

export function isValidZip(zip: string): boolean {
  const trimmed = zip.trim();
  return trimmed.length > 0 && trimmed.length <= MAX_ZIP_LENGTH;
}

// ---------------------------------------------------------------------------------------------
// Clearing rules (spec §4). A cleared field becomes '' (what an emptied input holds); a field the
// record does not have is left out rather than added.

/** The birth fields of a buyer or holder that the clearing rules read or clear. */
export type HolderBirthFields = {
  dob?: string;
  birthCountryCode?: string;
  birthProvince?: string;
  birthProvinceCode?: string;
  /** Lookup id of the birth province; goes with the province it identifies. */
  provinceId?: string;
  birthCity?: string;
  birthCityCode?: string;
  taxCode?: string;
};

/** The location fields of an address that depend on its country. */
export type AddressLocationFields = {
  countryCode?: string;
  /** Province. */
  state?: string;
  /** Region. */
  subAdministrativeArea?: string;
  /** Lookup id of the province; goes with `state`. */
  provinceId?: string;
  city?: string;
  cityCode?: string;
  zip?: string;
  postalCode?: string;
};

type TextFields<Field extends string> = Partial<Record<Field, string>>;

const BIRTH_PROVINCE_FIELDS = ['birthProvince', 'birthProvinceCode', 'provinceId'] as const;
const BIRTH_CITY_FIELDS = ['birthCity', 'birthCityCode'] as const;
const ADDRESS_COUNTRY_DEPENDENT_FIELDS = [
  'state',
  'subAdministrativeArea',
  'provinceId',
  'city',
  'cityCode',
  'zip',
  'postalCode',
] as const;

type HolderDependentField = (typeof BIRTH_PROVINCE_FIELDS)[number] | (typeof BIRTH_CITY_FIELDS)[number] | 'taxCode';

/** '' for each listed field the record holds. */
function blanked<Field extends string>(record: TextFields<Field>, fields: Iterable<Field>): TextFields<Field> {
  const patch: TextFields<Field> = {};
  for (const field of fields) if (record[field] !== undefined) patch[field] = '';
  return patch;
}

/**
 * `next` with the birth fields that `previous` → `next` made stale cleared: a changed birth date,
 * birth country or birth province clears what depends on it. A dependent field that changed in
 * the same step is kept, being a fresh choice rather than a leftover.
 *
 * Meant for the user's edits; when a whole record is replaced (saved data loaded, holder switched
 * to the user), skip it, or values that coincide with the old ones would be wiped.
 */
export function applyHolderClearingRules<Holder extends HolderBirthFields>(previous: Holder, next: Holder): Holder {
  const changed = (field: keyof HolderBirthFields) => previous[field] !== next[field];
  const toClear = new Set<HolderDependentField>();

  if (changed('dob')) [...BIRTH_PROVINCE_FIELDS, ...BIRTH_CITY_FIELDS].forEach((field) => toClear.add(field));
  if (changed('birthCountryCode')) {
    [...BIRTH_PROVINCE_FIELDS, ...BIRTH_CITY_FIELDS, 'taxCode' as const].forEach((field) => toClear.add(field));
  }
  // Any province field counts: a non-Italian province is free text without a code.
  if (BIRTH_PROVINCE_FIELDS.some(changed)) BIRTH_CITY_FIELDS.forEach((field) => toClear.add(field));

  const stale = [...toClear].filter((field) => !changed(field));
  return { ...next, ...blanked(next, stale) };
}

/** `next` with the country-dependent fields cleared when the country changed; see applyHolderClearingRules. */
export function applyAddressClearingRules<Address extends AddressLocationFields>(
  previous: Address,
  next: Address,
): Address {
  if (previous.countryCode === next.countryCode) return next;
  const stale = ADDRESS_COUNTRY_DEPENDENT_FIELDS.filter((field) => previous[field] === next[field]);
  return { ...next, ...blanked(next, stale) };
}
