import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../app/.server/db/client';
import { createAttemptLimiter, minutesToWait } from '../app/.server/identity-provider/rate-limit';
import { createTestDatabase } from './support/database';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

// rate-limiter-flexible's RateLimiterDrizzle on our `rate_limits` table, on both engines.
describe('sign-in attempt limits', () => {
  const limits = { perIp: 5, perAccount: 3, signUpsPerIp: 2, windowSeconds: 900 };

  it('blocks an account after its failures, whatever IP the attempts come from', async () => {
    const limiter = createAttemptLimiter(database.db, limits);
    for (const ip of ['10.0.0.1', '10.0.0.2']) {
      expect(await limiter.checkSignIn(ip, 'victim@example.org')).toEqual({ blocked: false });
      await limiter.recordFailedSignIn(ip, 'victim@example.org');
    }
    expect((await limiter.checkSignIn('10.0.0.3', 'victim@example.org')).blocked).toBe(false);
    await limiter.recordFailedSignIn('10.0.0.3', 'Victim@Example.org');
    const blocked = await limiter.checkSignIn('10.0.0.4', 'victim@example.org');
    expect(blocked.blocked).toBe(true);
    if (blocked.blocked) {
      expect(blocked.retryAfterSeconds).toBeGreaterThan(890);
      expect(blocked.retryAfterSeconds).toBeLessThanOrEqual(900);
      expect(minutesToWait(blocked.retryAfterSeconds)).toBe(15);
    }
    // Another account from the same IPs is not affected.
    expect(await limiter.checkSignIn('10.0.0.4', 'other@example.org')).toEqual({ blocked: false });
  });

  it('blocks an IP after its failures across accounts', async () => {
    const limiter = createAttemptLimiter(database.db, limits);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await limiter.recordFailedSignIn('192.0.2.7', `fan${attempt}@example.org`);
    }
    expect((await limiter.checkSignIn('192.0.2.7', 'new@example.org')).blocked).toBe(true);
    expect((await limiter.checkSignIn('192.0.2.8', 'new@example.org')).blocked).toBe(false);
  });

  it('forgets an account\u2019s failures after a right password', async () => {
    const limiter = createAttemptLimiter(database.db, limits);
    await limiter.recordFailedSignIn('198.51.100.1', 'forgetful@example.org');
    await limiter.recordFailedSignIn('198.51.100.1', 'forgetful@example.org');
    await limiter.recordSignIn('forgetful@example.org');
    await limiter.recordFailedSignIn('198.51.100.1', 'forgetful@example.org');
    await limiter.recordFailedSignIn('198.51.100.1', 'forgetful@example.org');
    expect((await limiter.checkSignIn('198.51.100.2', 'forgetful@example.org')).blocked).toBe(false);
  });

  it('limits sign-ups per IP', async () => {
    const limiter = createAttemptLimiter(database.db, limits);
    await limiter.recordSignUp('203.0.113.9');
    expect((await limiter.checkSignUp('203.0.113.9')).blocked).toBe(false);
    await limiter.recordSignUp('203.0.113.9');
    expect((await limiter.checkSignUp('203.0.113.9')).blocked).toBe(true);
  });

  it('starts a new window when the old one has expired', async () => {
    const limiter = createAttemptLimiter(database.db, { ...limits, perAccount: 1, windowSeconds: 1 });
    await limiter.recordFailedSignIn('203.0.113.50', 'window@example.org');
    expect((await limiter.checkSignIn('203.0.113.50', 'window@example.org')).blocked).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await limiter.checkSignIn('203.0.113.50', 'window@example.org')).blocked).toBe(false);
  });
});
