import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../app/.server/db/client';
import { createAccountStore } from '../app/.server/identity-provider/accounts';
import { createDrizzleAdapter } from '../app/.server/identity-provider/adapter';
import { finishSignIn, readInteraction } from '../app/.server/identity-provider/interactions';
import { createIdentityProvider, type IdentityProvider } from '../app/.server/identity-provider/provider';
import { createTestDatabase } from './support/database';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

describe('the sign-in service storage (oidc-provider adapter)', () => {
  it('upserts, finds, consumes and destroys a payload by model and id', async () => {
    const Adapter = createDrizzleAdapter(database.db);
    const codes = new Adapter('AuthorizationCode');
    const sessions = new Adapter('Session');
    await codes.upsert('code-1', { accountId: 'a', grantId: 'g-1', kind: 'AuthorizationCode' }, 60);
    expect(await codes.find('code-1')).toMatchObject({ accountId: 'a', grantId: 'g-1' });
    // Another model with the same id is another row.
    expect(await sessions.find('code-1')).toBeUndefined();

    await codes.upsert('code-1', { accountId: 'b', grantId: 'g-1', kind: 'AuthorizationCode' }, 60);
    expect((await codes.find('code-1'))?.accountId).toBe('b');

    expect((await codes.find('code-1'))?.consumed).toBeUndefined();
    await codes.consume('code-1');
    expect((await codes.find('code-1'))?.consumed).toBeGreaterThan(Date.now() / 1000 - 60);

    await codes.destroy('code-1');
    expect(await codes.find('code-1')).toBeUndefined();
  });

  it('finds sessions by uid and device codes by user code', async () => {
    const Adapter = createDrizzleAdapter(database.db);
    await new Adapter('Session').upsert('session-1', { uid: 'uid-1', accountId: 'a', kind: 'Session' }, 60);
    await new Adapter('DeviceCode').upsert('device-1', { userCode: 'ABCD-EFGH', kind: 'DeviceCode' }, 60);
    expect((await new Adapter('Session').findByUid('uid-1'))?.accountId).toBe('a');
    expect(await new Adapter('Session').findByUid('uid-2')).toBeUndefined();
    expect((await new Adapter('DeviceCode').findByUserCode('ABCD-EFGH'))?.kind).toBe('DeviceCode');
  });

  it('revokes every token of a grant, and only those', async () => {
    const Adapter = createDrizzleAdapter(database.db);
    await new Adapter('AccessToken').upsert('at-1', { grantId: 'g-9', kind: 'AccessToken' }, 60);
    await new Adapter('RefreshToken').upsert('rt-1', { grantId: 'g-9', kind: 'RefreshToken' }, 60);
    await new Adapter('AccessToken').upsert('at-2', { grantId: 'g-10', kind: 'AccessToken' }, 60);
    await new Adapter('AccessToken').revokeByGrantId('g-9');
    expect(await new Adapter('AccessToken').find('at-1')).toBeUndefined();
    expect(await new Adapter('RefreshToken').find('rt-1')).toBeUndefined();
    expect(await new Adapter('AccessToken').find('at-2')).toBeDefined();
  });

  it('does not return expired payloads; no expiry means forever', async () => {
    const Adapter = createDrizzleAdapter(database.db);
    const interactions = new Adapter('Interaction');
    await interactions.upsert('i-1', { kind: 'Interaction' }, 1);
    await interactions.upsert('i-2', { kind: 'Interaction' });
    expect(await interactions.find('i-1')).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await interactions.find('i-1')).toBeUndefined();
    expect(await interactions.find('i-2')).toBeDefined();
  });
});

type Running = { identityProvider: IdentityProvider; server: Server; issuer: string; publicUrl: string };

const CLIENT = { id: 'fan-shop', secret: 'integration-test-client-secret-0123456789' };

/**
 * The provider on a real port, mounted at /sso like server.ts does, with a bare stand-in for
 * the shop's sign-in page that uses the same account store and interaction functions.
 */
async function startProvider(): Promise<Running> {
  const app = express();
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const publicUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const identityProvider = await createIdentityProvider({
    db: database.db,
    issuer: `${publicUrl}/sso`,
    publicUrl,
    sessionSecret: 'integration-test-session-secret-0123456789',
    client: CLIENT,
  });
  // The shop's CSP middleware gives every response a nonce; the provider's pages use it.
  app.use((_req, res, next) => {
    res.locals.cspNonce = 'test-nonce';
    next();
  });
  app.use('/sso', identityProvider.handler);
  app.post('/sign-in/:uid/', express.urlencoded({ extended: false }), async (req, res) => {
    if (!(await readInteraction(identityProvider, req, res, req.params.uid))) {
      res.status(400).send('no interaction');
      return;
    }
    const account = await identityProvider.accounts.authenticate(String(req.body.email), String(req.body.password));
    if (!account) {
      res.status(400).send('wrong credentials');
      return;
    }
    res.redirect(303, await finishSignIn(identityProvider, req, res, account.id));
  });
  return { identityProvider, server, issuer: `${publicUrl}/sso`, publicUrl };
}

