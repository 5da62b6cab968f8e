import { parseWithZod } from '@conform-to/zod/v4';
import type { z } from 'zod';
import { FIELD_MESSAGES as M } from './messages';

/**
 * The message of any issue a schema gives none of ours (a wrong type, a code nobody expected):
 * the spec's generic "Data not valid", never zod's English default. Our own messages win,
 * because zod asks a schema's `error` before the parse's.
 */
export const dataNotValidFallback: z.core.$ZodErrorMap = () => M.dataNotValid;

/** Reads a submitted form with its schema: the one call of browser validation and actions alike. */
export function parseForm<Schema extends z.ZodType>(payload: FormData | URLSearchParams, schema: Schema) {
  return parseWithZod(payload, { schema, error: dataNotValidFallback });
}
