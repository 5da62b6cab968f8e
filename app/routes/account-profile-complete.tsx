import { parseWithZod } from '@conform-to/zod/v4';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { data, Link, redirect, type ShouldRevalidateFunction } from 'react-router';
import { ProfileCompletionForm } from '../components/account/profile-completion-form';
import { useServerValues } from '../components/form/use-server-values';
import { useShopForm } from '../components/form/use-shop-form';
import { pageMeta } from '../domain/page-meta';
import { isPhoneRequired } from '../domain/profile-completeness';
import { isRefresh } from '../forms/intent';
import { FIELD_MESSAGES } from '../forms/messages';
import { PROFILE_FIELDS, profileCompletionSchema, refreshedProfileValues } from '../forms/profile';
import {
  missingPartsOf,
  profileFormContext,
  profileFormValuesOf,
  profileFormView,
  profileUpdateFrom,
  readCompletionQuery,
  submittedProfileValues,
} from '../.server/account/profile-completion';
import { requireCustomer } from '../.server/auth/guards';
import { describePage } from '../.server/seo';
import { resolveBirthPlace } from '../.server/services/birth-place-options';
import { shopContext } from '../context';
import { getInstance, getLanguage } from '../middleware/i18next';
import accountStylesUrl from '../components/account/account.css?url';
import type { Route } from './+types/account-profile-complete';
import { readFormData } from '../.server/http/form-data';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: accountStylesUrl },
];

/**
 * The spec's "add-user-info" page (`?fields=taxcode&redirectUri=/cart`): asks for what the
 * profile lacks, checks the tax code against the fan's data, saves and goes back (303).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { customer } = await requireCustomer(request, context);
  const { t } = getInstance(context);
  const query = readCompletionQuery(new URL(request.url));
  return {
    seo: describePage(context, request, { title: t('account:complete.metaTitle'), robots: 'noindex' }),
    holderName: `${customer.firstName} ${customer.lastName}`,
    missing: missingPartsOf(customer, query),
    redirectTo: query.redirectTo,
    schemaContext: await profileFormContext(customer, query),
    view: await profileFormView(profileFormValuesOf(customer), getLanguage(context)),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user, customer } = await requireCustomer(request, context);
  const language = getLanguage(context);
  const query = readCompletionQuery(new URL(request.url));
  const formData = await readFormData(request);

  if (isRefresh(formData)) {
    // Nothing is validated or saved: the form comes back with narrowed lists and stale fields
    // emptied. Not a submission result, so the error summary neither appears nor takes focus.
    return { result: undefined, view: await profileFormView(refreshedProfileValues(formData), language) };
  }

  const schema = profileCompletionSchema(await profileFormContext(customer, query));
  const submission = parseWithZod(formData, { schema });
  const view = await profileFormView(submittedProfileValues(formData), language);
  if (submission.status !== 'success') return data({ result: submission.reply(), view }, { status: 400 });

  const place = await resolveBirthPlace(submission.value);
  if (!place.ok) {
    const result = submission.reply({ fieldErrors: { [place.field]: [FIELD_MESSAGES.selectFromList] } });
    return data({ result, view }, { status: 400 });
  }
  const { services } = context.get(shopContext);
  const profile = profileUpdateFrom(submission.value, place.place);
  const saved = await services.customers.updateProfile(customer.id, user.subject, profile);
  if (!saved) throw data(null, { status: 404 });
  return redirect(query.redirectTo, 303);
}

/** A refresh changes nothing saved: the page's loader data (profile, schema inputs) stays as it is. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData && isRefresh(formData) ? false : defaultShouldRevalidate;

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function CompleteProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('account');
  const view = actionData?.view ?? loaderData.view;
  const schema = useMemo(() => profileCompletionSchema(loaderData.schemaContext), [loaderData.schemaContext]);
  const { form, fields, formProps, summary } = useShopForm(schema, {
    lastResult: actionData?.result,
    fieldOrder: [...PROFILE_FIELDS],
    // Without JavaScript a refreshed page starts from the refreshed values; with it, conform
    // keeps the inputs and useServerValues empties what the refresh cleared.
    defaultValue: view.values,
  });
  useServerValues(form, actionData, view.values, ['birthProvinceCode', 'birthCityCode', 'taxCode']);
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
        fields={fields}
        formProps={formProps}
        summary={summary}
        view={view}
        phoneRequired={isPhoneRequired(loaderData.schemaContext.requested)}
      />
    </section>
  );
}
