import type { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../app/.server/db/client';
import { loader as login } from '../app/routes/auth/login';
import { createTestDatabase } from './support/database';
import { createShopContext } from './support/signed-in';

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

/** A browser's cookie jar: kept in creation order, sent oldest first (RFC 6265 §5.4). */
function cookieJar() {
  const jar = new Map<string, string>();
  return {
    header: () => [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
    names: () => [...jar.keys()],
    store(setCookies: string[]) {
      for (const setCookie of setCookies) {
        const [pair = '', ...attributes] = setCookie.split(';').map((part) => part.trim());
        const name = pair.slice(0, pair.indexOf('='));
        const expired = attributes.some((attribute) => /^max-age=0$/i.test(attribute) || /^expires=Thu, 01 Jan 1970/i.test(attribute));
        jar.delete(name); // a cookie set again counts as new
        if (!expired) jar.set(name, pair.slice(pair.indexOf('=') + 1));
      }
    },
  };
}

async function visitLogin(cookie: string): Promise<Response> {
  const request = new Request('http://shop.test/login?redirectUri=%2Faccount', { headers: { Cookie: cookie } });
  const answer = await login({ request, context, params: {} } as unknown as Parameters<typeof login>[0]);
  if (!(answer instanceof Response)) throw new Error('expected a redirect');
  return answer;
}

describe('sign-in state cookies of unfinished /login visits', () => {
  it('never pile up: at most three, the newest kept, so the Cookie header stays small', async () => {
    const jar = cookieJar();
    const created: string[] = [];
    for (let visit = 0; visit < 100; visit++) {
      const answer = await visitLogin(jar.header());
      expect(answer.status).toBe(302);
      const setCookies = answer.headers.getSetCookie();
      jar.store(setCookies);
      created.push(...setCookies.filter((value) => !/max-age=0/i.test(value)).map((value) => value.slice(0, value.indexOf('='))).filter((name) => name.startsWith('shop_oidc:')));
    }
    const state = jar.names().filter((name) => name.startsWith('shop_oidc:'));
    expect(state).toEqual(created.slice(-3)); // the three newest
    expect(jar.header().length).toBeLessThan(2048);
  });
});
