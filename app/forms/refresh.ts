import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import type { ShouldRevalidateFunction } from 'react-router';
import type * as z from 'zod/mini';
import { isRefresh } from './intent';

/**
 * The protocol of forms with dependent lists (birth country → province → municipality,
 * address country → province → city → zip). A second submit button, `intent=refresh`, sends
 * the whole form; nothing is validated or saved, and the page comes back with the lists
 * narrowed to what was typed. Hidden fields `previous.<field>` carry what the page showed, so
 * the server can tell what the fan changed: the form's clearing rule empties what went stale,
 * and focus returns to the field that changed.
 */
export const PREVIOUS_PREFIX = 'previous.';

/** The hidden field holding what the page showed of `field`. */
export function previousFieldName(field: string): string {
  return `${PREVIOUS_PREFIX}${field}`;
}

/** A form's values as the page shows them ('' for empty). */
export type FieldValues<Field extends string> = Record<Field, string>;

export type DependentFields<Field extends string> = {
  /** Every field of the form, in page order. */
  fields: readonly Field[];
  /** The fields sent back as `previous.<field>`: those the lists depend on (and any the rule must see unchanged). */
  remembered: readonly Field[];
  /**
   * The form's clearing rule: `next` with what `previous` → `next` made stale emptied. A field
   * without a `previous.` value counts as unchanged.
   */
  clear: (previous: FieldValues<Field>, next: FieldValues<Field>) => FieldValues<Field>;
};

export type RefreshSubmit<Field extends string> = { typed: FieldValues<Field>; previous: FieldValues<Field> };

/**
 * What a submit holds: the values typed, and what the page showed before. A remembered field
 * whose `previous.` value is missing (a hand-made request) counts as unchanged.
 */
export function readRefreshSubmit<Field extends string>(
  formData: FormData,
  form: DependentFields<Field>,
): RefreshSubmit<Field> {
  const typed = Object.fromEntries(form.fields.map((field) => [field, textOf(formData, field)])) as FieldValues<Field>;
  const previous = { ...typed };
  for (const field of form.remembered) {
    const shown = previousFieldName(field);
    if (formData.has(shown)) previous[field] = textOf(formData, shown);
  }
  return { typed, previous };
}

export type Refreshed<Field extends string> = {
  /** What the form shows next: the typed values with the stale ones emptied. */
  values: FieldValues<Field>;
  /** Fields that held a value the refresh emptied, in page order. */
  cleared: Field[];
  /** The first field (page order) the fan changed since the page was shown; null if none. */
  changed: Field | null;
};

/** Applies the form's clearing rule to a submit. */
export function applyRefresh<Field extends string>(
  { typed, previous }: RefreshSubmit<Field>,
  form: DependentFields<Field>,
): Refreshed<Field> {
  const values = form.clear(previous, typed);
  return {
    values,
    cleared: form.fields.filter((field) => typed[field] !== '' && values[field] === ''),
    changed: form.remembered.find((field) => typed[field] !== previous[field]) ?? null,
  };
}

/** What a refresh answers besides the values and lists. */
export type RefreshAnswer = {
  /** The field to return to (focus, and so the scroll position), with or without JavaScript. */
  changed: string | null;
  /** The fields the refresh emptied (with JavaScript the browser empties them too). */
  cleared: string[];
  /**
   * The messages of the cleared fields that now need a value, in conform's result shape so
   * they show at the fields. Not a failed submit: the error summary stays away.
   */
  result: SubmissionResult<string[]> | null;
};

/**
 * The refresh answer for `refreshed`: a cleared field is shown with the schema's own message
 * for it (e.g. "required"), unless the schema accepts it empty (an optional tax code).
 */
export function refreshAnswer<Field extends string>(refreshed: Refreshed<Field>, schema: z.core.$ZodType): RefreshAnswer {
  const formData = new FormData();
  for (const [name, value] of Object.entries<string>(refreshed.values)) if (value !== '') formData.set(name, value);
  const submission = parseWithZod(formData, { schema });
  const errors = submission.status === 'error' ? (submission.error ?? {}) : {};
  const needed = refreshed.cleared.filter((field) => (errors[field]?.length ?? 0) > 0);
  const error = Object.fromEntries(needed.map((field) => [field, errors[field] ?? []]));
  return { changed: refreshed.changed, cleared: refreshed.cleared, result: needed.length > 0 ? { error } : null };
}

/** A refresh changes nothing saved: route modules keep their loader data (`export const shouldRevalidate`). */
export const keepLoaderDataOnRefresh: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData && isRefresh(formData) ? false : defaultShouldRevalidate;

function textOf(formData: FormData, name: string): string {
  const value = formData.get(name);
  return typeof value === 'string' ? value : '';
}

/**
 * Everything a form with dependent lists renders, whether loaded, refreshed or refused:
 * its values and what `Described` adds (the lists for those values).
 */
export type DependentFormView<Field extends string, Described> = Described & {
  values: FieldValues<Field>;
  /** A refused save's verdict (messages, error summary); null otherwise. */
  result: SubmissionResult<string[]> | null;
  /** A refresh's answer; null otherwise. */
  refresh: RefreshAnswer | null;
};
