import { data, redirect } from 'react-router';
import { ReloadDocsPage } from '../../components/reload-docs/reload-docs-page';
import { shopContext } from '../../context';
import { pageMeta } from '../../domain/page-meta';
import { DOCUMENTS_RECEIVED_PATH } from '../../domain/reload-docs';
import { describePage } from '../../.server/http/page-seo';
import { getInstance, getLanguage } from '../../middleware/i18next';
import { authorisedReload, itemView, readReloadDocsPost, refusedReply } from './reload-docs.server';
import type { Route } from './+types/reload-docs';

/**
 * New identity documents for a paid club card (spec §2 "Reload-docs screen"; issue 15):
 * `/reload-docs?id={order item}&hash={its hash}`, from the mail that asks for them. Secured;
 * without `id` or `hash` it goes home; a link that is not this fan's paid card is a 404.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { item } = await authorisedReload(request, context);
  const { t } = getInstance(context);
  return {
    seo: describePage(context, request, { title: t('reloadDocs:metaTitle'), robots: 'noindex' }),
    item: itemView(item, getLanguage(context)),
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
  const { owner, target } = await authorisedReload(request, context);
  const post = await readReloadDocsPost(request);
  if (!post.ok) return data({ result: post.result }, { status: 400 });
  const saved = await context.get(shopContext).services.reloadDocs.replace({ owner, target, documentType: post.documentType, uploads: post.uploads });
  if (saved.ok) throw redirect(DOCUMENTS_RECEIVED_PATH, 303);
  if (saved.reason === 'not-found') throw data(null, { status: 404 });
  const result = refusedReply({ status: 'error', initialValue: { documentType: post.documentType } }, saved.fields);
  return data({ result }, { status: 400 });
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function ReloadDocs({ loaderData, actionData }: Route.ComponentProps) {
  return <ReloadDocsPage item={loaderData.item} summaryLabels={loaderData.summaryLabels} lastResult={actionData?.result} />;
}
