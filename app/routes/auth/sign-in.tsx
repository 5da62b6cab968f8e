import { useShopTranslation } from '../../i18n/use-shop-translation';
import { data, Form, Link, redirect, redirectDocument } from 'react-router';
import { AuthPage, ExpiredSignIn, HeldSignIn } from '../../components/form/auth-page';
import { ErrorSummary } from '../../components/form/error-summary';
import { SubmitButton } from '../../components/form/submit-button';
import { TextField } from '../../components/form/text-field';
import { useShopForm } from '../../components/form/use-shop-form';
import { pageAddress } from '../../domain/page-address';
import { pageMeta } from '../../domain/page-meta';
import { parseForm } from '../../forms/parse';
import { signInSchema } from '../../forms/sign-in';
import { interactionRoute, tooManyAttempts } from '../../.server/auth/interaction-route';
import { describePage } from '../../.server/http/page-seo';
import { getInstance } from '../../middleware/i18next';
import type { Route } from './+types/sign-in';
import { readFormData } from '../../.server/http/form-data';
import { noStore } from '../../.server/http/no-store';
import type { RouteHandle } from '../../root';

export const handle: RouteHandle = { styles: ['components', 'forms'] };

/** A personal page: never cached. */
export const middleware: Route.MiddlewareFunction[] = [noStore];

/** The embedded sign-in service's login page (oidc-provider interaction `/sign-in/{uid}/`). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const interaction = await interactionRoute(context, params.uid).read();
  const { t } = getInstance(context);
  const seo = describePage(context, request, { title: t('auth:signIn.metaTitle'), robots: 'noindex' });
  if (!interaction) return data({ seo, uid: null }, { status: 400 });
  return { seo, uid: interaction.uid };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const route = interactionRoute(context, params.uid);
  const submission = parseForm(await readFormData(request), signInSchema);
  if (submission.status !== 'success') return data(submission.reply({ hideFields: ['password'] }), { status: 400 });
  // A stale page (interaction expired or finished): the loader shows what to do.
  if (!(await route.read())) return redirect(pageAddress(request.url).pathname, 303);

  const { email, password } = submission.value;
  // The attempt is counted before the password is checked (see rate-limit.ts).
  const attempt = await route.signIn(email, password);
  if (attempt.held) {
    // Strangers' failures hold the account: one page whether the password was right or wrong.
    const { minutes, init } = tooManyAttempts(attempt);
    return data({ held: true as const, minutes }, init);
  }
  if (attempt.blocked) {
    const { minutes, init } = tooManyAttempts(attempt);
    const message = getInstance(context).t('auth:tooManyAttempts', { count: minutes });
    return data(submission.reply({ formErrors: [message], hideFields: ['password'] }), init);
  }
  const account = attempt.result;
  if (!account) {
    // One message for an unknown e-mail and a wrong password alike.
    return data(submission.reply({ formErrors: ['auth:signIn.invalidCredentials'], hideFields: ['password'] }), { status: 400 });
  }
  // The provider's resume URL: a full document navigation, never a client-side route. This
  // browser is remembered: strangers' failures do not count against it (device-cookie.ts).
  return redirectDocument(await route.finish(account.id), { status: 303, headers: { 'Set-Cookie': route.rememberDevice(email) } });
}

/** Document responses take headers from here: pass on the action's Retry-After (429). */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get('Retry-After');
  return retryAfter ? { 'Retry-After': retryAfter } : new Headers();
};

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useShopTranslation('auth');
  const held = actionData && 'held' in actionData ? actionData : null;
  const { fields, formProps, summary, resultKey } = useShopForm(signInSchema, {
    lastResult: actionData && !('held' in actionData) ? actionData : undefined,
    fieldOrder: ['email', 'password'],
  });
  if (!loaderData.uid) return <ExpiredSignIn />;
  if (held) return <HeldSignIn minutes={held.minutes} signInPage={`/sign-in/${loaderData.uid}/`} />;
  return (
    <AuthPage
      heading={t('signIn.heading')}
      intro={t('signIn.intro')}
      aside={
        <>
          {t('signIn.noAccount')} <Link to={`/sign-in/${loaderData.uid}/sign-up`}>{t('signIn.toSignUp')}</Link>
        </>
      }
    >
      <ErrorSummary
        key={summary.key}
        errors={summary.errors}
        labels={{ email: t('signIn.email'), password: t('signIn.password') }}
      />
      <Form method="post" {...formProps} className="form">
        <TextField field={fields.email} label={t('signIn.email')} type="email" autoComplete="username" />
        <TextField
          key={`password-${resultKey}`}
          field={fields.password}
          label={t('signIn.password')}
          type="password"
          autoComplete="current-password"
        />
        <SubmitButton>{t('signIn.submit')}</SubmitButton>
      </Form>
    </AuthPage>
  );
}
