// @ts-check
// A browser's cookies and redirects, just enough to reach the pages behind a sign-in: the sign-in
// service's page (an interaction bound to a cookie) and the signed-in fan's pages (a session row
// the shop creates when a fan signs up through its real pages, once per server).
import { randomBytes } from 'node:crypto';
import { BROWSER_HEADERS } from './load.js';
import { BenchError } from './server.js';

const MAX_REDIRECTS = 12;

export class CookieJar {
  /** @type {Map<string, string>} */
  #cookies = new Map();

  /** @param {Headers} headers */
  store(headers) {
    for (const line of headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const equals = pair.indexOf('=');
      if (equals < 1) continue;
      const name = pair.slice(0, equals).trim();
      const value = pair.slice(equals + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age\s*=\s*(0|-)/i.test(attribute)) || value === '';
      if (expired) this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }

  header() {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Requests `url` with the jar's cookies and follows same-origin redirects (303 and 302 as GET).
 * @param {CookieJar} jar
 * @param {string} url
 * @param {{ method?: string, body?: URLSearchParams }} [init]
 * @returns {Promise<{ url: string, status: number, html: string }>}
 */
export async function browse(jar, url, init = {}) {
  let current = url;
  let method = init.method ?? 'GET';
  let body = init.body;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
    /** @type {Record<string, string>} */
    const headers = { ...BROWSER_HEADERS, cookie: jar.header() };
    if (body) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      headers.origin = new URL(current).origin;
    }
    const response = await fetch(current, { method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(30_000) });
    jar.store(response.headers);
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      const next = new URL(location, current);
      if (next.origin !== new URL(url).origin) throw new BenchError(`${current} redirected off the shop, to ${next.href}`);
      await response.arrayBuffer();
      current = next.href;
      method = 'GET';
      body = undefined;
      continue;
    }
    return { url: current, status: response.status, html: await response.text() };
  }
  throw new BenchError(`${url}: more than ${MAX_REDIRECTS} redirects`);
}

/**
 * Starts a sign-in from `/login` and stops on the sign-in service's page.
 * @param {string} baseUrl
 * @param {CookieJar} [jar]  the browser's cookies (a new browser's by default)
 * @returns {Promise<{ jar: CookieJar, path: string }>} the page's path and the cookies that open it
 */
export async function openSignInPage(baseUrl, jar = new CookieJar()) {
  const page = await browse(jar, new URL('/login', baseUrl).href);
  const path = new URL(page.url).pathname;
  if (page.status !== 200 || !path.startsWith('/sign-in/')) {
    throw new BenchError(`/login did not end on a sign-in page (${page.status} at ${path})`);
  }
  return { jar, path };
}

/**
 * Signs a new fan up through the real pages (sign-in page → sign-up form → back to the shop), so the
 * shop creates the session row itself; returns the signed-in browser's cookies.
 * @param {string} baseUrl
 * @param {{ email?: string, jar?: CookieJar }} [fan]  who signs up (a random address by default), in which browser
 * @returns {Promise<CookieJar>}
 */
export async function signUpFan(baseUrl, { email = `bench-${randomBytes(6).toString('hex')}@example.org`, jar: browser } = {}) {
  const { jar, path } = await openSignInPage(baseUrl, browser);
  const form = new URLSearchParams({
    firstName: 'Bench',
    lastName: 'Fan',
    email,
    password: `bench-${randomBytes(9).toString('hex')}`,
  });
  const signUpUrl = new URL(`${path.replace(/\/?$/, '/')}sign-up`, baseUrl).href;
  const done = await browse(jar, signUpUrl, { method: 'POST', body: form });
  const account = await browse(jar, new URL('/account', baseUrl).href);
  if (account.status !== 200 || new URL(account.url).pathname !== '/account') {
    throw new BenchError(`signing a fan up failed: the sign-up ended with ${done.status} at ${new URL(done.url).pathname}, /account gave ${account.status} at ${new URL(account.url).pathname}`);
  }
  return jar;
}
