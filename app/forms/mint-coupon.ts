import * as z from 'zod/mini';
import { FIELD_MESSAGES as M } from './messages';
import { digitsText } from './text';

/** Coupons minted on /dev/coupons are valid for 1…3650 days from now. */
export const MAX_COUPON_VALID_DAYS = 3650;
export const DEFAULT_COUPON_VALID_DAYS = 30;
const DAYS_MESSAGE = 'dev:coupons.invalidDays';

/** /dev/coupons, mint: `productId` (a membership), `validDays` 1…3650. */
export const mintCouponSchema = z.object({
  productId: z.string({ error: M.required }).check(z.trim(), z.minLength(1, { error: M.required })),
  validDays: z
    .pipe(digitsText({ max: String(MAX_COUPON_VALID_DAYS).length, error: DAYS_MESSAGE }), z.transform(Number))
    .check(z.refine((days) => days >= 1 && days <= MAX_COUPON_VALID_DAYS, { error: DAYS_MESSAGE })),
});
