import { data, Link, redirect } from 'react-router';
import { ReloadDocsPage } from '../../components/reload-docs/reload-docs-page';
import { shopContext } from '../../context';
import { pageMeta } from '../../domain/page-meta';
import { ORDERS_PATH } from '../../domain/order-pages';
import { DOCUMENTS_RECEIVED_PATH } from '../../domain/reload-docs';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import { describePage } from '../../.server/http/page-seo';
import { getInstance, getLanguage } from '../../middleware/i18next';
import { authorisedReload, itemView, readReloadDocsPost, refusedReply } from './reload-docs.server';
import type { Route } from './+types/reload-docs';
import type { RouteHandle } from '../../root';

export const handle: RouteHandle = { styles: ['components', 'forms', 'configure'] };

/**
 * New identity documents for a paid club card (spec §2 "Reload-docs screen"; issue 15):
 * `/reload-docs?id={order item}&exp=…&v=…&hash=…`, from the mail that asks for them. Secured;
 * without `id` or `hash` it goes home; a link that is not this fan's paid card is a 404; the
 * fan's own link past its 14 days, or already used, is 410 with a page that says so.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const link = await authorisedReload(request, context);
  const { t } = getInstance(context);
  if (link.gone !== null) {
    const seo = describePage(context, request, { title: t('reloadDocs:gone.metaTitle'), robots: 'noindex' });
    return data({ seo, gone: link.gone, item: null, summaryLabels: null }, { status: 410 });
  }
  return {
    seo: describePage(context, request, { title: t('reloadDocs:metaTitle'), robots: 'noindex' }),
    gone: null,
    item: itemView(link.item, getLanguage(context)),
    summaryLabels: {
      documentType: t('configureParts:documents.type'),
      documentFront: t('configureParts:documents.front'),
      documentBack: t('configureParts:documents.back'),
    },
  };
}

/** POST (multipart) `documentType`, `documentFront`, `documentBack`: replaces the item's documents, then /thankyou. */
export async function action({ request, context }: Route.ActionArgs) {
  // The link first: a post through a link that is not this fan's learns nothing about its form.
  const link = await authorisedReload(request, context);
  if (link.gone !== null) return data({ result: undefined }, { status: 410 });
  const { owner, target } = link;
  const post = await readReloadDocsPost(request);
  if (!post.ok) return data({ result: post.result }, { status: 400 });
  const saved = await context.get(shopContext).services.reloadDocs.replace({ owner, target, documentType: post.documentType, uploads: post.uploads });
  if (saved.ok) throw redirect(DOCUMENTS_RECEIVED_PATH, 303);
  if (saved.reason === 'not-found') throw data(null, { status: 404 });
  // Used (another tab sent documents first) or expired meanwhile: the loader's page says which.
  if (saved.reason === 'expired' || saved.reason === 'used') return data({ result: undefined }, { status: 410 });
  const result = refusedReply({ status: 'error', initialValue: { documentType: post.documentType } }, saved.fields);
  return data({ result }, { status: 400 });
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function ReloadDocs({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.gone !== null || !loaderData.item || !loaderData.summaryLabels) return <LinkGone gone={loaderData.gone ?? 'used'} />;
  return <ReloadDocsPage item={loaderData.item} summaryLabels={loaderData.summaryLabels} lastResult={actionData?.result} />;
}

function LinkGone({ gone }: { gone: 'expired' | 'used' }) {
  const { t } = useShopTranslation('reloadDocs');
  return (
    <section className="configure" aria-labelledby="reload-docs-heading">
      <h1 id="reload-docs-heading">{t('heading')}</h1>
      <p role="status">{t(`gone.${gone}`)}</p>
      <p>
        <Link to={ORDERS_PATH}>{t('gone.orders')}</Link>
      </p>
    </section>
  );
}
