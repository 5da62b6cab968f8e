import * as z from 'zod/mini';
import { keepDigits } from '../domain/digits';
import { isPlainText } from '../domain/plain-text';
import { FIELD_MESSAGES as M } from './messages';

/** Spec §5 "General inputs": a text input holds at most 255 characters unless a field says otherwise. */
export const MAX_TEXT_LENGTH = 255;

/** `multiline`: a textarea, which may hold tabs and line breaks. */
type TextOptions = { max?: number; multiline?: boolean };

/** Control, bidi-override and zero-width characters are refused in every text field (see `isPlainText`). */
const plain = (multiline: boolean) => (value: string) => isPlainText(value, { multiline });

/**
 * A required text input, trimmed. Every string field of a form is bounded so the input gets its
 * `maxlength` (see `formConstraint`); a field needing a different rule still states its `z.maxLength`.
 */
export function requiredText({ max = MAX_TEXT_LENGTH, multiline = false }: TextOptions = {}) {
  return z
    .string({ error: M.required })
    .check(z.trim(), z.maxLength(max, { error: M.tooLong }), z.refine(plain(multiline), { error: M.invisibleCharacters }));
}

/** An optional text input, trimmed; bounded like `requiredText`. */
export function optionalText({ max = MAX_TEXT_LENGTH, multiline = false }: TextOptions = {}) {
  return z.optional(
    z.string().check(z.trim(), z.maxLength(max, { error: M.tooLong }), z.refine(plain(multiline), { error: M.invisibleCharacters })),
  );
}

/**
 * A number input (spec §5: it strips non-digits), kept as the digits typed, so "1.000" is
 * "1000" and a VAT number keeps its leading zeros. The browser strips them as the fan types
 * (`TextField`'s `digitsOnly`); the server does it again for forms sent without JavaScript.
 * `z.overwrite` keeps this a string schema, so later checks and the `maxlength` still apply.
 * `error`, when given, is the one message for a missing or too long value (e.g. "a quantity
 * from 1 to 99999"); otherwise the generic ones.
 */
export function digitsText({ max, error }: { max: number; error?: string }) {
  return z
    .string({ error: error ?? M.required })
    .check(
      z.overwrite(keepDigits),
      z.minLength(1, { error: error ?? M.required, abort: true }),
      z.maxLength(max, { error: error ?? M.tooLong }),
    );
}
