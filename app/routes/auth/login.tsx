import { redirect, redirectDocument } from 'react-router';
import { targetFromLoginUrl } from '../../domain/login-target';
import { safeRedirectPath } from '../../domain/redirect-target';
import { authContext } from '../../.server/auth/context';
import { getSessionUser, getShopSession } from '../../.server/auth/guards';
import { INTERACTIVE_PARAM } from '../../.server/auth/shop-login';
import type { Route } from './+types/login';
import { noStore } from '../../.server/http/no-store';

/** A personal page: never cached. */
export const middleware: Route.MiddlewareFunction[] = [noStore];

/**
 * `/login?redirectUri=/path`: remembers where to go back to, then starts the OIDC code flow
 * (a silent check first; `?interactive` after the provider answered "login_required").
 * A fan who is already signed in goes straight to the target.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { sessions, login } = context.get(authContext);
  const session = await getShopSession(request, context);
  const url = new URL(request.url);
  const requested = url.searchParams.has('redirectUri') ? targetFromLoginUrl(url) : null;

  if (await getSessionUser(request, context)) return redirect(requested ?? safeRedirectPath(session.get('returnTo'), '/'), 302);

  // `?interactive` is the retry after the silent check: keep the target stored then.
  if (requested !== null || !url.searchParams.has(INTERACTIVE_PARAM)) session.set('returnTo', requested ?? '/');
  // Only the flag reaches the strategy (a stray `state` would make it a callback).
  const start = new URL('/login', url.origin);
  if (url.searchParams.has(INTERACTIVE_PARAM)) start.searchParams.set(INTERACTIVE_PARAM, '');
  try {
    await login.authenticate(new Request(start, { headers: request.headers }));
  } catch (thrown) {
    const location = thrown instanceof Response ? thrown.headers.get('Location') : null;
    if (!(thrown instanceof Response) || !location) throw thrown;
    const headers = new Headers();
    for (const cookie of login.expireOldStateCookies(request)) headers.append('Set-Cookie', cookie);
    for (const cookie of thrown.headers.getSetCookie()) headers.append('Set-Cookie', cookie);
    headers.append('Set-Cookie', await sessions.commitSession(session));
    // The provider is not one of our routes: always a full document navigation.
    return redirectDocument(location, { status: 302, headers });
  }
  throw new Error('the sign-in flow did not start');
}

/** Never rendered (the loader always redirects); as a page route its errors get the error screen. */
export default function Login() {
  return null;
}
