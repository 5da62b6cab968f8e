import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { couponCodeFrom, couponState, isCouponProduct, type CouponState } from '../../domain/coupon';
import { readCouponCode } from '../../domain/coupon-code';
import type { LocalizedText } from '../../domain/catalogue-types';
import { isLookupKey } from '../../domain/plain-text';
import { failure, success, type Failure, type Result } from '../../domain/result';
import type { ShopDb } from '../db/client';
import { coupons, customers, products } from '../db/schema';
import type { ServiceDeps } from '.';
import type { CodeAttempt, CodeAttemptLimiter } from './code-attempts';

/** A coupon that can be used now: its normalised code and the product it unlocks. */
export type CouponMatch = { code: string; productId: string; expiresAt: Date };

/**
 * Why a code is refused. 'invalid': not a complete code (field reason 'required' or
 * 'incomplete'), never looked up; 'other-product': valid, but for another product than the
 * form's. The field reason (`fields.couponCode`) repeats the reason for the form's message.
 */
export type CouponRefusal = 'invalid' | 'unknown' | 'expired' | 'used' | 'other-product';

/** Too many failed checks by this fan or from this IP: retry after the window ends. */
export type TooManyCouponAttempts = Failure<'too-many-attempts', 'couponCode'> & { retryAfterSeconds: number };

export type CouponCheckResult = Result<CouponMatch, CouponRefusal, 'couponCode'> | TooManyCouponAttempts;
export type CouponRedeemResult = Result<CouponMatch, CouponRefusal, 'couponCode'>;
export type MintResult = Result<{ code: string }, 'unknown-product' | 'not-coupon-product' | 'invalid', 'expiresAt'>;

/** A coupon as the support page lists it. */
export type CouponListing = {
  code: string;
  productId: string;
  productName: LocalizedText;
  expiresAt: Date;
  redeemedAt: Date | null;
  redeemedByEmail: string | null;
  createdAt: Date;
  state: CouponState;
};

/** Minting gives up after this many codes already taken in a row (each has odds of ~10^-15 per coupon). */
const MINT_TRIES = 5;

const refuse = (reason: Exclude<CouponRefusal, 'invalid'>) => failure(reason, { couponCode: reason });

export function createCouponsService(
  { db, clock }: Pick<ServiceDeps, 'db' | 'clock'>,
  { attempts, randomIndex = randomInt }: { attempts: CodeAttemptLimiter; randomIndex?: (below: number) => number },
) {
  /** Why a code that the conditional update did not take is not usable now (or null if it is). */
  async function explain(runner: ShopDb, code: string, productId: string | undefined) {
    const [coupon] = await runner.select().from(coupons).where(eq(coupons.code, code));
    if (!coupon) return { refusal: refuse('unknown') } as const;
    const state = couponState(coupon, clock.now());
    if (state !== 'valid') return { refusal: refuse(state) } as const;
    if (productId !== undefined && coupon.productId !== productId) return { refusal: refuse('other-product') } as const;
    return { match: { code: coupon.code, productId: coupon.productId, expiresAt: coupon.expiresAt } } as const;
  }

  return {
    /**
     * For the coupon forms: whether the typed code can be used now, and for which product
     * (`productId`: the form's product, when it has one). With `attempt` (a fan's form post) the
     * check counts against the fan's and the IP's limits, before the lookup; a valid code gives
     * its attempt back. Nothing is changed: `redeem` does that, in the cart's transaction.
     */
    async check(input: string, options: { productId?: string; attempt?: CodeAttempt } = {}): Promise<CouponCheckResult> {
      const { code, problem } = readCouponCode(input);
      if (problem) return failure('invalid', { couponCode: problem });
      if (options.attempt) {
        const retryAfterSeconds = await attempts.take(options.attempt);
        if (retryAfterSeconds !== null) {
          return { ...failure('too-many-attempts', { couponCode: 'tooManyAttempts' }), retryAfterSeconds };
        }
      }
      const outcome = await explain(db, code, options.productId);
      if (outcome.refusal) return outcome.refusal;
      if (options.attempt) await attempts.giveBack(options.attempt);
      return success(outcome.match);
    },

    /**
     * Marks the coupon used by `customerId`, in the caller's transaction (`tx`, or this
     * service's own database — a transaction when built by `services.transaction`): one
     * conditional UPDATE, so of two concurrent redemptions exactly one changes the row (on
     * PostgreSQL the second waits for the first's row lock, then finds `redeemed_at` set). When
     * the caller rolls back, the coupon is unused again. `productId`: the item's product, which
     * the coupon must unlock.
     */
    async redeem(
      input: string,
      customerId: string,
      options: { productId?: string; tx?: ShopDb } = {},
    ): Promise<CouponRedeemResult> {
      const runner = options.tx ?? db;
      const { code, problem } = readCouponCode(input);
      if (problem) return failure('invalid', { couponCode: problem });
      const now = clock.now();
      const [taken] = await runner
        .update(coupons)
        .set({ redeemedAt: now, redeemedBy: customerId })
        .where(
          and(
            eq(coupons.code, code),
            isNull(coupons.redeemedAt),
            gt(coupons.expiresAt, now),
            options.productId === undefined ? undefined : eq(coupons.productId, options.productId),
          ),
        )
        .returning({ code: coupons.code, productId: coupons.productId, expiresAt: coupons.expiresAt });
      if (taken) return success(taken);
      const outcome = await explain(runner, code, options.productId);
      // Usable now but not taken: a product id no coupon can have; say so rather than 'valid'.
      return outcome.refusal ?? refuse('other-product');
    },

    /** Support: a new unguessable code for a membership, usable until `expiresAt`. */
    async mint(productId: string, expiresAt: Date): Promise<MintResult> {
      if (!isLookupKey(productId)) return failure('unknown-product');
      const [product] = await db.select({ tags: products.tags }).from(products).where(eq(products.id, productId));
      if (!product) return failure('unknown-product');
      if (!isCouponProduct(product)) return failure('not-coupon-product');
      if (Number.isNaN(expiresAt.getTime()) || expiresAt.getTime() <= clock.now().getTime()) {
        return failure('invalid', { expiresAt: 'notFuture' });
      }
      for (let tries = 0; tries < MINT_TRIES; tries += 1) {
        const [row] = await db
          .insert(coupons)
          .values({ code: couponCodeFrom(randomIndex), productId, expiresAt })
          .onConflictDoNothing({ target: coupons.code })
          .returning({ code: coupons.code });
        if (row) return success(row);
      }
      throw new Error(`coupons: ${MINT_TRIES} freshly drawn codes were all taken; is the random source broken?`);
    },

    /** Support: the latest coupons first, with their state now. */
    async listLatest(limit = 30): Promise<CouponListing[]> {
      const now = clock.now();
      const rows = await db
        .select({
          code: coupons.code,
          productId: coupons.productId,
          productName: products.name,
          expiresAt: coupons.expiresAt,
          redeemedAt: coupons.redeemedAt,
          redeemedByEmail: customers.email,
          createdAt: coupons.createdAt,
        })
        .from(coupons)
        .innerJoin(products, eq(products.id, coupons.productId))
        .leftJoin(customers, eq(customers.id, coupons.redeemedBy))
        .orderBy(desc(coupons.createdAt), coupons.code)
        .limit(limit);
      return rows.map((row) => ({ ...row, state: couponState(row, now) }));
    },
  };
}

export type CouponsService = ReturnType<typeof createCouponsService>;
