import { RateLimiterDrizzle } from 'rate-limiter-flexible';
import type { ShopDb } from '../db/client';
import { rateLimits } from '../db/schema';
import { normalizeEmail } from './accounts';

export type LimitCheck = { blocked: false } | { blocked: true; retryAfterSeconds: number };

export type AttemptLimits = {
  /** Sign-in failures from one IP address per window (any accounts). */
  perIp: number;
  /** Sign-in failures for one e-mail address from one IP address per window. */
  perAccountIp: number;
  /** Sign-in failures for one e-mail address per window, whoever tries: the ceiling for attacks from many IPs. */
  perAccount: number;
  /** Sign-ups from one IP address per window. */
  signUpsPerIp: number;
  windowSeconds: number;
};

export const DEFAULT_LIMITS: AttemptLimits = {
  perIp: 50,
  perAccountIp: 10,
  perAccount: 100,
  signUpsPerIp: 20,
  windowSeconds: 15 * 60,
};

/** What a guarded sign-in answers: blocked before the password was checked, or the check's own result. */
export type GuardedAttempt<T> = { blocked: true; retryAfterSeconds: number } | { blocked: false; result: T | null };

/**
 * Slows down password guessing with fixed-window counters in the database (every instance
 * shares them), via rate-limiter-flexible. Each attempt is counted *before* the password is
 * checked (one atomic upsert per counter), so parallel requests cannot all pass a read-then-write
 * check; a right password gives the attempt back.
 *
 * Counters, in order, each touched only when the previous one let the attempt through: per IP,
 * per account+IP (so an attacker's failures block the attacker, not the fan on another device),
 * and per account (a higher ceiling against attacks spread over many IPs).
 */
export function createAttemptLimiter(db: ShopDb, limits: AttemptLimits = DEFAULT_LIMITS) {
  const make = (keyPrefix: string, points: number) =>
    new RateLimiterDrizzle({ storeClient: db, schema: rateLimits, keyPrefix, points, duration: limits.windowSeconds });
  const byIp = make('sign-in-ip', limits.perIp);
  const byAccountIp = make('sign-in-account-ip', limits.perAccountIp);
  const byAccount = make('sign-in-account', limits.perAccount);
  const signUps = make('sign-up-ip', limits.signUpsPerIp);

  /** Counts one attempt; 0 when it is within the limit, else the seconds until the window ends. */
  async function take(limiter: RateLimiterDrizzle, key: string): Promise<number> {
    // `penalty` is the library's unconditional increment; it answers the count after it.
    const state = await limiter.penalty(key, 1);
    return state.consumedPoints > limiter.points ? Math.max(1, Math.ceil(state.msBeforeNext / 1000)) : 0;
  }

  const blocked = (retryAfterSeconds: number) => ({ blocked: true as const, retryAfterSeconds });
  const accountIpKey = (ip: string, account: string) => `${account} ${ip}`;

  /** Counts a sign-in attempt against the three counters in turn; blocked at the first one over its limit. */
  async function takeSignIn(ip: string, account: string): Promise<LimitCheck> {
    for (const [limiter, key] of [
      [byIp, ip],
      [byAccountIp, accountIpKey(ip, account)],
      [byAccount, account],
    ] as const) {
      const wait = await take(limiter, key);
      if (wait > 0) return blocked(wait);
    }
    return { blocked: false };
  }

  return {
    /**
     * Counts the attempt, then (unless a limit is reached) runs `check` — the password check.
     * A right password (a non-null result) clears this account's failures from this IP and
     * gives back the attempt on the IP and account counters.
     */
    async guardSignIn<T>(ip: string, email: string, check: () => Promise<T | null>): Promise<GuardedAttempt<T>> {
      const account = normalizeEmail(email);
      const limit = await takeSignIn(ip, account);
      if (limit.blocked) return limit;
      const result = await check();
      if (result !== null) {
        await Promise.all([byIp.reward(ip, 1), byAccount.reward(account, 1), byAccountIp.delete(accountIpKey(ip, account))]);
      }
      return { blocked: false, result };
    },
    /** Counts a sign-up from `ip` (before creating the account, so parallel requests cannot all pass). */
    async takeSignUp(ip: string): Promise<LimitCheck> {
      const wait = await take(signUps, ip);
      return wait > 0 ? blocked(wait) : { blocked: false };
    },
  };
}

export type AttemptLimiter = ReturnType<typeof createAttemptLimiter>;

/** Whole minutes to show in "try again in N minutes" (at least 1). */
export function minutesToWait(retryAfterSeconds: number): number {
  return Math.max(1, Math.ceil(retryAfterSeconds / 60));
}
