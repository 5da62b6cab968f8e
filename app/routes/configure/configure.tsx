import { missingForPurchase } from '../../domain/profile-completeness';
import type { SubmissionResult } from '@conform-to/react';
import { useMemo } from 'react';
import { data, redirect } from 'react-router';
import { ConfigurePage } from '../../components/configure/configure-page';
import { usePartRules } from '../../components/configure/part-rules';
import { shopContext } from '../../context';
import { DOCUMENT_FILE_FIELD_ORDER, type DocumentFileField } from '../../domain/document-upload';
import { fieldErrorsOf } from '../../forms/field-problems';
import { configureProblemMessage, configureSchema } from '../../forms/configure';
import { CONFIGURE_DEPENDENT_FIELDS } from '../../forms/configure-refresh';
import { isRefresh } from '../../forms/intent';
import { parseForm } from '../../forms/parse';
import { keepLoaderDataOnRefresh } from '../../forms/refresh';
import { pagePath } from '../../domain/page-address';
import { profileCompletionHref } from '../../domain/profile-completeness';
import { pageMeta } from '../../domain/page-meta';
import { primaryActionOf } from '../../domain/configure';
import { ALL_CONFIGURE_RULES } from '../../domain/configure-rules';
import { romeDate } from '../../domain/shop-time';
import { expressContext } from '../../.server/auth/context';
import { signedIn } from '../../.server/auth/guards';
import { clientIpOf } from '../../.server/http/client-ip';
import { redirectWithNotice } from '../../.server/http/flash';
import { readFormData } from '../../.server/http/form-data';
import { readMultipartForm, type UploadedDocument } from '../../.server/http/multipart';
import { describePage } from '../../.server/http/page-seo';
import { loadedFormView, refusedFormView, refreshedFormView } from '../../.server/http/refresh';
import { getInstance, getLanguage } from '../../middleware/i18next';
import {
  buyForChoices,
  buyForOptionsOf,
  chooseBuyFor,
  configureFormContext,
  describeConfigureForm,
  newConfigureDraft,
  ownDataOf,
  partsOf,
  productView,
  readConfigureTarget,
  requireSubmissionKey,
  submissionKeyOf,
  submittedConfigureDraft,
  summaryLabels,
} from './configure.server';
import type { Route } from './+types/configure';
import type { RouteHandle } from '../../root';

export const handle: RouteHandle = { styles: ['components', 'price', 'ui', 'forms', 'configure'] };

