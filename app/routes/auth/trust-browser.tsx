import { data } from 'react-router';
import { TrustBrowserAnswer } from '../../components/form/auth-page';
import { pageMeta } from '../../domain/page-meta';
import { authContext } from '../../.server/auth/context';
import { describePage } from '../../.server/http/page-seo';
import { noStore } from '../../.server/http/no-store';
import { TRUST_LINK_MINUTES } from '../../.server/identity-provider/trust-link';
import { shopContext } from '../../context';
import { getInstance } from '../../middleware/i18next';
import type { Route } from './+types/trust-browser';
import type { RouteHandle } from '../../root';

// Nothing to enhance: links only.
export const handle: RouteHandle = { hydrate: false, styles: ['components', 'forms'] };

/** A personal page: never cached. */
export const middleware: Route.MiddlewareFunction[] = [noStore];

/**
 * `/sign-in/trust?account=…&exp=…&sig=…`, the link mailed when the right password came from a
 * browser that never signed in to an account strangers' failures hold (identity-provider/
 * trust-link.ts): this browser gets the device cookie a sign-in gives, then the fan signs in.
 * It signs nobody in. Under `/sign-in`, the device cookie's path, so the browser sends the cookie
 * it may already have and keeps its other accounts. With an external OIDC_ISSUER: 404.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { identityProvider, trustLinks, devices } = context.get(authContext);
  if (!identityProvider) throw data(null, { status: 404 });
  const { t } = getInstance(context);
  const seo = describePage(context, request, { title: t('auth:trustBrowser.metaTitle'), robots: 'noindex' });
  const link = trustLinks.check(new URL(request.url).searchParams, context.get(shopContext).clock.now());
  const answer = (state: 'trusted' | 'expired' | 'invalid') => ({ seo, state, minutes: TRUST_LINK_MINUTES });
  if (link.status === 'expired') return data(answer('expired'), { status: 410 });
  // A genuine link for an account since deleted is no use either.
  const account = link.status === 'valid' ? await identityProvider.accounts.findById(link.accountId) : null;
  if (!account) return data(answer('invalid'), { status: 400 });
  return data(answer('trusted'), { headers: { 'Set-Cookie': devices.remember(request.headers.get('Cookie'), account.email) } });
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function TrustBrowser({ loaderData }: Route.ComponentProps) {
  return <TrustBrowserAnswer state={loaderData.state} minutes={loaderData.minutes} />;
}
