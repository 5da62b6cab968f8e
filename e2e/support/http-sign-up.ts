import { expect, request, type BrowserContext } from '@playwright/test';
import type { Fan } from '../pages/auth';
import { LANGUAGE_COOKIE } from './shop';

export type SessionCookies = Awaited<ReturnType<BrowserContext['cookies']>>;

/**
 * Signs `fan` up as a browser without JavaScript does — GET /login, through the sign-in service
 * to its sign-up form, POST the form, follow the redirects back to the shop — but as plain HTTP
 * (Playwright's request context, its own cookie jar): the same sign-in service, code flow and
 * session, in a third of a second instead of a browser's five pages. Answers the cookies a
 * browser would hold afterwards (the shop's session and the sign-in service's), without the
 * language. One test walks the pages themselves (auth.spec.ts).
 */
export async function signUpOverHttp(baseURL: string, fan: Fan): Promise<SessionCookies> {
  const http = await request.newContext({ baseURL });
  try {
    const signIn = await http.get('/login');
    expect(signIn.status(), 'the sign-in page').toBe(200);
    const signUpPath = /href="(\/sign-in\/[^"/]+\/sign-up)"/.exec(await signIn.text())?.[1];
    if (!signUpPath) throw new Error(`no sign-up link on ${signIn.url()}`);
    const done = await http.post(signUpPath, { form: { firstName: fan.firstName, lastName: fan.lastName, email: fan.email, password: fan.password } });
    expect(new URL(done.url()).pathname, `signed up as ${fan.email} and back at the shop`).toBe('/products');
    const cookies = (await http.storageState()).cookies.filter((cookie) => cookie.name !== LANGUAGE_COOKIE);
    expect(cookies.map((cookie) => cookie.name), 'the shop’s session').toContain('__shop_session');
    return cookies;
  } finally {
    await http.dispose();
  }
}