async function stop(running: Running) {
  running.server.closeAllConnections();
  await new Promise((resolve) => running.server.close(resolve));
}

/** A browser's cookie jar, by name only (enough for one host). */
class Browser {
  private cookies = new Map<string, string>();

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('Cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(cookie) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }
}

function locationOf(response: Response, base: string): string {
  const location = response.headers.get('Location');
  expect(location, `redirect expected, got ${response.status}`).toBeTruthy();
  return new URL(location!, base).toString();
}

describe('the embedded sign-in service with a real OIDC client', () => {
  let running: Running;

  beforeAll(async () => {
    running = await startProvider();
    await running.identityProvider.accounts.signUp({
      email: 'Ada.Rossi@Example.org',
      password: 'correct horse battery',
      givenName: 'Ada',
      familyName: 'Rossi',
    });
  });

  afterAll(async () => {
    if (running) await stop(running);
  });

  async function discover() {
    return client.discovery(new URL(running.issuer), CLIENT.id, CLIENT.secret, client.ClientSecretBasic(CLIENT.secret), {
      execute: [client.allowInsecureRequests],
    });
  }

  it('completes discovery and a code flow with PKCE; the ID token carries the fan', async () => {
    const config = await discover();
    expect(config.serverMetadata().code_challenge_methods_supported).toEqual(['S256']);
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const authorizationUrl = client.buildAuthorizationUrl(config, {
      redirect_uri: `${running.publicUrl}/authorize`,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
    });

    const browser = new Browser();
    const toSignIn = await browser.request(authorizationUrl.toString());
    const signInPage = locationOf(toSignIn, running.publicUrl);
    expect(signInPage).toMatch(/\/sign-in\/[\w-]+\/$/);

    const wrong = await browser.request(signInPage, {
      method: 'POST',
      body: new URLSearchParams({ email: 'ada.rossi@example.org', password: 'wrong password!' }),
    });
    expect(wrong.status).toBe(400);

    const signedIn = await browser.request(signInPage, {
      method: 'POST',
      body: new URLSearchParams({ email: ' ada.rossi@example.org ', password: 'correct horse battery' }),
    });
    const resume = locationOf(signedIn, running.publicUrl);
    expect(resume).toMatch(/\/sso\/auth\//);
    // No consent screen for the shop: straight back with a code.
    const callback = locationOf(await browser.request(resume), running.publicUrl);
    expect(callback.startsWith(`${running.publicUrl}/authorize?`)).toBe(true);

    const tokens = await client.authorizationCodeGrant(config, new URL(callback), {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    const claims = tokens.claims();
    expect(claims).toMatchObject({
      iss: running.issuer,
      aud: CLIENT.id,
      email: 'ada.rossi@example.org',
      email_verified: false,
      given_name: 'Ada',
      family_name: 'Rossi',
    });
    const userInfo = await client.fetchUserInfo(config, tokens.access_token, claims!.sub);
    expect(userInfo.email).toBe('ada.rossi@example.org');

    // The same browser is now signed in at the service: a silent check (prompt=none) gives a code.
    const silent = client.buildAuthorizationUrl(config, {
      redirect_uri: `${running.publicUrl}/authorize`,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      prompt: 'none',
      state,
    });
    expect(new URL(locationOf(await browser.request(silent.toString()), running.publicUrl)).searchParams.has('code')).toBe(true);
  });

  /** Signs `email` in with a code flow in `browser`; returns the ID token. */
  async function signInWith(browser: Browser, email: string, password: string): Promise<string> {
    const config = await discover();
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const authorizationUrl = client.buildAuthorizationUrl(config, {
      redirect_uri: `${running.publicUrl}/authorize`,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
    });
    const signInPage = locationOf(await browser.request(authorizationUrl.toString()), running.publicUrl);
    const signedIn = await browser.request(signInPage, { method: 'POST', body: new URLSearchParams({ email, password }) });
    const callback = locationOf(await browser.request(locationOf(signedIn, running.publicUrl)), running.publicUrl);
    const tokens = await client.authorizationCodeGrant(config, new URL(callback), { pkceCodeVerifier: verifier, expectedState: state });
    return tokens.id_token!;
  }

  it('ignores Host and X-Forwarded-Host/-Proto from the client: its URLs stay the configured ones', async () => {
    const spoofed = { 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' };
    const discovery = await fetch(`${running.issuer}/.well-known/openid-configuration`, { headers: spoofed });
    const metadata = (await discovery.json()) as Record<string, unknown>;
    for (const key of ['issuer', 'authorization_endpoint', 'token_endpoint', 'jwks_uri', 'end_session_endpoint']) {
      expect(String(metadata[key]).startsWith(`${running.issuer}/`) || metadata[key] === running.issuer).toBe(true);
    }
    const logoutPage = await (await fetch(`${running.issuer}/session/end?client_id=${CLIENT.id}`, { headers: spoofed })).text();
    expect(logoutPage).toContain(`action="${running.issuer}/session/end/confirm"`);
    expect(logoutPage).not.toContain('evil.example');
  });

  it("asks before signing out when the id_token_hint is another fan's, confirms by itself for the fan's own", async () => {
    await running.identityProvider.accounts.signUp({ email: 'eve@example.org', password: 'eve password 42', givenName: 'Eve', familyName: 'Neri' });
    const eveToken = await signInWith(new Browser(), 'eve@example.org', 'eve password 42');
    const ada = new Browser();
    const adaToken = await signInWith(ada, 'ada.rossi@example.org', 'correct horse battery');
    const endSession = (hint: string) => `${running.issuer}/session/end?id_token_hint=${hint}&post_logout_redirect_uri=${encodeURIComponent(`${running.publicUrl}/`)}`;

    const foreign = await (await ada.request(endSession(eveToken))).text();
    expect(foreign).toContain('op.logoutForm');
    expect(foreign).not.toContain('<script'); // the fan must click: a stranger's link cannot sign them out
    const own = await (await ada.request(endSession(adaToken))).text();
    expect(own).toContain(`<script nonce="test-nonce">document.getElementById('op.logoutForm').submit();</script>`);
  });

  it('answers a silent check without a session with login_required', async () => {
    const config = await discover();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: `${running.publicUrl}/authorize`,
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
      prompt: 'none',
    });
    const answer = new URL(locationOf(await new Browser().request(url.toString()), running.publicUrl));
    expect(answer.pathname).toBe('/authorize');
    expect(answer.searchParams.get('error')).toBe('login_required');
  });

  it('requires PKCE', async () => {
    const config = await discover();
    const url = client.buildAuthorizationUrl(config, { redirect_uri: `${running.publicUrl}/authorize`, scope: 'openid' });
    const answer = new URL(locationOf(await new Browser().request(url.toString()), running.publicUrl));
    expect(answer.searchParams.get('error')).toBe('invalid_request');
    expect(answer.searchParams.get('error_description')).toMatch(/PKCE/);
  });

  it('refuses a redirect URI that is not the shop (on its own error page, not a redirect there)', async () => {
    const config = await discover();
    const url = client.buildAuthorizationUrl(config, { redirect_uri: 'https://evil.example/cb', scope: 'openid' });
    const answer = await new Browser().request(url.toString());
    const location = locationOf(answer, running.publicUrl);
    expect(location.startsWith(`${running.publicUrl}/error?`)).toBe(true);
    expect(JSON.parse(new URL(location).searchParams.get('error')!)).toEqual({ label: 'LOGIN_FAILED', code: 'invalid_redirect_uri' });
  });

  it('signs with keys stored in the database: a second instance publishes the same keys', async () => {
    const second = await startProvider();
    try {
      const jwks = async (issuer: string) => ((await (await fetch(`${issuer}/jwks`)).json()) as { keys: { kid: string; n: string }[] }).keys;
      const [first, again] = await Promise.all([jwks(running.issuer), jwks(second.issuer)]);
      expect(first).toHaveLength(1);
      expect(again).toEqual(first);
      expect(JSON.stringify(first)).not.toMatch(/"d":/); // never the private part
    } finally {
      await stop(second);
    }
  });
});

describe('accounts of the sign-in service', () => {
  it('refuses a second account with the same e-mail, whatever its case', async () => {
    const accounts = createAccountStore(database.db);
    const first = await accounts.signUp({ email: 'dup@example.org', password: '0123456789', givenName: 'A', familyName: 'B' });
    expect(first.ok).toBe(true);
    const second = await accounts.signUp({ email: ' DUP@example.org', password: '9876543210', givenName: 'C', familyName: 'D' });
    expect(second).toEqual({ ok: false, reason: 'email-taken' });
    expect(await accounts.authenticate('dup@example.org', '9876543210')).toBeNull();
    expect((await accounts.authenticate('Dup@Example.org', '0123456789'))?.givenName).toBe('A');
  });

  it('gives the same answer for an unknown e-mail and a wrong password', async () => {
    const accounts = createAccountStore(database.db);
    expect(await accounts.authenticate('nobody@example.org', '0123456789')).toBeNull();
    expect(await accounts.findById('not-a-uuid')).toBeNull();
  });
});
