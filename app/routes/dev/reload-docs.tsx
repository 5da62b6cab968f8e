import { data, Form } from 'react-router';
import { ErrorSummary } from '../../components/form/error-summary';
import { SubmitButton } from '../../components/form/submit-button';
import { TextField } from '../../components/form/text-field';
import { useShopForm } from '../../components/form/use-shop-form';
import { shopContext } from '../../context';
import { pageMeta } from '../../domain/page-meta';
import { parseForm } from '../../forms/parse';
import { requestDocumentsSchema } from '../../forms/request-documents';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import { refuseUnlessLocalDevelopment } from '../../.server/http/dev-pages';
import { redirectWithNotice } from '../../.server/http/flash';
import { readFormData } from '../../.server/http/form-data';
import { describePage } from '../../.server/http/page-seo';
import { getInstance } from '../../middleware/i18next';
import type { Route } from './+types/reload-docs';
import type { RouteHandle } from '../../root';

export const handle: RouteHandle = { styles: ['components', 'forms', 'notify-me'] };

const PAGE_PATH = '/dev/reload-docs';

/** Support tool (not in production, only from this machine): ask a fan for new identity documents of a paid card. */
export async function loader({ request, context }: Route.LoaderArgs) {
  refuseUnlessLocalDevelopment(context);
  const { t } = getInstance(context);
  return { seo: describePage(context, request, { title: t('dev:reloadDocs.metaTitle'), robots: 'noindex' }) };
}

/**
 * POST `id`: an order item's id (that card), or an order's (each of its cards). Queues the mail
 * with the reload-docs link to the order's buyer, once while the card's documents stay the same;
 * 303 back with a notice. Not a paid card (or an order without one) → 400 at the field.
 */
export async function action({ request, context }: Route.ActionArgs) {
  refuseUnlessLocalDevelopment(context);
  const { services } = context.get(shopContext);
  const submission = parseForm(await readFormData(request), requestDocumentsSchema);
  if (submission.status !== 'success') return data({ reply: submission.reply() }, { status: 400 });
  const { id } = submission.value;
  // Item and order ids are random uuids of different tables: the item is tried first.
  const byItem = await services.reloadDocs.requestDocuments({ orderItemId: id });
  const requested = byItem.ok ? byItem : await services.reloadDocs.requestDocuments({ orderId: id });
  if (!requested.ok) return data({ reply: submission.reply({ fieldErrors: { id: ['dev:reloadDocs.notFound'] } }) }, { status: 400 });
  const queued = requested.value.outcomes.filter((outcome) => outcome === 'queued').length;
  const already = requested.value.outcomes.length - queued;
  return redirectWithNotice(request, context, PAGE_PATH, {
    key: queued > 0 ? 'dev:reloadDocs.queued' : 'dev:reloadDocs.alreadyQueued',
    values: { count: queued > 0 ? queued : already },
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function DevReloadDocs({ actionData }: Route.ComponentProps) {
  const { t } = useShopTranslation(['dev', 'forms']);
  const ask = useShopForm(requestDocumentsSchema, { id: 'request-documents', lastResult: actionData?.reply, fieldOrder: ['id'] });
  return (
    <section className="notify-page" aria-labelledby="reload-docs-heading">
      <h1 id="reload-docs-heading">{t('dev:reloadDocs.heading')}</h1>
      <p>{t('dev:reloadDocs.intro')}</p>
      <ErrorSummary key={ask.summary.key} errors={ask.summary.errors} labels={{ id: t('dev:reloadDocs.id') }} />
      <Form method="post" {...ask.formProps} aria-labelledby="reload-docs-heading" className="form">
        <TextField field={ask.fields.id} label={t('dev:reloadDocs.id')} hint={t('dev:reloadDocs.idHint')} autoComplete="off" />
        <SubmitButton>{t('dev:reloadDocs.submit')}</SubmitButton>
      </Form>
    </section>
  );
}
