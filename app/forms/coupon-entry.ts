import * as z from 'zod/mini';
import { readCouponCode } from '../domain/coupon-code';
import { FIELD_MESSAGES as M } from './messages';

/** The longest typed code worth reading: ten characters shown 5-5, with room for spaces typed between. */
export const MAX_COUPON_INPUT_LENGTH = 20;

export const COUPON_ENTRY_MESSAGES = {
  incomplete: 'configure:errors.coupon.incomplete',
  tooLong: 'configure:errors.coupon.tooLong',
} as const;

/**
 * `/coupon`: one field, `couponCode`. Uppercased, anything but A–Z and 0–9 stripped, ten
 * characters (domain/coupon-code); whether the code exists is the coupon service's answer.
 */
export const couponEntrySchema = z.object({
  couponCode: z.string({ error: M.required }).check(
    z.maxLength(MAX_COUPON_INPUT_LENGTH, { error: M.tooLong }),
    z.superRefine((value, check) => {
      const { problem } = readCouponCode(value);
      if (problem === 'required') check.addIssue({ code: 'custom', message: M.required });
      if (problem === 'incomplete') check.addIssue({ code: 'custom', message: COUPON_ENTRY_MESSAGES.incomplete });
      if (problem === 'tooLong') check.addIssue({ code: 'custom', message: COUPON_ENTRY_MESSAGES.tooLong });
    }),
  ),
});
