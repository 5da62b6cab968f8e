// The address form's server side, shared by the "new" and "edit" pages: the view the page
// renders, and a submit (save or `intent=refresh`) turned into either an answer to show again
// or a call of the addresses service's `save` use case.
import { ADDRESS_LOCATION_FIELDS, type AddressFormLocation } from '../../../domain/address-form';
import { isRestrictedCountry } from '../../../domain/countries';
import {
  ADDRESS_BOOK_FULL,
  addressProblemMessage,
  addressSchema,
  ADDRESS_DEPENDENT_FIELDS,
  ADDRESS_FIELD_ORDER,
  type AddressFormField,
  type AddressFormView,
} from '../../../forms/address';
import { isRefresh } from '../../../forms/intent';
import { applyRefresh, readRefreshSubmit, type FieldValues } from '../../../forms/refresh';
import type { AddressDraft } from '../../../domain/address-check';
import { fieldErrorsOf } from '../../../forms/field-problems';
import type { AddressField } from '../../../domain/address-check';
import type { Result } from '../../../domain/result';
import { addressFormOptions, type ShownFor } from './address-view.server';
import { loadedFormView, refreshedFormView, refusedFormView } from '../../../.server/http/refresh';
import { parseForm } from '../../../forms/parse';
import type { RouterContextProvider } from 'react-router';
import { shopContext } from '../../../context';
import { romeDate } from '../../../domain/shop-time';
import { getLanguage } from '../../../middleware/i18next';

/** What the address pages show the form for: the page's language and the shop's day. */
export function shownFor(context: Readonly<RouterContextProvider>): ShownFor {
  return { language: getLanguage(context), today: romeDate(context.get(shopContext).clock.now()) };
}

/** The form as a page load renders it for `values` (missing fields empty). */
export async function addressFormView(values: Partial<Record<string, string>>, shown: ShownFor): Promise<AddressFormView> {
  const complete = Object.fromEntries(ADDRESS_FIELD_ORDER.map((name) => [name, values[name] ?? ''])) as FieldValues<AddressFormField>;
  return loadedFormView(complete, describeFor(shown));
}

/** Lists narrowed to the chosen country and province, and whether the shop ships there. */
function describeFor(shown: ShownFor) {
  return async (values: FieldValues<AddressFormField>) => {
    const location = locationOf(values);
    return {
      options: await addressFormOptions(location, shown),
      restrictedCountry: isRestrictedCountry(location.countryCode),
    };
  };
}

export type AddressSubmit<Saved> =
  | { kind: 'answer'; status: 200 | 400; form: AddressFormView }
  | { kind: 'saved'; saved: Saved }
  | { kind: 'not-found' };

/** What a save answers: the address book's, or a cart item's temporary address (refusals per address field). */
export type AddressSaveResult<Saved> = Result<Saved, 'not-found' | 'invalid' | 'full', AddressField | 'addressId'>;

/**
 * A submit of the address form. A refresh answers 200 with the narrowed lists (forms/refresh.ts).
 * A save clears stale location fields first, as a refresh would (a fan without JavaScript may
 * change the country and save at once), then checks the form and hands the draft to `save`
 * (the use case, which checks again and resolves the places): its refusals come back as field
 * messages (400) with everything else typed kept.
 */
export async function submitAddressForm<Saved>(
  formData: FormData,
  shown: ShownFor,
  save: (draft: AddressDraft) => Promise<AddressSaveResult<Saved>>,
): Promise<AddressSubmit<Saved>> {
  const describe = describeFor(shown);
  if (isRefresh(formData)) {
    return { kind: 'answer', status: 200, form: await refreshedFormView(formData, ADDRESS_DEPENDENT_FIELDS, addressSchema, describe) };
  }
  const { values } = applyRefresh(readRefreshSubmit(formData, ADDRESS_DEPENDENT_FIELDS), ADDRESS_DEPENDENT_FIELDS);
  const refused = async (result: Parameters<typeof refusedFormView>[1]) => ({
    kind: 'answer' as const,
    status: 400 as const,
    form: await refusedFormView(values, result, describe, addressSchema),
  });
  const cleaned = new FormData();
  for (const [name, value] of Object.entries(values)) if (value !== '') cleaned.set(name, value);
  const submission = parseForm(cleaned, addressSchema);
  if (submission.status !== 'success') return refused(submission.reply());
  const saved = await save(values as AddressDraft);
  if (saved.ok) return { kind: 'saved', saved: saved.value };
  if (saved.reason === 'not-found') return { kind: 'not-found' };
  if (saved.reason === 'full') return refused(submission.reply({ formErrors: [ADDRESS_BOOK_FULL] }));
  return refused(submission.reply({ fieldErrors: fieldErrorsOf(saved.fields, addressProblemMessage) }));
}

/** The draft a submit holds, with stale location fields cleared as a save would (to tell "nothing changed"). */
export function submittedAddressDraft(formData: FormData): AddressDraft {
  return applyRefresh(readRefreshSubmit(formData, ADDRESS_DEPENDENT_FIELDS), ADDRESS_DEPENDENT_FIELDS).values as AddressDraft;
}

function locationOf(values: Record<string, string>): AddressFormLocation {
  return Object.fromEntries(ADDRESS_LOCATION_FIELDS.map((name) => [name, values[name] ?? ''])) as AddressFormLocation;
}
