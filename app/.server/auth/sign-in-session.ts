// Starting and ending signed-in sessions (the callback, sign-out, "sign out everywhere").
import type { RouterContextProvider } from 'react-router';
import type { Notice } from '../../domain/notice';
import type { Customer } from '../services/customers';
import { endBrowserSession } from '../identity-provider/interactions';
import { authContext, expressContext } from './context';
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

/**
 * Signs this browser out: its session on the server, and its session at the sign-in service —
 * the embedded one ended here and now (so no page, script or click is needed on the way), an
 * external one through its end-session endpoint: the returned URL, where the browser goes next
 * (null when the issuer has none).
 */
export async function endSession(request: Request, context: Context): Promise<{ providerLogout: string | null }> {
  const { store, login, identityProvider } = context.get(authContext);
  const signedIn = await getSignedIn(request, context);
  await store.destroy((await getShopSession(request, context)).get('sid'));
  if (identityProvider) {
    const { req, res } = context.get(expressContext);
    await endBrowserSession(identityProvider, req, res);
    return { providerLogout: null };
  }
  const idToken = signedIn?.user.idToken;
  return { providerLogout: idToken ? await login.logoutUrl(idToken) : null };
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
