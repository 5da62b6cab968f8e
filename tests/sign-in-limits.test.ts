import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import express from 'express';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authContext } from '../app/.server/auth/context';
import type { Database } from '../app/.server/db/client';
import { mailOutbox } from '../app/.server/db/schema';
import { readConfig } from '../app/.server/env';
import { parseTrustProxy } from '../app/.server/http/request-id';
import { createAttemptLimiter, DEFAULT_LIMITS, minutesToWait, type AttemptLimits, type GuardedAttempt } from '../app/.server/identity-provider/rate-limit';
import { createTestDatabase } from './support/database';
import { startSignInService, type Browser, type SignInService } from './support/sign-in-service';

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

  it('has an account-wide ceiling for failures spread over many IPs: beyond it, every answer is held alike', async () => {
    const limiter = createAttemptLimiter(database.db, limits);
    for (const ip of ['10.1.0.1', '10.1.0.2', '10.1.0.3']) {
      for (let attempt = 0; attempt < 2; attempt += 1) await limiter.guardSignIn(ip, 'popular@example.org', wrong);
    }
    // Under its own limit of 3, but beyond the account's 6: checked, and held whatever it was.
    expect(await limiter.guardSignIn('10.1.0.3', 'popular@example.org', right)).toMatchObject({ blocked: false, held: true, owner: { id: 'fan' } });
    expect(await limiter.guardSignIn('10.1.0.4', 'popular@example.org', wrong)).toMatchObject({ blocked: false, held: true, owner: null });
    // Another account from the same IPs is not affected.
    expect(await limiter.guardSignIn('10.1.0.3', 'other@example.org', right)).toEqual({ blocked: false, result: { id: 'fan' } });
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

describe('strangers cannot lock a fan out nor guess beyond the account\u2019s ceiling (the default limits: 50 per address, 10 per account from one address or browser, 100 per account)', () => {
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
  /** The one answer beyond the ceiling; `owner` (the right password's account) is for the mail only. */
  const held = (owner: { id: string } | null, retryAfterSeconds = 900) => ({ blocked: false, held: true, retryAfterSeconds, owner });

  it('checks the 100th stranger failure as usual and holds the 101st; the fan\u2019s right password from a new browser at a new address is held alike, naming whom to mail, to the second of the window', async () => {
    const limiter = createAttemptLimiter(database.db, DEFAULT_LIMITS);
    const fan = 'besieged@example.org';
    // Each from another address: the 100th is still answered normally (the account's ceiling is 100).
    for (let n = 0; n < 100; n += 1) expect(await limiter.guardSignIn(stranger(n), fan, wrong), `failure ${n + 1}`).toEqual({ blocked: false, result: null });
    // The 101st, wrong, and the fan's right password from a device and an address no stranger used: checked, held alike.
    expect(await limiter.guardSignIn(stranger(100), fan, wrong)).toEqual(held(null));
    expect(await limiter.guardSignIn('192.0.2.201', fan, right)).toEqual(held({ id: 'fan' }));
    // The browser that signed in to the account before is not held, even at a strangers' address.
    expect(await limiter.guardSignIn(stranger(7), fan, right, { device: 'fans-laptop' })).toEqual(signedIn);
    vi.setSystemTime(start.getTime() + 899_000);
    expect(await limiter.guardSignIn('192.0.2.202', fan, right)).toEqual(held({ id: 'fan' }, 1));
    // The window's end restores normal answers.
    vi.setSystemTime(start.getTime() + 900_000);
    expect(await limiter.guardSignIn(stranger(100), fan, wrong)).toEqual({ blocked: false, result: null });
    expect(await limiter.guardSignIn('192.0.2.201', fan, right)).toEqual(signedIn);
  });

  it('beyond the ceiling, 1,000 fresh addresses never sign in nor learn which guess was right; each address is still bounded by its own 10', async () => {
    const limiter = createAttemptLimiter(database.db, DEFAULT_LIMITS);
    const fan = 'botnet-target@example.org';
    const bot = (n: number) => `100.64.${n >> 8}.${n & 255}`;
    for (let n = 0; n < 100; n += 1) await limiter.guardSignIn(stranger(1000 + n), fan, wrong);
    // In waves of 50 at once, as a botnet sends them.
    const answers: GuardedAttempt<{ id: string }>[] = [];
    for (let wave = 0; wave < 1000; wave += 50) {
      answers.push(...(await Promise.all(Array.from({ length: 50 }, (_, n) => limiter.guardSignIn(bot(wave + n), fan, wave + n === 637 ? right : wrong)))));
    }
    // No answer carries a sign-in; all are the same but for `owner`, which only the right guess has (the fan is mailed).
    expect(answers.filter((answer) => 'result' in answer)).toEqual([]);
    const alike = (answer: object) => JSON.stringify({ ...answer, owner: undefined });
    expect(new Set(answers.map(alike))).toEqual(new Set([alike(held(null))]));
    expect(answers.flatMap((answer, n) => (answer.held && answer.owner ? [n] : []))).toEqual([637]);
    // One address: held up to its 10th attempt for the account, then refused before any check.
    for (let n = 1; n < 10; n += 1) expect(await limiter.guardSignIn(bot(0), fan, wrong), `attempt ${n + 1}`).toEqual(held(null));
    expect(await limiter.guardSignIn(bot(0), fan, right)).toEqual({ blocked: true, retryAfterSeconds: 900 });
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
      expect(await limiter.guardSignIn(n < 5 ? '203.0.113.77' : `192.0.2.${n}`, fan, wrong, { device: 'fans-phone' }), `failure ${n + 1}`).toEqual({ blocked: false, result: null });
    }
    expect(await limiter.guardSignIn('192.0.2.30', fan, right, { device: 'fans-phone' })).toMatchObject({ blocked: true, retryAfterSeconds: 900 });
    // Its failures are its own: the fan's laptop and strangers' counts are as they were.
    expect(await limiter.guardSignIn('203.0.113.77', fan, right, { device: 'fans-laptop' })).toEqual(signedIn);
    vi.setSystemTime(start.getTime() + 900_000);
    expect(await limiter.guardSignIn('192.0.2.30', fan, right, { device: 'fans-phone' })).toEqual(signedIn);
  });
});

describe('the sign-in page beyond the account\u2019s ceiling (HTTP, without JavaScript)', () => {
  let service: SignInService;
  beforeAll(async () => {
    service = await startSignInService(database);
  });
  afterAll(() => service?.close());

  it('after 100 strangers\u2019 failures, the laptop that signed in before signs in at their address; a wrong guess gets the held page and no mail, the fan\u2019s right password from a new phone the same page and one mail, whose link trusts the phone, which then signs in', async () => {
    const email = 'sieged@example.org';
    const password = 'correct horse battery';
    const { identityProvider, attempts } = service.context.get(authContext);
    const signedUp = await identityProvider!.accounts.signUp({ email, password, givenName: 'Ada', familyName: 'Rossi' });
    // Signed in once on the fan's laptop (at home), then signed out.
    const laptop = service.browser('192.0.2.1');
    expect((await laptop.signIn(email, password)).url.pathname).toBe('/');
    await laptop.follow('/logout/do', { method: 'POST' });
    expect(laptop.setCookies.find((cookie) => cookie.startsWith('__shop_device='))).toMatch(/; Path=\/sign-in; .*HttpOnly; SameSite=Strict/);

    for (let n = 0; n < 100; n += 1) await attempts.guardSignIn(`198.18.1.${n + 1}`, email, async () => null);

    // The laptop behind an address the strangers used (a shared network): its cookie vouches for it.
    laptop.ip = '198.18.1.42';
    expect((await laptop.signIn(email, password)).url.pathname).toBe('/');
    // The 101st attempt for the account, a wrong guess at a fresh address: the held page, no mail.
    const post = async (browser: Browser, guess: string) => browser.request((await browser.follow('/login')).url.pathname, { form: { email, password: guess } });
    const seen = async (answer: Response) => ({ status: answer.status, retryAfter: Number(answer.headers.get('Retry-After')) > 800, body: await answer.text() });
    const mailsToFan = () => database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    // Browsers whose pages are in English (Italian is the default): the mail follows the page.
    const english = (ip: string) => {
      const browser = service.browser(ip);
      browser.setCookie('jc_prf_lng=en');
      return browser;
    };
    const wrong = await seen(await post(english('198.18.9.9'), 'not the password'));
    expect(wrong).toEqual({ status: 429, retryAfter: true, body: expect.stringContaining('"held":true') });
    expect(await mailsToFan()).toEqual([]);
    // A phone that never signed in, at another fresh address, with the right password: the same page, and one mail.
    const phone = english('192.0.2.3');
    expect(await seen(await post(phone, password))).toEqual(wrong);
    // Trying again before the mail arrives: no second mail.
    expect((await post(phone, password)).status).toBe(429);
    const mails = await mailsToFan();
    expect(mails.map(({ kind, language }) => ({ kind, language }))).toEqual([{ kind: 'trust-browser', language: 'en' }]);
    const link = /https?:\/\/\S+\/sign-in\/trust\?\S+/.exec(mails[0]!.textBody)?.[0];
    expect(link).toMatch(/\?account=[0-9a-f-]{36}&exp=\d+&sig=[\w-]+$/);
    expect(mails[0]!.textBody).not.toContain(password);

    // The link opened on the phone trusts it (the device cookie alone: nobody is signed in by it)…
    const before = phone.setCookies.length;
    const opened = await phone.request(link!);
    expect(opened.status).toBe(200);
    expect(phone.setCookies.slice(before).map((cookie) => cookie.split('=')[0])).toEqual(['__shop_device']);
    // …and the phone's sign-in then passes by its own count.
    expect((await phone.signIn(email, password)).url.pathname).toBe('/');
    // A changed link is not ours (400); an expired one says so (410).
    expect((await service.browser('192.0.2.4').request(`${link!.slice(0, -1)}${link!.endsWith('A') ? 'B' : 'A'}`)).status).toBe(400);
    const { trustLinks } = service.context.get(authContext);
    const expired = trustLinks.urlOf(signedUp.ok ? signedUp.account.id : '', new Date(Date.now() - 41 * 60_000));
    expect((await service.browser('192.0.2.4').request(expired)).status).toBe(410);
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
