import { RateLimiterDrizzle } from 'rate-limiter-flexible';
import type { ShopDb } from '../db/client';
import { rateLimits } from '../db/schema';
import { normalizeEmail } from './accounts';

export type LimitCheck = { blocked: false } | { blocked: true; retryAfterSeconds: number };

export type AttemptLimits = {
  /** Sign-in failures from one IP address per window (any accounts). */
  perIp: number;
  /** Sign-in failures for one e-mail address from one IP address, or from one browser that signed in to it, per window. */
  perAccountIp: number;
  /** Sign-in failures for one e-mail address per window from browsers that never signed in to it: the ceiling for attacks from many IPs. */
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

/** Where a sign-in attempt comes from, besides its IP address. */
export type AttemptSource = {
  /** The browser's device id when its device cookie vouches for the account (device-cookie.ts). */
  device?: string | null;
};

/**
 * What a guarded sign-in answers: blocked before the password was checked; the check's own
 * result; or, beyond the account's ceiling for a browser that never signed in to it, held: the
 * same answer whether the password was right or wrong. `owner` is then the check's result, only
 * to mail the account a link that trusts the browser (trust-link.ts): never sign anyone in with it.
 */
export type GuardedAttempt<T> =
  | { blocked: true; held?: undefined; retryAfterSeconds: number }
  | { blocked: false; held?: undefined; result: T | null }
  | { blocked: false; held: true; retryAfterSeconds: number; owner: T | null };

/**
 * Slows down password guessing with fixed-window counters in the database (every instance
 * shares them), via rate-limiter-flexible. Each attempt is counted *before* the password is
 * checked (one atomic upsert per counter), so parallel requests cannot all pass a read-then-write
 * check; a right password gives the attempt back.
 *
 * A browser whose device cookie vouches for the account (it signed in to it before) has a counter
 * of its own (per account and device) and no other: strangers' failures, and an address shared
 * with them, cannot refuse the fan there. Any other attempt is counted, in order, each counter
 * touched only when the previous one let it through: per IP; per account+IP (an attacker's
 * failures block the attacker, not the fan elsewhere); per account, the ceiling against attacks
 * spread over many IPs. Beyond that ceiling an attempt is still counted and checked (the IP
 * and account+IP counters still bound each address), but held: right or wrong, it gets the same
 * answer and touches no counter differently, so guesses there teach an attacker nothing, and the
 * fan's right password on a new device at a new address is not refused either: the route mails
 * the account a link that makes that browser trusted.
 */
export function createAttemptLimiter(db: ShopDb, limits: AttemptLimits = DEFAULT_LIMITS) {
  const make = (keyPrefix: string, points: number) =>
    new RateLimiterDrizzle({ storeClient: db, schema: rateLimits, keyPrefix, points, duration: limits.windowSeconds });
  const byIp = make('sign-in-ip', limits.perIp);
  const byAccountIp = make('sign-in-account-ip', limits.perAccountIp);
  const byAccount = make('sign-in-account', limits.perAccount);
  const byDevice = make('sign-in-device', limits.perAccountIp);
  const signUps = make('sign-up-ip', limits.signUpsPerIp);

  /** Counts one attempt: whether it is over the limit, and the seconds until the window ends. */
  async function take(limiter: RateLimiterDrizzle, key: string) {
    // `penalty` is the library's unconditional increment; it answers the count after it.
    const state = await limiter.penalty(key, 1);
    return { over: state.consumedPoints > limiter.points, wait: Math.max(1, Math.ceil(state.msBeforeNext / 1000)) };
  }

  const blocked = (retryAfterSeconds: number) => ({ blocked: true as const, retryAfterSeconds });
  const accountIpKey = (ip: string, account: string) => `${account} ${ip}`;
  const deviceKey = (device: string, account: string) => `${account} ${device}`;

  /** Counts a sign-in attempt; blocked at the first counter over its limit, held beyond the account's ceiling. */
  async function takeSignIn(ip: string, account: string, device: string | null): Promise<LimitCheck | { blocked: false; held: true; retryAfterSeconds: number }> {
    if (device) {
      const own = await take(byDevice, deviceKey(device, account));
      return own.over ? blocked(own.wait) : { blocked: false };
    }
    const fromIp = await take(byIp, ip);
    if (fromIp.over) return blocked(fromIp.wait);
    const fromHere = await take(byAccountIp, accountIpKey(ip, account));
    if (fromHere.over) return blocked(fromHere.wait);
    const anywhere = await take(byAccount, account);
    return anywhere.over ? { blocked: false, held: true, retryAfterSeconds: anywhere.wait } : { blocked: false };
  }

  return {
    /**
     * Counts the attempt, then (unless a limit is reached) runs `check` — the password check.
     * A right password (a non-null result) clears this account's failures from this browser or
     * IP, and gives back the attempt on the IP and account counters — except when held, where
     * a right password changes nothing an attacker could notice.
     */
    async guardSignIn<T>(ip: string, email: string, check: () => Promise<T | null>, source: AttemptSource = {}): Promise<GuardedAttempt<T>> {
      const account = normalizeEmail(email);
      const device = source.device ?? null;
      const limit = await takeSignIn(ip, account, device);
      if (limit.blocked) return limit;
      const result = await check();
      if ('held' in limit) return { ...limit, owner: result };
      if (result !== null) {
        if (device) await byDevice.delete(deviceKey(device, account));
        else await Promise.all([byIp.reward(ip, 1), byAccount.reward(account, 1), byAccountIp.delete(accountIpKey(ip, account))]);
      }
      return { blocked: false, result };
    },
    /** Counts a sign-up from `ip` (before creating the account, so parallel requests cannot all pass). */
    async takeSignUp(ip: string): Promise<LimitCheck> {
      const state = await take(signUps, ip);
      return state.over ? blocked(state.wait) : { blocked: false };
    },
  };
}

export type AttemptLimiter = ReturnType<typeof createAttemptLimiter>;

/** Whole minutes to show in "try again in N minutes" (at least 1). */
export function minutesToWait(retryAfterSeconds: number): number {
  return Math.max(1, Math.ceil(retryAfterSeconds / 60));
}
