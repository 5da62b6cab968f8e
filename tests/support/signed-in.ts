import { RouterContextProvider } from 'react-router';
import { authContext } from '../../app/.server/auth/context';
import { createAuthRuntime } from '../../app/.server/auth/runtime';
import type { Database } from '../../app/.server/db/client';
import { readConfig } from '../../app/.server/env';
import { createLogger } from '../../app/.server/logger';
import { systemClock, type Clock } from '../../app/.server/clock';
import { shopContext } from '../../app/context';
import { servicesFor } from './services';

/** A router context as the server builds it (shop services and sign-in runtime) over `database`. */
export async function createShopContext(
  database: Database,
  clock: Clock = systemClock,
  /** More configuration, e.g. SESSION_SECRET and SESSION_SECRET_PREVIOUS (tests/session-rotation.test.ts). */
  env: Record<string, string> = {},
): Promise<{ context: RouterContextProvider; stop: () => void }> {
  const config = readConfig({ LOG_LEVEL: 'silent', PUBLIC_URL: 'http://shop.test', ...env });
  const auth = await createAuthRuntime(database.db, config, createLogger('silent'), clock);
  const context = new RouterContextProvider();
  context.set(shopContext, { config, clock, services: servicesFor(database, { clock }) });
  context.set(authContext, auth);
  return { context, stop: auth.stop };
}

/**
 * A customer for `subject` and the shop's session cookie of that fan, as a browser would send
 * it: a session row straight in the store (no sign-in flow, so tests stay fast). Ada Rossi
 * unless `names` says otherwise (a tax code must match the names).
 */
export async function signedInCookie(
  context: RouterContextProvider,
  subject: string,
  names: { firstName: string; lastName: string } = { firstName: 'Ada', lastName: 'Rossi' },
) {
  const customer = await context.get(shopContext).services.customers.upsertFromSignIn({
    subject,
    email: `${subject}@example.org`,
    ...names,
  });
  const { sessions, store } = context.get(authContext);
  const session = await sessions.getSession();
  session.set('sid', await store.create(customer, 'x.y.z'));
  return { customer, cookie: (await sessions.commitSession(session)).split(';')[0]! };
}
