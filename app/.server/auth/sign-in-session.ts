// Starting and ending signed-in sessions (the callback, sign-out, "sign out everywhere").
import type { RouterContextProvider } from 'react-router';
import type { Notice } from '../../domain/notice';
import type { Customer } from '../services/customers';
import { authContext } from './context';
import { getShopSession, getSignedIn } from './guards';

type Context = Readonly<RouterContextProvider>;

/**
 * Signs `customer` in: a new random session id in a brand-new cookie (nothing carried over
 * from before, no session fixation) and the end of whatever session this browser had.
 * `notice` greets the fan on the first page (a flash notice). Returns the Set-Cookie value.
 */
export async function startSession(
  request: Request,
  context: Context,
  customer: Pick<Customer, 'id' | 'oidcSubject'>,
  idToken: string,
  notice?: Notice,
): Promise<string> {
  const { sessions, store } = context.get(authContext);
  await store.destroy((await getShopSession(request, context)).get('sid'));
  const fresh = await sessions.getSession();
  fresh.set('sid', await store.create(customer, idToken));
  if (notice) fresh.flash('notice', notice);
  return sessions.commitSession(fresh);
}

/** Ends this browser's session on the server; returns the ID token for the provider's logout. */
export async function endSession(request: Request, context: Context): Promise<{ idToken: string | null }> {
  const signedIn = await getSignedIn(request, context);
  await context.get(authContext).store.destroy((await getShopSession(request, context)).get('sid'));
  return { idToken: signedIn?.user.idToken ?? null };
}

/**
 * Ends every session of the customer on every device (this one included), and the embedded
 * sign-in service's sessions of the fan too, so no device signs back in silently.
 */
export async function endAllSessions(context: Context, customer: Pick<Customer, 'id' | 'oidcSubject'>): Promise<number> {
  const { store, endProviderSessions } = context.get(authContext);
  await endProviderSessions(customer.oidcSubject);
  return store.destroyAllFor(customer.id);
}
