// The server half of the dependent-lists protocol (forms/refresh.ts): the view a form with
// narrowed lists renders, for a page load, a refused save or an `intent=refresh` submit.
import type { SubmissionResult } from '@conform-to/react';
import type * as z from 'zod/mini';
import { capToSchema } from '../../forms/parse';
import {
  applyRefresh,
  readRefreshSubmit,
  refreshAnswer,
  type DependentFields,
  type DependentFormView,
  type FieldValues,
} from '../../forms/refresh';

/** Builds what a form adds to its values: the lists narrowed to them (and any notes). */
export type DescribeForm<Field extends string, Described> = (values: FieldValues<Field>) => Promise<Described>;

/** The page-load view: no answer yet. */
export async function loadedFormView<Field extends string, Described>(
  values: FieldValues<Field>,
  describe: DescribeForm<Field, Described>,
): Promise<DependentFormView<Field, Described>> {
  return { ...(await describe(values)), values, result: null, refresh: null };
}

/**
 * A refused save: the values as submitted (or as cleared), each cut to its field's maximum in
 * `schema` (an oversized value is never echoed whole), with the verdict.
 */
export async function refusedFormView<Field extends string, Described>(
  submitted: FieldValues<Field>,
  result: SubmissionResult<string[]>,
  describe: DescribeForm<Field, Described>,
  schema: z.core.$ZodType,
): Promise<DependentFormView<Field, Described>> {
  const values = capToSchema({ ...submitted }, schema);
  return { ...(await describe(values)), values, result, refresh: null };
}

/**
 * An `intent=refresh` submit: the typed values with the form's clearing rule applied, the
 * lists for them, the field to return to, and the cleared fields `schema` now wants filled.
 * Validates and saves nothing else; answer it with 200.
 */
export async function refreshedFormView<Field extends string, Described>(
  formData: FormData,
  form: DependentFields<Field>,
  schema: z.core.$ZodType,
  describe: DescribeForm<Field, Described>,
): Promise<DependentFormView<Field, Described>> {
  const refreshed = applyRefresh(readRefreshSubmit(formData, form), form);
  capToSchema(refreshed.values, schema);
  return {
    ...(await describe(refreshed.values)),
    values: refreshed.values,
    result: null,
    refresh: refreshAnswer(refreshed, schema),
  };
}
