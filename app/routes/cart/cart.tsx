import { useShopTranslation } from '../../i18n/use-shop-translation';
import { Link } from 'react-router';
import { pageMeta } from '../../domain/page-meta';
import { Breadcrumb } from '../../components/ui/breadcrumb';
import { describePage } from '../../.server/http/page-seo';
import { getInstance } from '../../middleware/i18next';
import type { Route } from './+types/cart';

/** The cart (secured). For now always empty: the cart itself comes with the cart issue. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { t } = getInstance(context);
  return { seo: describePage(context, request, { title: t('cart:metaTitle'), robots: 'noindex' }) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function Cart() {
  const { t } = useShopTranslation('cart');
  return (
    <div className="cart">
      <Breadcrumb current={t('heading')} />
      <h1>{t('heading')}</h1>
      <p>{t('empty')}</p>
      <p>
        <Link to="/products" className="button button--primary">
          {t('continueShopping')}
        </Link>
      </p>
    </div>
  );
}
