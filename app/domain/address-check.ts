/**
 * Everything an address must satisfy before it is saved (spec §5 "Address form", §9), as
 * domain reason codes per field. The address form's schema shows them as messages; the
 * addresses service checks them again, so every caller gets the same rules. Whether an Italian
 * province and city exist (and belong together) needs the lookups: the service checks that after.
 */
import type { AddressFormLocation } from './address-form';
import { isValidZip } from './address-rules';
import { isItaly } from './countries';
import { isValidPersonName } from './person-name';
import { isAcceptablePhone } from './phone';
import type { FieldProblems } from './result';

/** The address as typed ('' for empty); Italy uses `provinceCode` + `cityCode`, elsewhere `state` + `city`. */
export type AddressDraft = AddressFormLocation & {
  firstName: string;
  lastName: string;
  phone: string;
  street: string;
  number: string;
  extraInfo: string;
};

export type AddressField = keyof AddressDraft;

/** Spec §5 "General inputs": text inputs hold at most 255 characters. */
export const MAX_ADDRESS_TEXT_LENGTH = 255;

/**
 * Reason codes: `required`, `tooLong`, names `invalidName`, phone `invalid`, zip `invalid`,
 * country/province/city codes `notInList` (malformed; unknown ones are the service's finding).
 */
export function checkAddressDraft(draft: AddressDraft): FieldProblems<AddressField> {
  const problems: FieldProblems<AddressField> = {};
  const text = (field: AddressField) => draft[field].trim();
  for (const field of Object.keys(draft) as AddressField[]) {
    if (text(field).length > MAX_ADDRESS_TEXT_LENGTH) problems[field] = 'tooLong';
  }
  const need = (field: AddressField) => {
    if (text(field) === '' && !problems[field]) problems[field] = 'required';
  };
  for (const name of ['firstName', 'lastName'] as const) {
    need(name);
    if (text(name) !== '' && !problems[name] && !isValidPersonName(text(name))) problems[name] = 'invalidName';
  }
  need('phone');
  if (text('phone') !== '' && !problems.phone && !isAcceptablePhone(text('phone'))) problems.phone = 'invalid';
  need('street');

  const country = text('countryCode');
  if (!/^[A-Z]{2}$/.test(country)) problems.countryCode = country === '' ? 'required' : 'notInList';
  if (isItaly(country)) {
    if (!/^[A-Z]{2}$/.test(text('provinceCode'))) problems.provinceCode = text('provinceCode') ? 'notInList' : 'required';
    if (!/^[A-Z]\d{3}$/.test(text('cityCode'))) problems.cityCode = text('cityCode') ? 'notInList' : 'required';
    // An Italian zip is entered once the city is chosen: until then the city's problem is the one to act on.
    if (text('cityCode') !== '') need('postalCode');
  } else {
    need('city');
    need('postalCode');
  }
  if (text('postalCode') !== '' && !problems.postalCode && !isValidZip(text('postalCode'))) problems.postalCode = 'invalid';
  return problems;
}

