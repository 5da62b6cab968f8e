import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useShopTranslation } from '../i18n/use-shop-translation';
import { useRootData } from '../root-data';
import { ErrorScreen } from './error-screen';

/**
 * The error page of the root and of the secured layout (lazily loaded by both: no page's first
 * load carries it). Under the secured layout an action's error stops there, so React Router
 * still runs the root loader: the header shows the fan signed in, with the request id and the
 * support URL. At the root, when its loader did not run, the error screen falls back to what
 * the server knows of the request (`error-fallback`) and the header shows no one signed in.
 */
export default function SiteErrorBoundary() {
  const error = useRouteError();
  const data = useRootData();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const { t } = useShopTranslation('errors');
  return (
    <>
      <title>{`${t('common:shopName')} – ${t('metaTitle')}`}</title>
      <meta name="robots" content="noindex, nofollow" />
      <ErrorScreen status={status} errorId={data?.requestId} supportUrl={data?.supportUrl} />
    </>
  );
}
