/**
 * Cart vouchers (spec §3 Cart `voucher`, checkout §5 "Voucher code: max 30 characters";
 * issue 12): the code's shape, whether a voucher may be used now on a cart, and its discount.
 */
import { failure, success, type Result } from './result';

export const MAX_VOUCHER_CODE_LENGTH = 30;
/** Room for spaces typed between the code's characters (normalised away); more is not a code. */
export const MAX_VOUCHER_INPUT_LENGTH = 40;

/** Upper case, no surrounding or inner spaces: "summer 10" and "SUMMER10" are one code. */
export function normaliseVoucherCode(typed: string): string {
  return typed.replace(/\s+/g, '').toUpperCase();
}

/** Letters A–Z, digits and hyphens (what the table allows), 1…30 of them. */
const VOUCHER_CODE = /^[A-Z0-9-]+$/;

export type VoucherCodeProblem = 'required' | 'tooLong' | 'invalid';

/** What is wrong with a typed code before any lookup, or null. */
export function voucherCodeProblem(typed: string): VoucherCodeProblem | null {
  const code = normaliseVoucherCode(typed);
  if (code === '') return 'required';
  if (code.length > MAX_VOUCHER_CODE_LENGTH) return 'tooLong';
  if (!VOUCHER_CODE.test(code)) return 'invalid';
  return null;
}

export type VoucherDiscount = { type: 'percentage'; percent: number } | { type: 'amount'; amountCents: number };

export type VoucherRecord = {
  code: string;
  discount: VoucherDiscount;
  validFrom: Date | null;
  validUntil: Date | null;
  usageLimit: number | null;
  timesUsed: number;
};

/**
 * - `unknown`: no such code; `notYetValid` / `expired`: outside its window (from inclusive,
 *   until exclusive, like promos); `usedUp`: its orders reached the usage limit;
 * - `notApplicable`: the cart has nothing it could take money off (empty, or only free items).
 */
export type VoucherRefusal = 'unknown' | 'notYetValid' | 'expired' | 'usedUp' | 'notApplicable';

/** The refusals that concern the voucher itself, whatever the cart holds. */
export type VoucherValidityRefusal = Exclude<VoucherRefusal, 'notApplicable'>;

/** Whether `voucher` exists and may be used at `now` (its window, its usage limit). */
export function checkVoucherValidity(voucher: VoucherRecord | null, now: Date): Result<VoucherRecord, VoucherValidityRefusal> {
  if (!voucher) return failure('unknown');
  if (voucher.validFrom !== null && now.getTime() < voucher.validFrom.getTime()) return failure('notYetValid');
  if (voucher.validUntil !== null && now.getTime() >= voucher.validUntil.getTime()) return failure('expired');
  if (voucher.usageLimit !== null && voucher.timesUsed >= voucher.usageLimit) return failure('usedUp');
  return success(voucher);
}

/** Whether `voucher` may discount a cart whose items come to `subtotalCents` at `now`. */
export function checkVoucher(voucher: VoucherRecord | null, now: Date, subtotalCents: number): Result<VoucherRecord, VoucherRefusal> {
  const valid = checkVoucherValidity(voucher, now);
  if (!valid.ok) return valid;
  if (subtotalCents <= 0) return failure('notApplicable');
  return valid;
}

/**
 * What a voucher takes off the items' subtotal (never shipping), in cents. A percentage is
 * taken of the whole subtotal once and rounded to the nearest cent, halves up (10% of
 * 59.95 € is 6.00 €, of 0.05 € is 0.01 €): per-line rounding would make the discount depend
 * on how the cart is split. A fixed amount takes at most the subtotal: a total is never negative.
 */
export function voucherDiscountCents(discount: VoucherDiscount, subtotalCents: number): number {
  if (subtotalCents <= 0) return 0;
  // Clamped at 0 as well: a record written by hand with a negative amount never adds to a total.
  if (discount.type === 'amount') return Math.min(Math.max(discount.amountCents, 0), subtotalCents);
  const percent = Math.min(Math.max(discount.percent, 0), 100);
  // Integer arithmetic: (subtotal × percent + 50) / 100, floored, is "nearest cent, halves up".
  return Math.min(Math.floor((subtotalCents * percent + 50) / 100), subtotalCents);
}
