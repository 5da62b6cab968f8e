import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authContext } from '../app/.server/auth/context';
import type { Database } from '../app/.server/db/client';
import { readConfig } from '../app/.server/env';
import { parseTrustProxy } from '../app/.server/http/request-id';
import { createAttemptLimiter, DEFAULT_LIMITS, minutesToWait, type AttemptLimits } from '../app/.server/identity-provider/rate-limit';
import { createTestDatabase } from './support/database';
import { startSignInService, type SignInService } from './support/sign-in-service';

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

  it('has an account-wide ceiling for failures spread over many IPs: beyond it, an address that failed is refused', async () => {
    const limiter = createAttemptLimiter(database.db, limits);
    for (const ip of ['10.1.0.1', '10.1.0.2', '10.1.0.3']) {
      for (let attempt = 0; attempt < 2; attempt += 1) await limiter.guardSignIn(ip, 'popular@example.org', wrong);
    }
    // Under its own limit of 3, but beyond the account's 6.
    expect((await limiter.guardSignIn('10.1.0.3', 'popular@example.org', right)).blocked).toBe(true);
    // Another account from the same IPs is not affected.
    expect((await limiter.guardSignIn('10.1.0.3', 'other@example.org', right)).blocked).toBe(false);
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

describe('strangers cannot lock a fan out (the default limits: 50 per address, 10 per account from one address or browser, 100 per account)', () => {
  // A manual clock for the limiter (rate-limiter-flexible reads Date itself).
  const start = new Date('2026-05-01T10:00:00Z');
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const stranger = (n: number) => `198.18.${Math.floor(n / 200)}.${(n % 200) + 1}`;
  const signedIn = { blocked: false, result: { id: 'fan' } };

  it('lets the fan in with the right password from a fresh address after 100 strangers\u2019 failures, from the browser that signed in before or from a new one', async () => {
    const limiter = createAttemptLimiter(database.db, DEFAULT_LIMITS);
    const fan = 'besieged@example.org';
    // Each from another address: the 100th is still checked (the account's ceiling is 100).
    for (let n = 0; n < 100; n += 1) expect((await limiter.guardSignIn(stranger(n), fan, wrong)).blocked, `failure ${n + 1}`).toBe(false);
    // The 101st from an address that has failed for the account: refused until the window ends.
    const again = await limiter.guardSignIn(stranger(7), fan, right);
    expect(again).toEqual({ blocked: true, retryAfterSeconds: 900 });

    // The fan, from an address no stranger used: from the browser that signed in to the account before…
    expect(await limiter.guardSignIn('192.0.2.200', fan, right, { device: 'fans-laptop' })).toEqual(signedIn);
    // …and from a device that never did.
    expect(await limiter.guardSignIn('192.0.2.201', fan, right)).toEqual(signedIn);
    // Still 15 minutes for the strangers' addresses, to the second.
    vi.setSystemTime(start.getTime() + 899_000);
    expect((await limiter.guardSignIn(stranger(7), fan, wrong)).blocked).toBe(true);
    vi.setSystemTime(start.getTime() + 900_000);
    expect((await limiter.guardSignIn(stranger(7), fan, wrong)).blocked).toBe(false);
  });

  it('beyond the account\u2019s ceiling, gives each address one check for the account (the bounded price of never refusing the fan on a new device)', async () => {
    const limiter = createAttemptLimiter(database.db, DEFAULT_LIMITS);
    const fan = 'ceiling@example.org';
    for (let n = 0; n < 100; n += 1) await limiter.guardSignIn(stranger(1000 + n), fan, wrong);
    let checked = 0;
    const counting = async () => {
      checked += 1;
      return null;
    };
    // A fresh address: one check, then refused like the others.
    expect(await limiter.guardSignIn('203.0.113.150', fan, counting)).toEqual({ blocked: false, result: null });
    expect((await limiter.guardSignIn('203.0.113.150', fan, counting)).blocked).toBe(true);
    expect(checked).toBe(1);
    // Below the ceiling an address has its 10 (another account, the same address).
    for (let n = 0; n < 10; n += 1) expect((await limiter.guardSignIn('203.0.113.150', 'other@example.org', wrong)).blocked).toBe(false);
    expect((await limiter.guardSignIn('203.0.113.150', 'other@example.org', wrong)).blocked).toBe(true);
  });

  it('counts the failures of a browser that signed in to the account apart: 10 of its own, strangers\u2019 not among them, the address not either', async () => {
    const limiter = createAttemptLimiter(database.db, DEFAULT_LIMITS);
    const fan = 'typist@example.org';
    // Strangers fill the account's ceiling, and one address is blocked by its failures on other accounts.
    for (let n = 0; n < 100; n += 1) await limiter.guardSignIn(stranger(2000 + n), fan, wrong);
    for (let n = 0; n < 50; n += 1) await limiter.guardSignIn('203.0.113.77', `someone${n}@example.org`, wrong);
    expect((await limiter.guardSignIn('203.0.113.77', 'new@example.org', right)).blocked).toBe(true);

    // The fan's phone, behind that address (a shared network) and then others: the 10th failure is checked, the 11th refused.
    for (let n = 0; n < 10; n += 1) {
      expect((await limiter.guardSignIn(n < 5 ? '203.0.113.77' : `192.0.2.${n}`, fan, wrong, { device: 'fans-phone' })).blocked, `failure ${n + 1}`).toBe(false);
    }
    expect(await limiter.guardSignIn('192.0.2.30', fan, right, { device: 'fans-phone' })).toMatchObject({ blocked: true, retryAfterSeconds: 900 });
    // Its failures are its own: the fan's laptop and strangers' counts are as they were.
    expect(await limiter.guardSignIn('203.0.113.77', fan, right, { device: 'fans-laptop' })).toEqual(signedIn);
    vi.setSystemTime(start.getTime() + 900_000);
    expect(await limiter.guardSignIn('192.0.2.30', fan, right, { device: 'fans-phone' })).toEqual(signedIn);
  });
});

describe('the sign-in page remembers the browsers that signed in (HTTP, without JavaScript)', () => {
  let service: SignInService;
  beforeAll(async () => {
    service = await startSignInService(database);
  });
  afterAll(() => service?.close());

  it('after 100 strangers\u2019 failures from 100 addresses, the fan signs in from the laptop at one of them and from a new phone; a stranger there gets 429', async () => {
    const email = 'sieged@example.org';
    const password = 'correct horse battery';
    const { identityProvider, attempts } = service.context.get(authContext);
    await identityProvider!.accounts.signUp({ email, password, givenName: 'Ada', familyName: 'Rossi' });
    // Signed in once on the fan's laptop (at home), then signed out.
    const laptop = service.browser('192.0.2.1');
    expect((await laptop.signIn(email, password)).url.pathname).toBe('/');
    await laptop.follow('/logout/do', { method: 'POST' });

    for (let n = 0; n < 100; n += 1) await attempts.guardSignIn(`198.18.1.${n + 1}`, email, async () => null);

    // The laptop behind an address the strangers used (a shared network): its cookie vouches for it.
    laptop.ip = '198.18.1.42';
    expect((await laptop.signIn(email, password)).url.pathname).toBe('/');
    // A phone that never signed in, at a fresh address.
    expect((await service.browser('192.0.2.3').signIn(email, password)).url.pathname).toBe('/');
    // Another browser at the strangers' address, even with the right password: refused.
    const stranger = service.browser('198.18.1.42');
    const page = await stranger.follow('/login');
    const refused = await stranger.request(page.url.pathname, { form: { email, password } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(800);
    // What the laptop showed: its signed, HttpOnly cookie, sent to the sign-in pages only.
    expect(laptop.setCookies.find((cookie) => cookie.startsWith('__shop_device='))).toMatch(/; Path=\/sign-in; .*HttpOnly; SameSite=Strict/);
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
