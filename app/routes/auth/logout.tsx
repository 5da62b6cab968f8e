import { useShopTranslation } from '../../i18n/use-shop-translation';
import { Form, Link, redirect, redirectDocument } from 'react-router';
import { SubmitButton } from '../../components/form/submit-button';
import { pageMeta } from '../../domain/page-meta';
import { authContext } from '../../.server/auth/context';
import { getSessionUser } from '../../.server/auth/guards';
import { endSession } from '../../.server/auth/sign-in-session';
import { describePage } from '../../.server/http/page-seo';
import { getInstance } from '../../middleware/i18next';
import type { Route } from './+types/logout';
import { noStore } from '../../.server/http/no-store';
import type { RouteHandle } from '../../root';

export const handle: RouteHandle = { styles: ['components', 'forms'] };

/** A personal page: never cached. */
export const middleware: Route.MiddlewareFunction[] = [noStore];

/** GET shows a confirmation form (a link must not sign anyone out); nothing to do when signed out. */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!(await getSessionUser(request, context))) return redirect('/', 302);
  const { t } = getInstance(context);
  return { seo: describePage(context, request, { title: t('auth:logout.metaTitle'), robots: 'noindex' }) };
}

/** POST: forget the fan here and at the sign-in service (an external one: through its logout). */
export async function action({ request, context }: Route.ActionArgs) {
  const { sessions } = context.get(authContext);
  // Deleted on the server: a copy of the cookie saved earlier opens nothing any more.
  const { providerLogout } = await endSession(request, context);
  // A brand-new session holding nothing but the notice: the fan is signed out, and told so.
  const signedOut = await sessions.getSession();
  signedOut.flash('notice', { key: 'auth:logout.done' });
  const headers = { 'Set-Cookie': await sessions.commitSession(signedOut) };
  return redirectDocument(providerLogout ?? '/', { status: 303, headers });
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function Logout() {
  const { t } = useShopTranslation('auth');
  return (
    <section className="auth-page" aria-labelledby="logout-heading">
      <h1 id="logout-heading">{t('logout.heading')}</h1>
      <p>{t('logout.body')}</p>
      <Form method="post" reloadDocument className="form form--inline">
        <SubmitButton>{t('logout.submit')}</SubmitButton>
        <Link to="/products" className="button">
          {t('logout.cancel')}
        </Link>
      </Form>
    </section>
  );
}
