import * as z from 'zod/mini';
import { FIELD_MESSAGES as M } from './messages';
import { digitsText } from './text';

export const MAX_RESTOCK_QUANTITY = 99_999;
const QUANTITY_MESSAGE = 'notify:stock.invalidQuantity';

/** /dev/stock, restock: `productId`, optional `variantId` (empty: every size), `quantity` 1…99999. */
export const restockSchema = z.object({
  productId: z.string({ error: M.required }).check(z.trim(), z.minLength(1, { error: M.required })),
  variantId: z.optional(z.string().check(z.trim())),
  // A number input (non-digits stripped, as the spec's number inputs do) read as a whole number.
  quantity: z
    .pipe(digitsText({ max: String(MAX_RESTOCK_QUANTITY).length, error: QUANTITY_MESSAGE }), z.transform(Number))
    .check(z.refine((quantity) => quantity >= 1 && quantity <= MAX_RESTOCK_QUANTITY, { error: QUANTITY_MESSAGE })),
});

/** /dev/stock, mark sold out: `productId`. */
export const sellOutSchema = z.object({
  productId: z.string({ error: M.required }).check(z.trim(), z.minLength(1, { error: M.required })),
});
