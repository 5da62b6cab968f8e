import { useShopTranslation } from '../../i18n/use-shop-translation';
import { data, Form, Link, redirect, redirectDocument } from 'react-router';
import { AuthPage, ExpiredSignIn } from '../../components/form/auth-page';
import { ErrorSummary } from '../../components/form/error-summary';
import { SubmitButton } from '../../components/form/submit-button';
import { PersonNameFields } from '../../components/form/person-name-fields';
import { TextField } from '../../components/form/text-field';
import { useShopForm } from '../../components/form/use-shop-form';
import { pageAddress } from '../../domain/page-address';
import { pageMeta } from '../../domain/page-meta';
import { parseForm } from '../../forms/parse';
import { FIELD_MESSAGES } from '../../forms/messages';
import { signUpSchema } from '../../forms/sign-up';
import { interactionRoute, tooManyAttempts } from '../../.server/auth/interaction-route';
import { describePage } from '../../.server/http/page-seo';
import { getInstance } from '../../middleware/i18next';
import type { Route } from './+types/sign-up';
import { readFormData } from '../../.server/http/form-data';
import { noStore } from '../../.server/http/no-store';
import type { RouteHandle } from '../../root';

export const handle: RouteHandle = { styles: ['components', 'forms'] };

/** A personal page: never cached. */
export const middleware: Route.MiddlewareFunction[] = [noStore];

/** Sign-up at the embedded sign-in service, inside the same interaction as the sign-in page. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const interaction = await interactionRoute(context, params.uid).read();
  const { t } = getInstance(context);
  const seo = describePage(context, request, { title: t('auth:signUp.metaTitle'), robots: 'noindex' });
  if (!interaction) return data({ seo, uid: null }, { status: 400 });
  return { seo, uid: interaction.uid };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const route = interactionRoute(context, params.uid);
  const submission = parseForm(await readFormData(request), signUpSchema);
  if (submission.status !== 'success') return data(submission.reply({ hideFields: ['password'] }), { status: 400 });
  if (!(await route.read())) return redirect(pageAddress(request.url).pathname, 303);

  const limit = await route.attempts.takeSignUp(route.ip);
  if (limit.blocked) {
    const { minutes, init } = tooManyAttempts(limit);
    const message = getInstance(context).t('auth:tooManyAttempts', { count: minutes });
    return data(submission.reply({ formErrors: [message], hideFields: ['password'] }), init);
  }
  const { firstName, lastName, email, password } = submission.value;
  const result = await route.accounts.signUp({ givenName: firstName, familyName: lastName, email, password });
  if (!result.ok) {
    return data(
      submission.reply({ fieldErrors: { email: [FIELD_MESSAGES.emailTaken] }, hideFields: ['password'] }),
      { status: 400 },
    );
  }
  // Signed in: this browser is remembered for the new account, as after a sign-in.
  return redirectDocument(await route.finish(result.account.id), { status: 303, headers: { 'Set-Cookie': route.rememberDevice(email) } });
}

/** Document responses take headers from here: pass on the action's Retry-After (429). */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get('Retry-After');
  return retryAfter ? { 'Retry-After': retryAfter } : new Headers();
};

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function SignUp({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useShopTranslation('auth');
  const { fields, formProps, summary, resultKey } = useShopForm(signUpSchema, {
    lastResult: actionData,
    fieldOrder: ['firstName', 'lastName', 'email', 'password'],
  });
  if (!loaderData.uid) return <ExpiredSignIn />;
  return (
    <AuthPage
      heading={t('signUp.heading')}
      intro={t('signUp.intro')}
      aside={
        <>
          {t('signUp.haveAccount')} <Link to={`/sign-in/${loaderData.uid}/`}>{t('signUp.toSignIn')}</Link>
        </>
      }
    >
      <ErrorSummary
        key={summary.key}
        errors={summary.errors}
        labels={{
          firstName: t('signUp.firstName'),
          lastName: t('signUp.lastName'),
          email: t('signUp.email'),
          password: t('signUp.password'),
        }}
      />
      <Form method="post" {...formProps} className="form">
        <PersonNameFields
          firstName={fields.firstName}
          lastName={fields.lastName}
          labels={{ firstName: t('signUp.firstName'), lastName: t('signUp.lastName') }}
        />
        <TextField field={fields.email} label={t('signUp.email')} type="email" autoComplete="email" />
        <TextField
          key={`password-${resultKey}`}
          field={fields.password}
          label={t('signUp.password')}
          type="password"
          autoComplete="new-password"
          hint={t('signUp.passwordHint')}
        />
        <SubmitButton>{t('signUp.submit')}</SubmitButton>
      </Form>
    </AuthPage>
  );
}
