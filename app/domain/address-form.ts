/**
 * Rules of the address form (spec §4 "Clearing rules", §5 "Address form") as the form holds
 * them: an Italian address picks its province and city from lists (`provinceCode`, `cityCode`),
 * any other country has free-text `state` and `city`; `postalCode` is the zip of both.
 */
import { applyAddressClearingRules } from './address-rules';
import { isItaly } from './countries';

/** The location fields of the form, as strings ('' when empty). */
export type AddressFormLocation = {
  countryCode: string;
  /** Italian province acronym, chosen from the list. */
  provinceCode: string;
  /** Province or state of any other country, free text. */
  state: string;
  /** Belfiore code of an Italian municipality, chosen from the list. */
  cityCode: string;
  /** City of any other country, free text. */
  city: string;
  postalCode: string;
};

export const ADDRESS_LOCATION_FIELDS = [
  'countryCode',
  'provinceCode',
  'state',
  'cityCode',
  'city',
  'postalCode',
] as const satisfies readonly (keyof AddressFormLocation)[];

/**
 * `next` with what `previous` → `next` made stale emptied, for one submit of the form:
 * - a changed country clears province, state, city, city code and zip (applyAddressClearingRules:
 *   a field changed in the same step is kept, being a fresh entry);
 * - a changed Italian province clears the city (the city list belongs to the old province);
 * - an Italian address without a city has no zip: its field is only enabled with a city, so a
 *   zip left behind could neither be seen as meant nor be sent again.
 */
export function clearStaleAddressLocation(
  previous: AddressFormLocation,
  next: AddressFormLocation,
): AddressFormLocation {
  // The shared rule speaks of `provinceId`: for Italy the acronym is the province's lookup id.
  const byCountry = applyAddressClearingRules(
    { ...previous, provinceId: previous.provinceCode },
    { ...next, provinceId: next.provinceCode },
  );
  const { provinceId, ...cleared } = byCountry;
  const location: AddressFormLocation = { ...cleared, provinceCode: provinceId ?? '' };
  if (!isItaly(location.countryCode)) return location;
  if (previous.provinceCode !== location.provinceCode) {
    location.cityCode = '';
    location.city = '';
  }
  if (location.cityCode === '') location.postalCode = '';
  return location;
}
