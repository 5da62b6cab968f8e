// Cart vouchers (issue 12): finding one by its code, and the guessing limits on typed codes.
import { desc, eq } from 'drizzle-orm';
import { failure, success, type Result } from '../../domain/result';
import {
  checkVoucherValidity,
  normaliseVoucherCode,
  voucherCodeProblem,
  type VoucherCodeProblem,
  type VoucherDiscount,
  type VoucherRecord,
  type VoucherValidityRefusal,
} from '../../domain/voucher';
import type { ShopDb } from '../db/client';
import { vouchers } from '../db/schema';
import type { ServiceDeps } from '.';
import type { CodeAttempt, CodeAttemptLimiter } from './code-attempts';

export type VoucherRow = typeof vouchers.$inferSelect;

export function voucherRecordOf(row: VoucherRow): VoucherRecord {
  return {
    code: row.code,
    discount: row.discountType === 'percentage' ? { type: 'percentage', percent: row.amount } : { type: 'amount', amountCents: row.amount },
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    usageLimit: row.usageLimit,
    timesUsed: row.timesUsed,
  };
}

/** A stored voucher by its (normalised) code; null for none. */
export async function findVoucher(db: ShopDb, code: string): Promise<VoucherRecord | null> {
  const [row] = await db.select().from(vouchers).where(eq(vouchers.code, code)).limit(1);
  return row ? voucherRecordOf(row) : null;
}

export type TooManyVoucherAttempts = { ok: false; reason: 'too-many-attempts'; fields: { voucherCode: 'too-many-attempts' }; retryAfterSeconds: number };

/** `invalid` with `voucherCode`: a VoucherCodeProblem (not counted) or a VoucherValidityRefusal. */
export type VoucherLookupResult = Result<VoucherRecord, 'invalid', 'voucherCode'> | TooManyVoucherAttempts;

export type VoucherLookupProblem = VoucherCodeProblem | VoucherValidityRefusal;

/** A voucher support staff mint (/dev/vouchers): the code normalised, the window from now. */
export type VoucherMint = { code: string; discount: VoucherDiscount; validUntil: Date; usageLimit: number | null };

/** `code`: a VoucherCodeProblem, or `taken` (a voucher with that code exists). */
export type MintVoucherResult = Result<{ code: string }, 'invalid', 'code' | 'validUntil'>;

/** A voucher as the support page lists it, with whether it may be used now. */
export type VoucherListing = VoucherRecord & { createdAt: Date; usableNow: VoucherValidityRefusal | 'valid' };

export function createVouchersService({ db, clock }: Pick<ServiceDeps, 'db' | 'clock'>, { attempts }: { attempts: CodeAttemptLimiter }) {
  return {
    /**
     * A code a fan typed: its shape first (a typo of shape costs no attempt), then one attempt
     * counted before the lookup, given back when the voucher exists and may be used now. Only
     * guesses add up, so a script cannot walk the code space and a fan who mistypes is never stopped.
     */
    async lookUp(typed: string, attempt: CodeAttempt): Promise<VoucherLookupResult> {
      const problem = voucherCodeProblem(typed);
      if (problem !== null) return failure('invalid', { voucherCode: problem });
      const retryAfterSeconds = await attempts.take(attempt);
      if (retryAfterSeconds !== null) {
        return { ok: false, reason: 'too-many-attempts', fields: { voucherCode: 'too-many-attempts' }, retryAfterSeconds };
      }
      const valid = checkVoucherValidity(await findVoucher(db, normaliseVoucherCode(typed)), clock.now());
      if (!valid.ok) return failure('invalid', { voucherCode: valid.reason });
      await attempts.giveBack(attempt);
      return success(valid.value);
    },

    /** Support: a new voucher valid from now until `validUntil`; a code that exists is `taken`. */
    async mint({ code, discount, validUntil, usageLimit }: VoucherMint): Promise<MintVoucherResult> {
      const problem = voucherCodeProblem(code);
      if (problem !== null) return failure('invalid', { code: problem });
      const now = clock.now();
      if (validUntil.getTime() <= now.getTime()) return failure('invalid', { validUntil: 'notFuture' });
      const [row] = await db
        .insert(vouchers)
        .values({
          code: normaliseVoucherCode(code),
          discountType: discount.type,
          amount: discount.type === 'percentage' ? discount.percent : discount.amountCents,
          validFrom: now,
          validUntil,
          usageLimit,
        })
        .onConflictDoNothing({ target: vouchers.code })
        .returning({ code: vouchers.code });
      return row ? success(row) : failure('invalid', { code: 'taken' });
    },

    /** Support: the latest vouchers first, with whether each may be used now. */
    async listLatest(limit = 30): Promise<VoucherListing[]> {
      const now = clock.now();
      const rows = await db.select().from(vouchers).orderBy(desc(vouchers.createdAt), vouchers.code).limit(limit);
      return rows.map((row) => {
        const record = voucherRecordOf(row);
        const valid = checkVoucherValidity(record, now);
        return { ...record, createdAt: row.createdAt, usableNow: valid.ok ? 'valid' : valid.reason };
      });
    },
  };
}

export type VouchersService = ReturnType<typeof createVouchersService>;
