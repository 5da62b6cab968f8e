import type { SubmissionResult } from '@conform-to/react';
import { z } from 'zod';
import { isValidZip } from '../domain/address-rules';
import { isItaly } from '../domain/address-form';
import { isAcceptablePhone } from '../domain/phone';
import { FIELD_MESSAGES as M } from './messages';
import { personNameField } from './person-name-field';

/** Spec §5 "General inputs": text inputs hold at most 255 characters. */
export const MAX_ADDRESS_TEXT_LENGTH = 255;
const requiredText = z.string({ error: M.required }).trim().max(MAX_ADDRESS_TEXT_LENGTH, { error: M.tooLong });
const optionalText = z.string().trim().max(MAX_ADDRESS_TEXT_LENGTH, { error: M.tooLong }).optional();

/**
 * The address form (spec §5 "Address form"), shared by the browser and the actions. Fields:
 * `firstName`, `lastName`, `phone`, `street`, `number`?, `extraInfo`?, `countryCode`, then for
 * Italy `provinceCode` and `cityCode` (from the lists), elsewhere `state`? and `city` (free
 * text), and `postalCode` (fewer than 10 characters). Whether an Italian city really lies in
 * the province is checked by the server against the lookups.
 */
export const addressSchema = z
  .object({
    firstName: personNameField,
    lastName: personNameField,
    phone: requiredText.refine(isAcceptablePhone, { error: M.invalidPhone }),
    street: requiredText,
    number: optionalText,
    extraInfo: optionalText,
    countryCode: z.string({ error: M.selectFromList }).regex(/^[A-Z]{2}$/, { error: M.selectFromList }),
    provinceCode: z.string().regex(/^[A-Z]{2}$/, { error: M.selectFromList }).optional(),
    state: optionalText,
    cityCode: z.string().regex(/^[A-Z]\d{3}$/, { error: M.selectFromList }).optional(),
    city: optionalText,
    postalCode: optionalText.refine((zip) => zip === undefined || isValidZip(zip), { error: M.invalidZip }),
  })
  .superRefine(
    (address, context) => {
      // Runs even when other fields failed (`when`), so every message shows at once; the
      // value may then be partial.
      const italian = isItaly(address.countryCode ?? '');
      const required = (field: 'provinceCode' | 'cityCode' | 'city' | 'postalCode', message: string) => {
        if (!address[field]) context.addIssue({ code: 'custom', path: [field], message });
      };
      if (italian) {
        required('provinceCode', M.selectFromList);
        required('cityCode', M.selectFromList);
      } else {
        required('city', M.required);
      }
      // An Italian zip can only be entered once the city is chosen: until then the city's
      // message is the one to act on.
      if (!italian || address.cityCode) required('postalCode', M.required);
    },
    { when: () => true },
  );

export type AddressFormValues = z.infer<typeof addressSchema>;

/** Page order of the fields (the error summary follows it). */
export const ADDRESS_FIELD_ORDER = [
  'firstName',
  'lastName',
  'phone',
  'countryCode',
  'provinceCode',
  'state',
  'cityCode',
  'city',
  'postalCode',
  'street',
  'number',
  'extraInfo',
] as const satisfies readonly (keyof AddressFormValues)[];

/** The chooser: one of the fan's addresses, `addressId`. */
export const chooseAddressSchema = z.object({
  addressId: z.string({ error: 'addresses:chooser.required' }),
});

/** The spec's default address country. */
export const DEFAULT_ADDRESS_COUNTRY = 'IT';

/**
 * Hidden fields `previous.<field>` carry the location the form showed, so the server can tell
 * what the fan changed and clear what went stale (optional: without them nothing changed).
 */
export const PREVIOUS_FIELD_PREFIX = 'previous.';

export type AddressOption = { value: string; label: string };

export type AddressFormOptions = { countries: AddressOption[]; provinces: AddressOption[]; cities: AddressOption[] };

/** Everything the address form renders; a new `answerId` makes the page start the form afresh. */
export type AddressFormView = {
  answerId: string;
  /** The server's verdict on a failed save (field messages); null otherwise. */
  result: SubmissionResult<string[]> | null;
  /** What the fields hold, '' when empty. */
  values: Record<string, string>;
  options: AddressFormOptions;
  /** The chosen country is one the shop does not ship to. */
  restrictedCountry: boolean;
};
