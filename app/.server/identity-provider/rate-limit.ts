import { RateLimiterDrizzle, type RateLimiterRes } from 'rate-limiter-flexible';
import type { ShopDb } from '../db/client';
import { rateLimits } from '../db/schema';
import { normalizeEmail } from './accounts';

export type LimitCheck = { blocked: false } | { blocked: true; retryAfterSeconds: number };

export type AttemptLimits = {
  /** Failed sign-ins from one IP address per window. */
  perIp: number;
  /** Failed sign-ins for one e-mail address per window (whoever tries). */
  perAccount: number;
  /** Sign-ups from one IP address per window. */
  signUpsPerIp: number;
  windowSeconds: number;
};

export const DEFAULT_LIMITS: AttemptLimits = { perIp: 50, perAccount: 10, signUpsPerIp: 20, windowSeconds: 15 * 60 };

/**
 * Slows down password guessing: counts failures per IP and per account in the database (so
 * every instance shares the counters), fixed windows, via rate-limiter-flexible.
 */
export function createAttemptLimiter(db: ShopDb, limits: AttemptLimits = DEFAULT_LIMITS) {
  const make = (keyPrefix: string, points: number) =>
    new RateLimiterDrizzle({ storeClient: db, schema: rateLimits, keyPrefix, points, duration: limits.windowSeconds });
  const byIp = make('sign-in-ip', limits.perIp);
  const byAccount = make('sign-in-account', limits.perAccount);
  const signUps = make('sign-up-ip', limits.signUpsPerIp);

  async function blockedFor(limiter: RateLimiterDrizzle, key: string): Promise<number> {
    const state: RateLimiterRes | null = await limiter.get(key);
    return state && state.consumedPoints >= limiter.points ? Math.max(1, Math.ceil(state.msBeforeNext / 1000)) : 0;
  }

  function verdict(...waits: number[]): LimitCheck {
    const retryAfterSeconds = Math.max(...waits);
    return retryAfterSeconds > 0 ? { blocked: true, retryAfterSeconds } : { blocked: false };
  }

  return {
    async checkSignIn(ip: string, email: string): Promise<LimitCheck> {
      return verdict(await blockedFor(byIp, ip), await blockedFor(byAccount, normalizeEmail(email)));
    },
    async recordFailedSignIn(ip: string, email: string): Promise<void> {
      await Promise.all([byIp.penalty(ip, 1), byAccount.penalty(normalizeEmail(email), 1)]);
    },
    /** A right password clears the account's failures (not the IP's). */
    async recordSignIn(email: string): Promise<void> {
      await byAccount.delete(normalizeEmail(email));
    },
    async checkSignUp(ip: string): Promise<LimitCheck> {
      return verdict(await blockedFor(signUps, ip));
    },
    async recordSignUp(ip: string): Promise<void> {
      await signUps.penalty(ip, 1);
    },
  };
}

export type AttemptLimiter = ReturnType<typeof createAttemptLimiter>;

/** Whole minutes to show in "try again in N minutes" (at least 1). */
export function minutesToWait(retryAfterSeconds: number): number {
  return Math.max(1, Math.ceil(retryAfterSeconds / 60));
}
