import * as z from 'zod/mini';
import { isValidZip, MAX_ZIP_LENGTH } from '../domain/address-rules';
import { checkAddressDraft, type AddressDraft, type AddressField } from '../domain/address-check';
import { ADDRESS_LOCATION_FIELDS, clearStaleAddressLocation } from '../domain/address-form';
import { isAcceptablePhone, MAX_PHONE_LENGTH } from '../domain/phone';
import { FIELD_MESSAGES as M } from './messages';
import { personNameField } from './person-name-field';
import type { DependentFields, DependentFormView } from './refresh';
import { optionalText, requiredText } from './text';

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
    phone: requiredText({ max: MAX_PHONE_LENGTH }).check(z.refine(isAcceptablePhone, { error: M.invalidPhone })),
    street: requiredText(),
    number: optionalText(),
    extraInfo: optionalText(),
    countryCode: z.string({ error: M.selectFromList }).check(z.regex(/^[A-Z]{2}$/, { error: M.selectFromList })),
    provinceCode: z.optional(z.string().check(z.regex(/^[A-Z]{2}$/, { error: M.selectFromList }))),
    state: optionalText(),
    cityCode: z.optional(z.string().check(z.regex(/^[A-Z]\d{3}$/, { error: M.selectFromList }))),
    city: optionalText(),
    // Its `maxlength` is the zip's own; a longer one posted anyway is "too long", not also "invalid".
    postalCode: optionalText({ max: MAX_ZIP_LENGTH }).check(
      z.refine((zip) => zip === undefined || zip.length > MAX_ZIP_LENGTH || isValidZip(zip), { error: M.invalidZip }),
    ),
  })
  .check(
    z.superRefine(
      (address, context) => {
        // Runs even when other fields failed (`when`), so every message shows at once; the
        // value may then be partial. Which place fields a country needs is the domain check's
        // rule (the addresses service runs it too); the single fields' own rules are above.
        const text = (value: unknown) => (typeof value === 'string' ? value : '');
        const draft = Object.fromEntries(ADDRESS_FIELD_ORDER.map((name) => [name, text(address[name])])) as AddressDraft;
        const problems = checkAddressDraft(draft);
        for (const field of ['provinceCode', 'cityCode', 'city', 'postalCode'] as const) {
          if (problems[field] === 'required') {
            context.addIssue({ code: 'custom', path: [field], message: addressProblemMessage(field, 'required') });
          }
        }
      },
      { when: () => true },
    ),
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

/** The form's message when the fan already keeps the most addresses allowed (domain/address-rules). */
export const ADDRESS_BOOK_FULL = 'addresses:full.error';

/** Why an address cannot be used for a cart item (domain/shipping ShippingRestriction), as message keys. */
const SHIPPING_RESTRICTION_MESSAGES: Readonly<Record<string, string>> = {
  restrictedCountry: 'addresses:cartItem.restriction.restrictedCountry',
  notAvailableForProduct: 'addresses:cartItem.restriction.notAvailableForProduct',
};

/**
 * A domain problem code of an address (domain/address-check, or a cart item's shipping
 * restriction) as the form's message key.
 */
export function addressProblemMessage(field: AddressField | 'addressId', problem: string): string {
  const restriction = SHIPPING_RESTRICTION_MESSAGES[problem];
  if (restriction) return restriction;
  const chosenFromList = field === 'countryCode' || field === 'provinceCode' || field === 'cityCode';
  if (problem === 'required') return chosenFromList ? M.selectFromList : M.required;
  if (problem === 'notInList') return M.selectFromList;
  if (problem === 'tooLong') return M.tooLong;
  if (problem === 'invalidName') return M.invalidName;
  if (problem === 'invalid' && field === 'phone') return M.invalidPhone;
  if (problem === 'invalid' && field === 'postalCode') return M.invalidZip;
  return M.dataNotValid;
}

/** The chooser: one of the fan's addresses, `addressId`. */
export const chooseAddressSchema = z.object({
  addressId: z.string({ error: 'addresses:chooser.required' }),
});

/** The spec's default address country. */
export const DEFAULT_ADDRESS_COUNTRY = 'IT';

export type AddressFormField = (typeof ADDRESS_FIELD_ORDER)[number];

/**
 * The dependent lists (forms/refresh.ts): the page sends back every location field it showed
 * (`previous.countryCode`…), so a field typed in the same step as a new country is kept while
 * the ones left over are cleared (clearStaleAddressLocation).
 */
export const ADDRESS_DEPENDENT_FIELDS: DependentFields<AddressFormField> = {
  fields: ADDRESS_FIELD_ORDER,
  remembered: ADDRESS_LOCATION_FIELDS,
  clear: (previous, next) => ({ ...next, ...clearStaleAddressLocation(previous, next) }),
};

export type AddressOption = { value: string; label: string };

export type AddressFormOptions = { countries: AddressOption[]; provinces: AddressOption[]; cities: AddressOption[] };

/** Everything the address form renders: values, lists narrowed to them, and a note for a restricted country. */
export type AddressFormView = DependentFormView<
  AddressFormField,
  {
    options: AddressFormOptions;
    /** The chosen country is one the shop does not ship to. */
    restrictedCountry: boolean;
  }
>;
