import * as z from 'zod/mini';
import { normaliseVoucherCode, voucherCodeProblem } from '../domain/voucher';
import { MAX_VOUCHER_INPUT_LENGTH } from '../domain/voucher';
import { voucherProblemMessage } from './cart';
import { FIELD_MESSAGES as M } from './messages';
import { digitsText } from './text';

/** Vouchers minted on /dev/vouchers are valid from now for 1…3650 days. */
export const MAX_VOUCHER_VALID_DAYS = 3650;
export const DEFAULT_VOUCHER_VALID_DAYS = 30;
/** A fixed discount is whole euros, at most this many (a support tool, not a price list). */
export const MAX_VOUCHER_EUROS = 1000;

export const VOUCHER_DISCOUNT_TYPES = ['percentage', 'amount'] as const;

const DAYS_MESSAGE = 'dev:vouchers.invalidDays';
const AMOUNT_MESSAGE = 'dev:vouchers.invalidAmount';
const LIMIT_MESSAGE = 'dev:vouchers.invalidLimit';

/**
 * /dev/vouchers, mint: `code` (checked and normalised as the cart does), `discountType`
 * percentage | amount, `amount` (1–100 percent, or 1–1000 whole euros), `validDays` 1…3650 from
 * now, `usageLimit` (orders; empty: no limit).
 */
export const mintVoucherSchema = z
  .object({
    code: z.pipe(
      z.string({ error: M.required }).check(
        z.maxLength(MAX_VOUCHER_INPUT_LENGTH, { error: voucherProblemMessage('code', 'tooLong') }),
        z.superRefine((typed, check) => {
          const problem = voucherCodeProblem(typed);
          if (problem) check.addIssue({ code: 'custom', message: voucherProblemMessage('code', problem) });
        }),
      ),
      z.transform(normaliseVoucherCode),
    ),
    discountType: z.enum(VOUCHER_DISCOUNT_TYPES, { error: M.selectFromList }),
    amount: z.pipe(digitsText({ max: 4, error: AMOUNT_MESSAGE }), z.transform(Number)),
    validDays: z
      .pipe(digitsText({ max: String(MAX_VOUCHER_VALID_DAYS).length, error: DAYS_MESSAGE }), z.transform(Number))
      .check(z.refine((days) => days >= 1 && days <= MAX_VOUCHER_VALID_DAYS, { error: DAYS_MESSAGE })),
    usageLimit: z.optional(
      z.pipe(digitsText({ max: 6, error: LIMIT_MESSAGE }), z.transform(Number)).check(z.refine((limit) => limit >= 1, { error: LIMIT_MESSAGE })),
    ),
  })
  .check(
    z.superRefine((voucher, check) => {
      const max = voucher.discountType === 'percentage' ? 100 : MAX_VOUCHER_EUROS;
      if (voucher.amount < 1 || voucher.amount > max) check.addIssue({ code: 'custom', message: AMOUNT_MESSAGE, path: ['amount'] });
    }),
  );

export type MintVoucherForm = z.infer<typeof mintVoucherSchema>;
