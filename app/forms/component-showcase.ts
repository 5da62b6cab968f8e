import * as z from 'zod/mini';
import { FIELD_MESSAGES as M } from './messages';
import { optionalText, requiredText } from './text';

/**
 * /dev/components' sample form (it is never sent): a valid field, an optional one with a hint
 * and an email, which the page fills in wrong on purpose to show a field with its error.
 */
export const showcaseFormSchema = z.object({
  fullName: requiredText().check(z.minLength(1, { error: M.required })),
  nameOnCard: optionalText({ max: 20 }),
  email: requiredText().check(z.email({ error: M.email })),
});

/** The values the page "sends": the email is wrong. */
export const SHOWCASE_FORM_VALUES = {
  fullName: 'Mario Rossi',
  nameOnCard: '',
  email: 'alex.example.com',
} as const;
