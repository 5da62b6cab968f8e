import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../app/.server/db/client';
import { readConfig } from '../app/.server/env';
import { parseTrustProxy } from '../app/.server/http/request-id';
import { createAttemptLimiter, minutesToWait, type AttemptLimits } from '../app/.server/identity-provider/rate-limit';
import { createTestDatabase } from './support/database';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

const limits: AttemptLimits = { perIp: 5, perAccountIp: 3, perAccount: 6, signUpsPerIp: 2, windowSeconds: 900 };
const wrong = async () => null;
const right = async () => ({ id: 'fan' });

// rate-limiter-flexible's RateLimiterDrizzle on our `rate_limits` table, on both engines.
describe('sign-in attempt limits', () => {
  it('checks at most the limit of 40 parallel wrong passwords for one account', async () => {
    const limiter = createAttemptLimiter(database.db, { ...limits, perIp: 50, perAccountIp: 10, perAccount: 100 });
    let checked = 0;
    const check = async () => {
      checked += 1;
      return null;
    };
    const attempts = await Promise.all(
      Array.from({ length: 40 }, () => limiter.guardSignIn('203.0.113.40', 'parallel@example.org', check)),
    );
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(10);
    expect(attempts.filter((attempt) => attempt.blocked)).toHaveLength(40 - checked);
  });

  it('blocks the attacker, not the fan: a right password from an IP that has not failed still works', async () => {
    const limiter = createAttemptLimiter(database.db, limits);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      await limiter.guardSignIn('198.51.100.66', 'Fan@Example.org', wrong);
    }
    const attacker = await limiter.guardSignIn('198.51.100.66', 'fan@example.org', right);
    expect(attacker.blocked).toBe(true);
    if (attacker.blocked) {
      expect(attacker.retryAfterSeconds).toBeGreaterThan(890);
      expect(attacker.retryAfterSeconds).toBeLessThanOrEqual(900);
      expect(minutesToWait(attacker.retryAfterSeconds)).toBe(15);
    }
    expect(await limiter.guardSignIn('192.0.2.10', 'fan@example.org', right)).toEqual({ blocked: false, result: { id: 'fan' } });
  });

  it('has an account-wide ceiling for failures spread over many IPs', async () => {
    const limiter = createAttemptLimiter(database.db, limits);
    for (const ip of ['10.1.0.1', '10.1.0.2', '10.1.0.3']) {
      for (let attempt = 0; attempt < 2; attempt += 1) await limiter.guardSignIn(ip, 'popular@example.org', wrong);
    }
    expect((await limiter.guardSignIn('10.1.0.4', 'popular@example.org', right)).blocked).toBe(true);
    // Another account from the same IPs is not affected.
    expect((await limiter.guardSignIn('10.1.0.4', 'other@example.org', right)).blocked).toBe(false);
  });

  it('blocks an IP after its failures across accounts', async () => {
    const limiter = createAttemptLimiter(database.db, limits);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await limiter.guardSignIn('192.0.2.7', `fan${attempt}@example.org`, wrong);
    }
    expect((await limiter.guardSignIn('192.0.2.7', 'new@example.org', right)).blocked).toBe(true);
    expect((await limiter.guardSignIn('192.0.2.8', 'new@example.org', right)).blocked).toBe(false);
  });

  it('forgets an account\u2019s failures from an IP after a right password from it', async () => {
    const limiter = createAttemptLimiter(database.db, limits);
    const attempt = (check: typeof wrong | typeof right) => limiter.guardSignIn('198.51.100.1', 'forgetful@example.org', check);
    await attempt(wrong);
    await attempt(wrong);
    expect((await attempt(right)).blocked).toBe(false);
    await attempt(wrong);
    await attempt(wrong);
    expect(await attempt(right)).toEqual({ blocked: false, result: { id: 'fan' } });
  });

  it('limits sign-ups per IP, counting before the account is made', async () => {
    const limiter = createAttemptLimiter(database.db, limits);
    const parallel = await Promise.all(Array.from({ length: 6 }, () => limiter.takeSignUp('203.0.113.9')));
    expect(parallel.filter((take) => !take.blocked)).toHaveLength(2);
  });

  it('starts a new window when the old one has expired', async () => {
    const limiter = createAttemptLimiter(database.db, { ...limits, perAccountIp: 1, windowSeconds: 1 });
    await limiter.guardSignIn('203.0.113.50', 'window@example.org', wrong);
    expect((await limiter.guardSignIn('203.0.113.50', 'window@example.org', right)).blocked).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await limiter.guardSignIn('203.0.113.50', 'window@example.org', right)).blocked).toBe(false);
  });
});

/** A bare server that runs each request's attempt through the limiter with the IP Express derives. */
async function serve(trustProxy: string, keyPrefix: string): Promise<{ url: string; server: Server }> {
  const limiter = createAttemptLimiter(database.db, limits);
  const app = express();
  app.set('trust proxy', parseTrustProxy(trustProxy));
  app.post('/sign-in', async (req, res) => {
    const attempt = await limiter.guardSignIn(req.ip ?? 'unknown', `${keyPrefix}${String(req.query.n)}@example.org`, wrong);
    res.status(attempt.blocked ? 429 : 400).end();
  });
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sign-in`, server };
}

describe('the client IP behind X-Forwarded-For', () => {
  const statuses = async (url: string) => {
    const answers: number[] = [];
    for (let n = 0; n < 6; n += 1) {
      const response = await fetch(`${url}?n=${n}`, { method: 'POST', headers: { 'X-Forwarded-For': `10.9.0.${n}` } });
      answers.push(response.status);
    }
    return answers;
  };

  it('ignores a client\u2019s X-Forwarded-For by default: spoofing does not reset the per-IP limit', async () => {
    const { url, server } = await serve(readConfig({}).trustProxy, 'spoof');
    try {
      expect(await statuses(url)).toEqual([400, 400, 400, 400, 400, 429]);
    } finally {
      server.close();
    }
  });

  it('uses X-Forwarded-For from a configured proxy', async () => {
    const { url, server } = await serve(readConfig({ TRUST_PROXY: 'loopback' }).trustProxy, 'proxied');
    try {
      expect(await statuses(url)).toEqual([400, 400, 400, 400, 400, 400]);
    } finally {
      server.close();
    }
  });
});
