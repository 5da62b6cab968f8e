import { useShopTranslation } from '../../i18n/use-shop-translation';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { documentTitle } from '../../domain/page-meta';
import { useRootData } from '../../root-data';
import { ErrorScreen } from '../error-screen';

/**
 * Error boundary of the pages about one product: an unknown product gets the spec's
 * not-found product message (404), anything else the generic error screen.
 */
export function ProductErrorBoundary() {
  const error = useRouteError();
  const { t } = useShopTranslation('catalogue');
  const root = useRootData();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <>
      <title>{documentTitle(t('common:shopName'), t(notFound ? 'detail.notFoundTitle' : 'errors:metaTitle'))}</title>
      <meta name="robots" content="noindex, nofollow" />
      <ErrorScreen
        status={isRouteErrorResponse(error) ? error.status : 500}
        message={notFound ? t('detail.notFound') : undefined}
        errorId={root?.requestId}
        supportUrl={root?.supportUrl}
      />
    </>
  );
}
