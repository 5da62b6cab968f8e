import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { and, eq, inArray } from 'drizzle-orm';
import express from 'express';
import type { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authContext } from '../app/.server/auth/context';
import { getSessionUser, requireCustomer, requireCustomerMiddleware } from '../app/.server/auth/guards';
import { startSession } from '../app/.server/auth/sign-in-session';
import type { Database } from '../app/.server/db/client';
import { oidcPayloads, shopSessions } from '../app/.server/db/schema';
import { createDrizzleAdapter } from '../app/.server/identity-provider/adapter';
import { SESSION_LIFETIME } from '../app/domain/session-expiry';
import { action as signOutEverywhere } from '../app/routes/account/dashboard';
import { action as logout } from '../app/routes/auth/logout';
import { loader as login } from '../app/routes/auth/login';
import { manualClock } from './support/clock';
import { createTestDatabase } from './support/database';
import { createShopContext, signedInCookie } from './support/signed-in';
import { startSignInService, type SignInService } from './support/sign-in-service';

let database: Database;
let context: RouterContextProvider;
let stopAuth: () => void;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ context, stop: stopAuth } = await createShopContext(database));
});

afterAll(async () => {
  stopAuth?.();
  await database?.close();
});

const get = (path: string, cookie: string) => new Request(`http://shop.test${path}`, { headers: { Cookie: cookie } });

