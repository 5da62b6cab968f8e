import { useShopTranslation } from '../../i18n/use-shop-translation';
import { data, redirect, redirectDocument } from 'react-router';
import { requestContext, shopContext } from '../../context';
import { pageMeta } from '../../domain/page-meta';
import { safeRedirectPath } from '../../domain/redirect-target';
import { authContext } from '../../.server/auth/context';
import { getSessionUser, getShopSession } from '../../.server/auth/guards';
import { startSession } from '../../.server/auth/sign-in-session';
import { INTERACTIVE_PARAM, isLoginRefusal, isSilentCheckMiss } from '../../.server/auth/shop-login';
import { describePage } from '../../.server/http/page-seo';
import { getInstance } from '../../middleware/i18next';
import type { Route } from './+types/authorize';
import { noStore } from '../../.server/http/no-store';
import type { RouteHandle } from '../../root';

export const handle: RouteHandle = { styles: ['components', 'forms'] };

/** A personal page: never cached. */
export const middleware: Route.MiddlewareFunction[] = [noStore];

/** The OIDC callback: exchanges the code, finds or creates the customer, starts a fresh session. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { login } = context.get(authContext);
  const session = await getShopSession(request, context);
  const headers = new Headers();
  for (const cookie of login.expireStateCookies(request)) headers.append('Set-Cookie', cookie);

  let identity;
  try {
    identity = await login.authenticate(request);
  } catch (error) {
    if (isSilentCheckMiss(error)) return redirectDocument(`/login?${INTERACTIVE_PARAM}`, { status: 303, headers });
    if (!isLoginRefusal(error)) throw error; // unexpected: the error screen, without details
    // A stale callback (back button) of a fan who is signed in anyway: nothing failed.
    if (await getSessionUser(request, context)) return redirect(safeRedirectPath(session.get('returnTo'), '/'), { status: 303, headers });
    context.get(requestContext).logger.warn({ reason: error instanceof Error ? error.message : String(error) }, 'sign-in refused');
    const { t } = getInstance(context);
    const seo = describePage(context, request, { title: t('auth:loginFailed.metaTitle'), robots: 'noindex' });
    return data({ seo }, { status: 400, headers });
  }

  const { services } = context.get(shopContext);
  const customer = await services.customers.upsertFromSignIn(identity);
  const target = safeRedirectPath(session.get('returnTo'), '/');
  // Spec §4 "Cart notices": the first time items appear for a signed-in fan, a welcome back.
  const items = await services.cart.countItems({ customerId: customer.id, subject: customer.oidcSubject });
  const welcome = items > 0 ? { key: 'auth:welcomeBack', values: { name: customer.firstName }, timing: 'welcome' as const } : undefined;
  headers.append('Set-Cookie', await startSession(request, context, customer, identity.idToken, welcome));
  return redirect(target, { status: 303, headers });
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

/** Only rendered when signing in failed: the message and a way to try again. */
export default function Authorize() {
  const { t } = useShopTranslation('auth');
  return (
    <section className="auth-page" aria-labelledby="login-failed-heading">
      <h1 id="login-failed-heading">{t('loginFailed.heading')}</h1>
      <p>{t('loginFailed.body')}</p>
      <p>
        <a href="/login" className="button button--primary">
          {t('loginFailed.retry')}
        </a>
      </p>
    </section>
  );
}
