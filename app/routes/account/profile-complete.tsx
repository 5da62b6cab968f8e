import type { SubmissionResult } from '@conform-to/react';
import { useMemo } from 'react';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import { data, Link } from 'react-router';
import { ProfileCompletionForm } from '../../components/account/profile-completion-form';
import { pageMeta } from '../../domain/page-meta';
import { romeDate } from '../../domain/shop-time';
import { isPhoneRequired } from '../../domain/profile-completeness';
import { isRefresh } from '../../forms/intent';
import { fieldErrorsOf } from '../../forms/field-problems';
import { PROFILE_DEPENDENT_FIELDS, profileCompletionSchema, profileProblemMessage } from '../../forms/profile';
import { keepLoaderDataOnRefresh } from '../../forms/refresh';
import { parseForm } from '../../forms/parse';
import {
  describeProfileForm,
  missingPartsOf,
  profileFormContext,
  profileFormValuesOf,
  readCompletionQuery,
  submittedProfileValues,
} from './profile-complete.server';
import { signedIn } from '../../.server/auth/guards';
import { redirectWithNotice } from '../../.server/http/flash';
import { describePage } from '../../.server/http/page-seo';
import { loadedFormView, refreshedFormView, refusedFormView } from '../../.server/http/refresh';
import { shopContext } from '../../context';
import { getInstance, getLanguage } from '../../middleware/i18next';
import type { Route } from './+types/profile-complete';
import { readFormData } from '../../.server/http/form-data';
import type { RouteHandle } from '../../root';

export const handle: RouteHandle = { styles: ['components', 'forms', 'account'] };

/**
 * The spec's "add-user-info" page (`?fields=taxcode&redirectUri=/cart`): asks for what the
 * profile lacks, checks the tax code against the fan's data, saves and goes back (303).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { customer } = signedIn(context);
  const { t } = getInstance(context);
  const query = readCompletionQuery(new URL(request.url));
  return {
    seo: describePage(context, request, { title: t('account:complete.metaTitle'), robots: 'noindex' }),
    holderName: `${customer.firstName} ${customer.lastName}`,
    missing: missingPartsOf(customer, query),
    redirectTo: query.redirectTo,
    schemaContext: await profileFormContext(customer, query, context.get(shopContext).clock),
    view: await loadedFormView(profileFormValuesOf(customer), describeProfileForm(getLanguage(context), romeDate(context.get(shopContext).clock.now()))),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user, customer } = signedIn(context);
  const { services, clock } = context.get(shopContext);
  const describe = describeProfileForm(getLanguage(context), romeDate(clock.now()));
  const query = readCompletionQuery(new URL(request.url));
  const formData = await readFormData(request);
  const schema = profileCompletionSchema(await profileFormContext(customer, query, clock));

  if (isRefresh(formData)) {
    // Nothing is saved: the form comes back with narrowed lists and stale fields emptied.
    return { view: await refreshedFormView(formData, PROFILE_DEPENDENT_FIELDS, schema, describe) };
  }

  const submission = parseForm(formData, schema);
  const refused = async (result: SubmissionResult<string[]>) =>
    data({ view: await refusedFormView(submittedProfileValues(formData), result, describe, schema) }, { status: 400 });
  if (submission.status !== 'success') return refused(submission.reply());

  const draft = submittedProfileValues(formData);
  const saved = await services.customers.completeProfile(customer.id, user.subject, { draft, requested: query.requested });
  if (!saved.ok && saved.reason === 'not-found') throw data(null, { status: 404 });
  if (!saved.ok) return refused(submission.reply({ fieldErrors: fieldErrorsOf(saved.fields, profileProblemMessage) }));
  return redirectWithNotice(request, context, query.redirectTo, { key: 'account:complete.saved' });
}

export const shouldRevalidate = keepLoaderDataOnRefresh;

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function CompleteProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useShopTranslation('account');
  const view = actionData?.view ?? loaderData.view;
  const schema = useMemo(() => profileCompletionSchema(loaderData.schemaContext), [loaderData.schemaContext]);
  return (
    <section className="account-page" aria-labelledby="profile-heading">
      <h1 id="profile-heading">{t('complete.heading')}</h1>
      <p>{t('complete.intro')}</p>
      {loaderData.missing.length > 0 ? (
        <div className="account-page__missing">
          <p>{t('complete.missing')}</p>
          <ul>
            {loaderData.missing.map((part) => (
              <li key={part}>{t(`fields.${part}`)}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p>
          {t('complete.nothingMissing')} <Link to={loaderData.redirectTo}>{t('complete.continue')}</Link>
        </p>
      )}
      <p className="account-page__holder">
        <strong>{t('complete.holder', { name: loaderData.holderName })}</strong>
        <br />
        <span className="form-field__hint">{t('complete.holderHint')}</span>
      </p>
      <ProfileCompletionForm
        schema={schema}
        view={view}
        phoneRequired={isPhoneRequired(loaderData.schemaContext.requested)}
      />
    </section>
  );
}
