// The address form's server side, shared by the "new" and "edit" pages: the view the page
// renders, and a submit (save or `intent=refresh`) turned into either an answer to show again
// or an address ready to store.
import { randomUUID } from 'node:crypto';
import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { ADDRESS_LOCATION_FIELDS, clearStaleAddressLocation, type AddressFormLocation } from '../domain/address-form';
import { isRestrictedCountry } from '../domain/address-rules';
import type { Language } from '../domain/catalogue-types';
import { addressSchema, ADDRESS_FIELD_ORDER, PREVIOUS_FIELD_PREFIX, type AddressFormView } from '../forms/address';
import { isRefresh } from '../forms/intent';
import type { AddressInput } from './services/addresses';
import { addressFormOptions, resolveAddressInput } from './services/address-options';

/** The form as the page renders it for `values`: lists narrowed to the chosen country and province. */
export async function addressFormView(
  values: Record<string, string>,
  language: Language,
  result: SubmissionResult<string[]> | null = null,
  answerId = 'loaded',
): Promise<AddressFormView> {
  const location = locationOf(values);
  return {
    answerId,
    result,
    values,
    options: await addressFormOptions(location, language),
    restrictedCountry: isRestrictedCountry(location.countryCode),
  };
}

export type AddressSubmit =
  | { kind: 'answer'; status: 200 | 400; form: AddressFormView }
  | { kind: 'valid'; input: AddressInput };

/**
 * A submit of the address form. Stale location fields are cleared first (domain clearing
 * rules, against the `previous.*` fields; without them nothing counts as changed). A refresh
 * answers 200 with the narrowed lists and no messages; a save answers 400 with messages and
 * everything typed kept, or gives the address to store.
 */
export async function submitAddressForm(formData: FormData, language: Language): Promise<AddressSubmit> {
  const typed = Object.fromEntries(ADDRESS_FIELD_ORDER.map((name) => [name, textOf(formData, name)]));
  const next = locationOf(typed);
  const previous = Object.fromEntries(
    ADDRESS_LOCATION_FIELDS.map((name) => {
      const shown = `${PREVIOUS_FIELD_PREFIX}${name}`;
      return [name, formData.has(shown) ? textOf(formData, shown) : next[name]];
    }),
  ) as AddressFormLocation;
  const values = { ...typed, ...clearStaleAddressLocation(previous, next) };
  const answer = async (status: 200 | 400, result: SubmissionResult<string[]> | null) => ({
    kind: 'answer' as const,
    status,
    form: await addressFormView(values, language, result, randomUUID()),
  });

  if (isRefresh(formData)) return answer(200, null);
  const cleaned = new FormData();
  for (const [name, value] of Object.entries(values)) if (value !== '') cleaned.set(name, value);
  const submission = parseWithZod(cleaned, { schema: addressSchema });
  if (submission.status !== 'success') return answer(400, submission.reply());
  const resolved = await resolveAddressInput(submission.value);
  if (!resolved.ok) return answer(400, submission.reply({ fieldErrors: resolved.fieldErrors }));
  return { kind: 'valid', input: resolved.input };
}

function textOf(formData: FormData, name: string): string {
  const value = formData.get(name);
  return typeof value === 'string' ? value : '';
}

function locationOf(values: Record<string, string>): AddressFormLocation {
  return Object.fromEntries(ADDRESS_LOCATION_FIELDS.map((name) => [name, values[name] ?? ''])) as AddressFormLocation;
}