/**
 * The buyer data form (spec §2): `/products/{id}/configure/{buy|gift|coupon}` with optional
 * `cartItem` (edit an item, prefilled) and `buyFor`. Secured; a fan whose profile lacks what a
 * purchase needs is shown what is missing and a link to complete it, which comes back here.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user, customer } = signedIn(context);
  const { services, clock } = context.get(shopContext);
  const url = new URL(request.url);
  const owner = { customerId: customer.id, subject: user.subject };
  const { product, process, editing } = await readConfigureTarget(services, owner, params, url);
  // The client's own method: loaders after a document POST see a GET request.
  if (!editing) await requireSubmissionKey(services, owner, request.url, context.get(expressContext).req.method);
  const language = getLanguage(context);
  const now = clock.now();
  const { t } = getInstance(context);
  const page = {
    seo: describePage(context, request, { title: t('configure:metaTitle', { name: product.name[language] }), robots: 'noindex' }),
    product: productView(product, process === 'coupon' || (editing?.couponCode ?? null) !== null, language, now, t),
    process,
    editing: editing ? { id: editing.id, documents: editing.documents } : null,
    completeHref: profileCompletionHref(pagePath(request.url)),
  };
  const missing = missingForPurchase(customer);
  if (missing.length > 0) return { ...page, missing, form: null };

  const options = buyForOptionsOf(product, customer, now);
  const buyFor = chooseBuyFor(options, url.searchParams.get('buyFor'), editing);
  const parts = partsOf(product, process, buyFor);
  const draft = editing
    ? { ...services.cart.draftOf(editing), buyFor }
    : newConfigureDraft(buyFor, process === 'coupon' ? (url.searchParams.get('couponCode') ?? '') : '');
  const describe = describeConfigureForm(language, romeDate(now), parts.holderFields);
  return {
    ...page,
    missing,
    form: {
      buyFor: { choices: buyForChoices(options.offered, request.url), chosen: buyFor, ageNotOk: options.ageNotOk && process !== 'gift' },
      summaryLabels: summaryLabels(t, parts, product.customizations[0]?.ruleLabel[language] ?? ''),
      parts,
      own: ownDataOf(customer),
      primaryAction: primaryActionOf(editing !== null),
      schemaContext: await configureFormContext(product, process, customer, now),
      view: await loadedFormView(draft, describe),
    },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { user, customer } = signedIn(context);
  const { services, clock } = context.get(shopContext);
  const url = new URL(request.url);
  const owner = { customerId: customer.id, subject: user.subject };
  const { product, process, editing } = await readConfigureTarget(services, owner, params, url);
  // The page offers no form then (it lists what is missing); a post anyway (curl, an old tab) is sent back to it.
  if (missingForPurchase(customer).length > 0) return redirect(pagePath(request.url), 303);
  const now = clock.now();
  const schemaContext = await configureFormContext(product, process, customer, now);
  const schema = configureSchema(schemaContext, ALL_CONFIGURE_RULES);

  // A card's form carries its identity documents: multipart, read while streaming with a cap.
  let formData: FormData;
  let documents: Partial<Record<DocumentFileField, UploadedDocument>> = {};
  let fileProblems: Partial<Record<DocumentFileField, string>> = {};
  // A post cut short by a huge file holds no text fields: judging them would add false "required"s.
  let textLost = false;
  if (/^multipart\/form-data/i.test(request.headers.get('content-type') ?? '')) {
    const read = await readMultipartForm(request, DOCUMENT_FILE_FIELD_ORDER);
    formData = read.ok ? read.value.form : read.form;
    if (read.ok) documents = read.value.files;
    else {
      fileProblems = read.fields;
      textLost = read.interrupted === true;
    }
  } else {
    formData = await readFormData(request);
  }
  const submittedBuyFor = formData.get('buyFor');
  const buyFor = chooseBuyFor(buyForOptionsOf(product, customer, now), typeof submittedBuyFor === 'string' ? submittedBuyFor : null, editing);
  const describe = describeConfigureForm(getLanguage(context), romeDate(now), partsOf(product, process, buyFor).holderFields);

  if (isRefresh(formData)) {
    return { view: await refreshedFormView(formData, CONFIGURE_DEPENDENT_FIELDS, schema, describe) };
  }
  const submission = parseForm(formData, schema);
  const refused = async (result: SubmissionResult<string[]>, status = 400) =>
    data({ view: await refusedFormView(submittedConfigureDraft(formData), result, describe, schema) }, { status });
  const fileErrors = fieldErrorsOf(fileProblems, configureProblemMessage);
  if (submission.status !== 'success' || Object.keys(fileErrors).length > 0) {
    const reply = submission.reply();
    return refused({ ...reply, error: { ...(textLost ? {} : reply.error), ...fileErrors } });
  }

  const saved = await services.cart.configureItem({
    owner,
    productId: product.id,
    process,
    cartItemId: editing?.id ?? null,
    submissionKey: editing ? null : submissionKeyOf(url),
    draft: submittedConfigureDraft(formData),
    documents,
    attempt: { ip: clientIpOf(context) },
  });
  if (saved.ok) {
    const name = product.name[getLanguage(context)];
    return redirectWithNotice(request, context, '/cart', { key: editing ? 'cart:notice.saved' : 'cart:notice.added', values: { name }, timing: 'cart' });
  }
  if (saved.reason === 'not-found') throw data(null, { status: 404 });
  // The profile changed since the page was shown: the page lists what is missing now.
  if (saved.reason === 'profile-incomplete') return redirect(pagePath(request.url), 303);
  const status = saved.reason === 'too-many-attempts' ? 429 : 400;
  return refused(submission.reply({ fieldErrors: fieldErrorsOf(saved.fields, configureProblemMessage) }), status);
}

export const shouldRevalidate = keepLoaderDataOnRefresh;

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function Configure({ loaderData, actionData }: Route.ComponentProps) {
  const { form } = loaderData;
  const schemaContext = form?.schemaContext;
  const rules = usePartRules(form?.parts ?? { holderFields: false, gift: false, customization: false });
  const { holder, gift, customization } = rules;
  const schema = useMemo(
    () => (schemaContext ? configureSchema(schemaContext, { holder, gift, customization }) : null),
    [schemaContext, holder, gift, customization],
  );
  return (
    <ConfigurePage
      page={loaderData}
      form={form && schema ? { ...form, schema, view: actionData?.view ?? form.view } : null}
    />
  );
}
