import { RateLimiterDrizzle } from 'rate-limiter-flexible';
import type { ShopDb } from '../db/client';
import { rateLimits } from '../db/schema';

/** The codes fans type whose guesses are limited: coupons (configure), vouchers (cart) and gift links (redeem). */
export type CodeKind = 'coupon' | 'voucher' | 'gift';

export type CodeAttemptLimits = {
  /** Failed checks by one fan per window. */
  perFan: number;
  /** Failed checks from one IP address per window (any fans: a family or an office share one). */
  perIp: number;
  windowSeconds: number;
};

/**
 * Coupon codes are ~52 random bits, so guessing one is hopeless anyway; voucher codes are
 * words a club hands out, so the limits matter more there. Both stop a script from walking the
 * code space or hammering the table, and never a fan who mistypes a few times.
 */
export const DEFAULT_CODE_ATTEMPT_LIMITS: CodeAttemptLimits = { perFan: 10, perIp: 30, windowSeconds: 15 * 60 };

export type CodeAttempt = { customerId: string; ip: string };

/**
 * Counts checks of one kind of code in `rate_limits` (rate-limiter-flexible, as the sign-in
 * limits do): each check is counted *before* the lookup (one atomic upsert per counter, so
 * parallel requests cannot all pass a read-then-write test), and a valid code gives its attempt
 * back, so only failures add up. Each kind has its own counters (key prefix). Built once per
 * process on the database itself, never on a transaction: a rolled-back use case must not give
 * its attempts back.
 */
export function createCodeAttemptLimiter(db: ShopDb, kind: CodeKind, limits: CodeAttemptLimits = DEFAULT_CODE_ATTEMPT_LIMITS) {
  // Made on first use: the library starts a (unref'd) clean-up timer per limiter.
  let counters: { byFan: RateLimiterDrizzle; byIp: RateLimiterDrizzle } | undefined;
  const countersFor = () =>
    (counters ??= {
      byFan: new RateLimiterDrizzle({ storeClient: db, schema: rateLimits, keyPrefix: `${kind}-fan`, points: limits.perFan, duration: limits.windowSeconds }),
      byIp: new RateLimiterDrizzle({ storeClient: db, schema: rateLimits, keyPrefix: `${kind}-ip`, points: limits.perIp, duration: limits.windowSeconds }),
    });

  return {
    /** Counts one check; null when within the limits, else the seconds until the window ends. */
    async take({ customerId, ip }: CodeAttempt): Promise<number | null> {
      const { byFan, byIp } = countersFor();
      // The fan's counter first: a blocked fan does not use up the IP's allowance.
      for (const [limiter, key] of [
        [byFan, customerId],
        [byIp, ip],
      ] as const) {
        // `penalty` is the library's unconditional increment; it answers the count after it.
        const state = await limiter.penalty(key, 1);
        if (state.consumedPoints > limiter.points) return Math.max(1, Math.ceil(state.msBeforeNext / 1000));
      }
      return null;
    },
    /** Gives back a check that found a valid code. */
    async giveBack({ customerId, ip }: CodeAttempt): Promise<void> {
      const { byFan, byIp } = countersFor();
      await Promise.all([byFan.reward(customerId, 1), byIp.reward(ip, 1)]);
    },
  };
}

export type CodeAttemptLimiter = ReturnType<typeof createCodeAttemptLimiter>;