/** The redirect a guard or loader answers (thrown or returned). */
async function answerOf(promise: Promise<unknown>): Promise<Response> {
  try {
    const value = await promise;
    if (value instanceof Response) return value;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  throw new Error('expected a Response');
}

type Args<T extends (...args: never[]) => unknown> = Parameters<T>[0];

/** Runs `route` behind the secured layout's middleware, as React Router does. */
async function runSecured(request: Request, route: () => Promise<unknown>): Promise<unknown> {
  const args = { request, context, params: {} } as unknown as Args<typeof requireCustomerMiddleware>;
  let result: unknown;
  await requireCustomerMiddleware(args, async () => {
    result = await route();
    return new Response(null);
  });
  return result;
}

describe('signing out, as the header\u2019s form does (a document POST, with or without JavaScript)', () => {
  let service: SignInService;
  beforeAll(async () => {
    service = await startSignInService(database);
  });
  afterAll(() => service?.close());

  it('ends the session on the server: a copy of the cookie saved before opens /account no more', async () => {
    const { cookie: saved } = await signedInCookie(service.context, 'sub-replay');
    expect((await requireCustomer(get('/account', saved), service.context)).user.subject).toBe('sub-replay');
    const browser = service.browser();
    browser.setCookie(saved);
    expect((await browser.request('/logout/do', { method: 'POST' })).status).toBe(303);

    const replay = await answerOf(requireCustomer(get('/account', saved), service.context));
    expect(replay.headers.get('Location')).toBe('/login?redirectUri=%2Faccount');
  });

  it("ends the sign-in service's session too, in one 303 home: /login afterwards asks for the password", async () => {
    const { accounts } = service.context.get(authContext).identityProvider!;
    await accounts.signUp({ email: 'leaving@example.org', password: 'correct horse battery', givenName: 'Lia', familyName: 'Neri' });
    const browser = service.browser();
    expect((await browser.signIn('leaving@example.org', 'correct horse battery')).url.pathname).toBe('/');
    // Signed in at the service: a silent check would give the shop a code without a password.
    expect((await browser.follow('/login')).url.pathname).toBe('/');

    // A browser without JavaScript follows the redirects, and runs or clicks nothing on the way.
    const signedOut = await browser.follow('/logout/do', { method: 'POST' });
    expect((await browser.follow('/login')).url.pathname).toMatch(/^\/sign-in\/[^/]+\/$/);
    // Straight home (303), whoever the browser: no page of the service's on the way.
    expect(signedOut.url.toString()).toBe(`${service.url}/`);
  });
});

describe('signing out at an external sign-in service (OIDC_ISSUER)', () => {
  /** An issuer that publishes only its discovery document, with an end_session_endpoint when `endSession`. */
  async function externalIssuer(endSession: boolean) {
    const app = express();
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/realms/fans`;
    app.get('/realms/fans/.well-known/openid-configuration', (_req, res) => {
      res.json({ issuer, authorization_endpoint: `${issuer}/auth`, token_endpoint: `${issuer}/token`, ...(endSession ? { end_session_endpoint: `${issuer}/logout` } : {}) });
    });
    const shop = await createShopContext(database, undefined, { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'shop', OIDC_CLIENT_SECRET: 'external-client-secret' });
    return { issuer, context: shop.context, close: () => (shop.stop(), server.close()) };
  }

  const signOut = async (external: RouterContextProvider, subject: string) => {
    const { cookie } = await signedInCookie(external, subject);
    const request = new Request('http://shop.test/logout/do', { method: 'POST', headers: { Cookie: cookie } });
    return answerOf(logout({ request, context: external, params: {} } as unknown as Args<typeof logout>));
  };

  it('sends every browser through its end-session endpoint with the ID token (the same 303 with or without JavaScript)', async () => {
    const { issuer, context: external, close } = await externalIssuer(true);
    try {
      const answer = await signOut(external, 'sub-external');
      expect(answer.status).toBe(303);
      const location = new URL(answer.headers.get('Location')!);
      expect(`${location.origin}${location.pathname}`).toBe(`${issuer}/logout`);
      expect(Object.fromEntries(location.searchParams)).toEqual({ id_token_hint: 'x.y.z', post_logout_redirect_uri: 'http://shop.test/' });
    } finally {
      close();
    }
  });

  it('goes home when the issuer publishes no end-session endpoint', async () => {
    const { context: external, close } = await externalIssuer(false);
    try {
      expect((await signOut(external, 'sub-external-bare')).headers.get('Location')).toBe('/');
    } finally {
      close();
    }
  });
});

describe('signing out everywhere (/account)', () => {
  it("ends every session of the fan, and the sign-in service's, but no other fan's", async () => {
    const { customer, cookie: here } = await signedInCookie(context, 'sub-everywhere');
    const { cookie: phone } = await signedInCookie(context, 'sub-everywhere');
    const { cookie: someoneElse } = await signedInCookie(context, 'sub-bystander');
    const Adapter = createDrizzleAdapter(database.db);
    await new Adapter('Session').upsert('sso-everywhere', { accountId: 'sub-everywhere', kind: 'Session' }, 600);
    await new Adapter('Session').upsert('sso-bystander', { accountId: 'sub-bystander', kind: 'Session' }, 600);

    const { customer: found } = await requireCustomer(get('/account', here), context);
    expect(found.id).toBe(customer.id);
    // What the secured layout hands the action: the signed-in fan of this request.
    const request = new Request('http://shop.test/account?index', { method: 'POST', headers: { Cookie: here } });
    const answer = await answerOf(runSecured(request, () => signOutEverywhere({ request, context, params: {} } as unknown as Args<typeof signOutEverywhere>)));
    expect(answer.status).toBe(303);
    expect(answer.headers.get('Location')).toBe('/');

    for (const cookie of [here, phone]) {
      expect((await answerOf(requireCustomer(get('/account', cookie), context))).headers.get('Location')).toBe('/login?redirectUri=%2Faccount');
    }
    expect((await requireCustomer(get('/account', someoneElse), context)).user.subject).toBe('sub-bystander');
    const sso = await database.db
      .select({ id: oidcPayloads.id })
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.model, 'Session'), inArray(oidcPayloads.id, ['sso-everywhere', 'sso-bystander'])));
    expect(sso.map((row) => row.id)).toEqual(['sso-bystander']);
  });
});

describe('signing in', () => {
  it('rotates the id: a new cookie, and the one from before signing in opens nothing', async () => {
    const { customer, cookie: before } = await signedInCookie(context, 'sub-rotate');
    const setCookie = await startSession(get('/authorize', before), context, customer, 'header.payload-with-email.sig');
    const after = setCookie.split(';')[0]!;
    expect(after).not.toBe(before);
    expect((await requireCustomer(get('/account', after), context)).customer.id).toBe(customer.id);
    expect((await answerOf(requireCustomer(get('/account', before), context))).status).toBe(302);
  });

  it('puts neither the ID token nor the e-mail nor the names in the cookie, only a random id', async () => {
    const { customer } = await signedInCookie(context, 'sub-cookie');
    const setCookie = await startSession(new Request('http://shop.test/authorize'), context, customer, 'header.payload-with-email.sig');
    // React Router's signed cookie: base64 JSON, then a signature.
    const value = decodeURIComponent(setCookie.split(';')[0]!.split('=').slice(1).join('='));
    const data = JSON.parse(Buffer.from(value.slice(0, value.lastIndexOf('.')), 'base64').toString('utf8')) as Record<string, unknown>;
    expect(Object.keys(data)).toEqual(['sid']);
    expect(data.sid).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits
    for (const secret of ['payload-with-email', customer.email, customer.firstName, customer.id, 'sub-cookie']) {
      expect(setCookie).not.toContain(secret);
    }
    // The table keeps a hash of the id, not the id.
    const rows = await database.db.select().from(shopSessions).where(eq(shopSessions.customerId, customer.id));
    expect(rows.map((row) => row.idHash)).not.toContain(data.sid);
  });
});

describe('reading the session', () => {
  it('costs anonymous visitors no database read, and a signed-in fan one per request', async () => {
    const { store } = context.get(authContext);
    const find = vi.spyOn(store, 'find');
    try {
      const anonymous = new Request('http://shop.test/products');
      expect(await getSessionUser(anonymous, context)).toBeNull();
      expect(find).not.toHaveBeenCalled();
      const { cookie } = await signedInCookie(context, 'sub-reads');
      const request = get('/account', cookie);
      await Promise.all([getSessionUser(request, context), requireCustomer(request, context), getSessionUser(request, context)]);
      expect(find).toHaveBeenCalledTimes(1);
    } finally {
      find.mockRestore();
    }
  });
});

describe('expiry on the server (idle and absolute)', () => {
  const clock = manualClock('2026-05-01T10:00:00Z');
  let timed: RouterContextProvider;
  let stopTimed: () => void;
  beforeAll(async () => {
    ({ context: timed, stop: stopTimed } = await createShopContext(database, clock));
  });
  afterAll(() => stopTimed?.());

  const { idleMs, absoluteMs, touchEveryMs } = SESSION_LIFETIME;
  const opens = async (cookie: string) => (await getSessionUser(get('/account', cookie), timed)) !== null;

  it('ends a session left idle, and slides the idle limit with visits written every few minutes only', async () => {
    clock.set('2026-05-01T10:00:00Z');
    const { customer, cookie } = await signedInCookie(timed, 'sub-idle');
    const lastSeen = async () => (await database.db.select().from(shopSessions).where(eq(shopSessions.customerId, customer.id)))[0]!.lastSeenAt;
    const signedInAt = await lastSeen();

    clock.advance(touchEveryMs - 1000);
    expect(await opens(cookie)).toBe(true);
    expect(await lastSeen()).toEqual(signedInAt); // no write on every request
    clock.advance(1000);
    expect(await opens(cookie)).toBe(true);
    expect(await lastSeen()).toEqual(clock.now()); // moved forward

    clock.advance(idleMs - 1);
    expect(await opens(cookie)).toBe(true); // slid: still alive
    clock.advance(idleMs);
    expect(await opens(cookie)).toBe(false);
  });

  it('ends even a busy session at the absolute lifetime, and the purge deletes what has ended', async () => {
    clock.set('2026-06-01T10:00:00Z');
    const { customer, cookie } = await signedInCookie(timed, 'sub-absolute');
    for (let elapsed = 0; elapsed + idleMs / 2 < absoluteMs; elapsed += idleMs / 2) {
      clock.advance(idleMs / 2);
      expect(await opens(cookie)).toBe(true);
    }
    clock.set(new Date(Date.parse('2026-06-01T10:00:00Z') + absoluteMs));
    expect(await opens(cookie)).toBe(false);

    expect(await timed.get(authContext).store.purgeExpired()).toBeGreaterThanOrEqual(1);
    expect(await database.db.select().from(shopSessions).where(eq(shopSessions.customerId, customer.id))).toEqual([]);
  });
});

describe('/login for a signed-in fan', () => {
  it.each(['/.//evil.example', '/..//evil.example', '/%2e//evil.example', '/x/..//evil.example'])(
    'never answers a protocol-relative Location for redirectUri=%s',
    async (target) => {
      const { cookie } = await signedInCookie(context, 'sub-login-redirect');
      const request = get(`/login?redirectUri=${encodeURIComponent(target)}`, cookie);
      const answer = await answerOf(login({ request, context, params: {} } as unknown as Args<typeof login>));
      expect(answer.status).toBe(302);
      expect(answer.headers.get('Location')).toBe('/');
    },
  );
});
