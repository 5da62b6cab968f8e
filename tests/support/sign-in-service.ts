// The whole sign-in conversation over HTTP, as a browser without JavaScript has it: the embedded
// sign-in service at /sso and the shop's own routes of the flow (/login, /authorize, the sign-in
// and sign-up pages' actions, the mailed link that trusts a browser, /logout/do) run by their real loaders and actions on one port,
// with the raw Express request and response they read the service's cookies from. Pages are not
// rendered (a loader's data answers as JSON): what these tests read are statuses, redirects and
// cookies.
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Request as ExpressRequest, type Response as ExpressResponse } from 'express';
import { RouterContextProvider } from 'react-router';
import { authContext, expressContext } from '../../app/.server/auth/context';
import type { Clock } from '../../app/.server/clock';
import type { Database } from '../../app/.server/db/client';
import { createLogger } from '../../app/.server/logger';
import { requestContext, shopContext } from '../../app/context';
import { i18nextMiddleware } from '../../app/middleware/i18next';
import * as authorize from '../../app/routes/auth/authorize';
import * as login from '../../app/routes/auth/login';
import * as logout from '../../app/routes/auth/logout';
import * as signIn from '../../app/routes/auth/sign-in';
import * as signUp from '../../app/routes/auth/sign-up';
import * as trustBrowser from '../../app/routes/auth/trust-browser';
import { createShopContext } from './signed-in';

type RouteFunction = (args: never) => unknown;

/** What a route function answered (or threw), as React Router would send it. */
function send(res: ExpressResponse, answer: unknown) {
  if (answer instanceof Response) {
    res.status(answer.status);
    for (const [name, value] of answer.headers) if (name !== 'set-cookie') res.setHeader(name, value);
    // Appended: the provider may have set its own cookies on this response already.
    for (const cookie of answer.headers.getSetCookie()) res.append('Set-Cookie', cookie);
    void answer.text().then((body) => res.end(body));
    return;
  }
  const withInit = answer as { type?: unknown; data?: unknown; init?: ResponseInit | null } | null;
  if (withInit?.type === 'DataWithResponseInit') {
    const headers = new Headers(withInit.init?.headers);
    for (const [name, value] of headers) if (name !== 'set-cookie') res.setHeader(name, value);
    for (const cookie of headers.getSetCookie()) res.append('Set-Cookie', cookie);
    res.status(withInit.init?.status ?? 200).json(withInit.data ?? null);
    return;
  }
  res.status(200).json(answer ?? null);
}

export type SignInService = {
  /** The shop's public URL (the service is `${url}/sso`). */
  url: string;
  context: RouterContextProvider;
  /** A new browser (its own cookies), from `ip` (the service trusts X-Forwarded-For from loopback). */
  browser(ip?: string): Browser;
  close(): Promise<void>;
};

export async function startSignInService(database: Database, clock?: Clock): Promise<SignInService> {
  const app = express();
  const server: Server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { context, stop } = await createShopContext(database, clock, { PUBLIC_URL: url });
  const { identityProvider } = context.get(authContext);
  if (!identityProvider) throw new Error('the embedded sign-in service is not configured');
  const logger = createLogger('silent');

  const route = (run: RouteFunction) => async (req: ExpressRequest, res: ExpressResponse) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
    const body = req.method === 'POST' ? new Uint8Array(req.body as Buffer) : undefined;
    const request = new Request(new URL(req.originalUrl, url), { method: req.method, headers, body });
    const load = new RouterContextProvider();
    load.set(shopContext, context.get(shopContext));
    load.set(authContext, context.get(authContext));
    load.set(requestContext, { id: 'sign-in-service', cspNonce: 'test-nonce', logger });
    load.set(expressContext, { req, res });
    const args = { request, context: load, params: req.params } as never;
    let answer: unknown;
    await i18nextMiddleware(args, async () => {
      try {
        answer = await run(args);
      } catch (thrown) {
        if (!(thrown instanceof Response)) throw thrown;
        answer = thrown;
      }
      return new Response(null);
    });
    send(res, answer);
  };

  app.set('trust proxy', 'loopback');
  app.use((_req, res, next) => {
    res.locals.cspNonce = 'test-nonce';
    next();
  });
  app.use('/sso', identityProvider.handler);
  app.use(express.raw({ type: () => true, limit: '64kb' }));
  app.get('/login', route(login.loader));
  app.get('/authorize', route(authorize.loader));
  // Before `/sign-in/:uid/`, which would match it too (as React Router's static segment wins).
  app.get('/sign-in/trust', route(trustBrowser.loader));
  app.get('/sign-in/:uid/', route(signIn.loader));
  app.post('/sign-in/:uid/', route(signIn.action));
  app.post('/sign-in/:uid/sign-up', route(signUp.action));
  app.post('/logout/do', route(logout.action));

  return {
    url,
    context,
    browser: (ip) => new Browser(url, ip),
    async close() {
      stop();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A browser's cookie jar (by name: one host), sending requests from its IP address. */
export class Browser {
  private readonly cookies = new Map<string, string>();
  /** Every Set-Cookie header this browser was sent, in order. */
  readonly setCookies: string[] = [];

  constructor(
    private readonly origin: string,
    public ip?: string,
  ) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** Keeps `pair` (`name=value`, as a Cookie header has it). */
  setCookie(pair: string): void {
    this.cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
  }

  async request(path: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
    const headers = new Headers({ Cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '), 'Accept-Language': 'en' });
    if (this.ip) headers.set('X-Forwarded-For', this.ip);
    if (init.form) headers.set('Content-Type', 'application/x-www-form-urlencoded');
    const response = await fetch(new URL(path, this.origin), {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      headers,
      body: init.form ? new URLSearchParams(init.form) : undefined,
      redirect: 'manual',
    });
    for (const cookie of response.headers.getSetCookie()) {
      this.setCookies.push(cookie);
      const [pair = ''] = cookie.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(cookie) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** `path`, then every redirect, as a browser without JavaScript follows them: where it ends, and its answer. */
  async follow(path: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<{ url: URL; response: Response }> {
    let url = new URL(path, this.origin);
    let response = await this.request(url.toString(), init);
    for (let hops = 0; response.status >= 300 && response.status < 400; hops++) {
      if (hops > 12) throw new Error(`too many redirects after ${path}`);
      url = new URL(response.headers.get('Location')!, url);
      response = await this.request(url.toString());
    }
    return { url, response };
  }

  /** Signs in through /login and the sign-in page; where the browser ends (the target when signed in). */
  async signIn(email: string, password: string): Promise<{ url: URL; response: Response }> {
    const page = await this.follow('/login');
    if (!/^\/sign-in\/[^/]+\/$/.test(page.url.pathname)) throw new Error(`/login led to ${page.url.pathname}, not the sign-in page`);
    return this.submitSignIn(page.url, email, password);
  }

  /** Posts the sign-in page at `page`, then follows where it leads. */
  submitSignIn(page: URL, email: string, password: string): Promise<{ url: URL; response: Response }> {
    return this.follow(page.pathname, { form: { email, password } });
  }
}
