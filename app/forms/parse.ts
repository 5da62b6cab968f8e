import { parseWithZod } from '@conform-to/zod/v4';
import { z } from 'zod';
import { lengthsOfFields } from './constraint';
import { FIELD_MESSAGES as M } from './messages';
import { MAX_TEXT_LENGTH } from './text';

/**
 * The message of any issue a schema gives none of ours (a wrong type, a code nobody expected):
 * the spec's generic "Data not valid", never zod's English default. Our own messages win,
 * because zod asks a schema's `error` before the parse's.
 */
export const dataNotValidFallback: z.core.$ZodErrorMap = () => M.dataNotValid;

/**
 * Reads a submitted form with its schema: the one call of browser validation and actions alike.
 * What a refused form sends back to be shown again (`submission.reply()`: the page and its
 * hydration data) is cut to each field's maximum, so an oversized value is checked whole but
 * never echoed whole (issue 9).
 */
export function parseForm<Schema extends z.ZodType>(payload: FormData | URLSearchParams, schema: Schema) {
  const submission = parseWithZod(payload, { schema, error: dataNotValidFallback });
  const lengths = schema instanceof z.ZodObject ? lengthsOfFields(schema) : {};
  // reply() reads this same object; values of fields the schema does not bound get the default cap.
  const echoed = submission.payload as Record<string, unknown>;
  for (const [name, value] of Object.entries(echoed)) echoed[name] = capped(value, lengths[name]?.maxLength ?? MAX_TEXT_LENGTH);
  return submission;
}

function capped(value: unknown, max: number): unknown {
  if (typeof value === 'string') return value.length > max ? value.slice(0, max) : value;
  if (Array.isArray(value)) return value.map((item) => capped(item, max));
  if (typeof value === 'object' && value !== null && !(value instanceof Blob)) {
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, capped(item, MAX_TEXT_LENGTH)]));
  }
  return value;
}
