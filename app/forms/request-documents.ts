import * as z from 'zod/mini';
import { FIELD_MESSAGES as M } from './messages';

/** A uuid is 36 characters; room for spaces pasted around it. */
const MAX_ID_LENGTH = 64;

/** /dev/reload-docs: `id`, an order item's or an order's id (the page tries the item first). */
export const requestDocumentsSchema = z.object({
  id: z.string({ error: M.required }).check(z.maxLength(MAX_ID_LENGTH, { error: M.tooLong }), z.trim(), z.minLength(1, { error: M.required })),
});
