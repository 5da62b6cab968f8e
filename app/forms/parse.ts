import { parseWithZod } from '@conform-to/zod/v4';
import * as z from 'zod/mini';
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
export function parseForm<Schema extends z.core.$ZodType>(payload: FormData | URLSearchParams, schema: Schema) {
  const submission = parseWithZod(payload, { schema, error: dataNotValidFallback });
  // reply() reads this same object.
  capToSchema(submission.payload as Record<string, unknown>, schema);
  return submission;
}

/**
 * Cuts each value of `values` (in place, and returned) to its field's maximum in `schema`;
 * fields the schema does not bound get the default `MAX_TEXT_LENGTH`. For every value a page
 * shows again after a refused submit.
 */
export function capToSchema<Values extends Record<string, unknown>>(values: Values, schema: z.core.$ZodType): Values {
  // A trait check (any zod 4 object, mini or classic), not a class: `$ZodObject` is the core's.
  const lengths = schema instanceof z.core.$ZodObject ? lengthsOfFields(schema) : {};
  const record = values as Record<string, unknown>;
  for (const [name, value] of Object.entries(record)) record[name] = capped(value, lengths[name]?.maxLength ?? MAX_TEXT_LENGTH);
  return values;
}

function capped(value: unknown, max: number): unknown {
  if (typeof value === 'string') return value.length > max ? value.slice(0, max) : value;
  if (Array.isArray(value)) return value.map((item) => capped(item, max));
  if (typeof value === 'object' && value !== null && !(value instanceof Blob)) {
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, capped(item, MAX_TEXT_LENGTH)]));
  }
  return value;
}
