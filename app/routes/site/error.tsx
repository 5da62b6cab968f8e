import { z } from 'zod';
import { ErrorScreen } from '../../components/error-screen';
import { shopContext } from '../../context';
import { pageMeta } from '../../domain/page-meta';
import { describePage } from '../../.server/http/page-seo';
import { getInstance } from '../../middleware/i18next';
import type { RouteHandle } from '../../root';
import type { Route } from './+types/error';

/** `?error={"id":…,"label":…,"code":…}`; ids and codes are shown, labels are translation keys. */
const errorQuery = z.object({
  id: z.string().regex(/^[\w.:-]{1,64}$/).optional().catch(undefined),
  label: z.string().max(64).optional().catch(undefined),
  code: z.union([z.string(), z.number()]).transform(String).pipe(z.string().regex(/^[\w.:-]{1,32}$/)).optional().catch(undefined),
});

function parseErrorQuery(raw: string | null) {
  if (!raw) return {};
  try {
    return errorQuery.parse(JSON.parse(raw));
  } catch {
    return {};
  }
}

export const handle: RouteHandle = { hydrate: false, styles: ['components'] };

export function loader({ request, context }: Route.LoaderArgs) {
  const query = parseErrorQuery(new URL(request.url).searchParams.get('error'));
  const i18n = getInstance(context);
  // Only known labels are shown: free text from a URL would let anyone put words in our mouth.
  const labelKey = `errors:labels.${query.label ?? ''}`;
  const message = query.label && i18n.exists(labelKey) ? i18n.t(labelKey) : i18n.t('errors:labels.UNEXPECTED');
  return {
    message,
    errorId: query.id,
    code: query.code,
    supportUrl: context.get(shopContext).config.supportUrl,
    seo: describePage(context, request, { title: i18n.t('errors:metaTitle'), robots: 'noindex' }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function ErrorPage({ loaderData }: Route.ComponentProps) {
  return (
    <ErrorScreen
      message={loaderData.message}
      errorId={loaderData.errorId}
      code={loaderData.code}
      supportUrl={loaderData.supportUrl}
    />
  );
}
