import { Link } from 'react-router';
import showcaseStylesUrl from '../../components/dev/showcase.css?url';
import { ShowcaseDialogContent } from '../../components/dev/showcase-ui';
import { pageMeta } from '../../domain/page-meta';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import { refuseUnlessLocalDevelopment } from '../../.server/http/dev-pages';
import { describePage } from '../../.server/http/page-seo';
import { getInstance } from '../../middleware/i18next';
import type { RouteHandle } from '../../root';
import type { Route } from './+types/components-dialog';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: showcaseStylesUrl }];

/** Plain HTML: nothing here needs JavaScript. */
export const handle: RouteHandle = { hydrate: false, styles: ['components', 'price', 'catalogue', 'ui'] };

/**
 * Where /dev/components' dialog link goes without JavaScript (issue 16: a dialog degrades to a
 * page): the dialog's content as a page of its own, and the way back.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  refuseUnlessLocalDevelopment(context);
  const { t } = getInstance(context);
  return {
    seo: describePage(context, request, {
      title: t('dev:components.dialog.metaTitle'),
      robots: 'noindex',
    }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function DevComponentsDialog() {
  const { t } = useShopTranslation('dev');
  return (
    <div className="showcase__section">
      <h1>{t('components.dialog.title')}</h1>
      <ShowcaseDialogContent />
      <p>
        <Link to="/dev/components#dialog-heading">{t('components.dialog.back')}</Link>
      </p>
    </div>
  );
}
