// Rotating SESSION_SECRET (issue 33, item 7; docs/operations.md "Rotating the session secret"):
// with the old secret in SESSION_SECRET_PREVIOUS, a fan's cookie signed before the rotation still
// opens their account, and what the shop signs from then on is under the new secret only.
import type { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authContext } from '../app/.server/auth/context';
import { requireCustomer } from '../app/.server/auth/guards';
import type { Database } from '../app/.server/db/client';
import { systemClock } from '../app/.server/clock';
import { createTestDatabase } from './support/database';
import { createShopContext, signedInCookie } from './support/signed-in';

const OLD_SECRET = 'the-session-secret-before-the-rotation-0001';
const NEW_SECRET = 'the-session-secret-after-the-rotation-00002';

let database: Database;
const stops: (() => void)[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  for (const stop of stops) stop();
  await database?.close();
});

/** The shop over the same database with this configuration: an instance before, during or after the rotation. */
async function instance(env: Record<string, string>): Promise<RouterContextProvider> {
  const { context, stop } = await createShopContext(database, systemClock, env);
  stops.push(stop);
  return context;
}

const account = (cookie: string) => new Request('http://shop.test/account', { headers: { Cookie: cookie } });

/** Who the cookie signs in at `/account`, or where the guard sends the browser instead. */
async function visitAccount(cookie: string, context: RouterContextProvider): Promise<string> {
  try {
    return (await requireCustomer(account(cookie), context)).user.subject;
  } catch (thrown) {
    if (thrown instanceof Response) return `redirect ${thrown.headers.get('Location') ?? ''}`;
    throw thrown;
  }
}

describe('rotating the session secret', () => {
  it('keeps a fan signed in with the cookie of before, and signs new cookies with the new secret only', async () => {
    const before = await instance({ SESSION_SECRET: OLD_SECRET });
    const during = await instance({ SESSION_SECRET: NEW_SECRET, SESSION_SECRET_PREVIOUS: `${'x'.repeat(32)},${OLD_SECRET}` });
    const after = await instance({ SESSION_SECRET: NEW_SECRET });
    const { cookie: oldCookie } = await signedInCookie(before, 'sub-rotation');

    expect(await visitAccount(oldCookie, during)).toBe('sub-rotation');
    // Without the old secret the same cookie is not the shop's: the fan signs in again.
    expect(await visitAccount(oldCookie, after)).toBe('redirect /login?redirectUri=%2Faccount');

    // The next cookie the shop sets for the same session is signed with the new secret.
    const { sessions } = during.get(authContext);
    const session = await sessions.getSession(oldCookie);
    const newCookie = (await sessions.commitSession(session)).split(';')[0] ?? '';
    expect(newCookie).not.toBe(oldCookie);
    expect(await visitAccount(newCookie, after)).toBe('sub-rotation');
    expect(await visitAccount(newCookie, before)).toBe('redirect /login?redirectUri=%2Faccount');
  });
});
