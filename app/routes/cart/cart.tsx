import { useShopTranslation } from '../../i18n/use-shop-translation';
import { Link } from 'react-router';
import { shopContext } from '../../context';
import { formatPrice } from '../../domain/price';
import { pageMeta } from '../../domain/page-meta';
import { Breadcrumb } from '../../components/ui/breadcrumb';
import { signedIn } from '../../.server/auth/guards';
import { describePage } from '../../.server/http/page-seo';
import { getInstance, getLanguage } from '../../middleware/i18next';
import type { Route } from './+types/cart';

/**
 * The cart (secured), listed plainly: each item's product, for whom, its price snapshot and a
 * link to change it. Removing items, addresses and checkout come with the cart issue.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, customer } = signedIn(context);
  const { services } = context.get(shopContext);
  const { t } = getInstance(context);
  const language = getLanguage(context);
  const owner = { customerId: customer.id, subject: user.subject };
  const [items, products] = await Promise.all([services.cart.listItems(owner), services.catalogue.listProducts()]);
  const nameOf = new Map(products.map((product) => [product.id, product.name[language]]));
  return {
    seo: describePage(context, request, { title: t('cart:metaTitle'), robots: 'noindex' }),
    language,
    items: items.map((item) => ({
      id: item.id,
      name: nameOf.get(item.productId) ?? item.productId,
      editHref: `/products/${encodeURIComponent(item.productId)}/configure/${item.process}?cartItem=${item.id}`,
      process: item.process,
      holder: item.holder ? `${item.holder.firstName} ${item.holder.lastName}` : null,
      forMyself: item.buyFor === 'BUY_CARD',
      couponCode: item.couponCode,
      unitPriceCents: item.unitPriceCents,
    })),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function Cart({ loaderData }: Route.ComponentProps) {
  const { t } = useShopTranslation('cart');
  const { items, language } = loaderData;
  return (
    <div className="cart">
      <Breadcrumb current={t('heading')} />
      <h1>{t('heading')}</h1>
      {items.length === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <ul className="cart__items">
          {items.map((item) => (
            <li key={item.id} className="cart__item">
              <h2 className="cart__item-name">{item.name}</h2>
              <p>
                {item.process === 'gift'
                  ? t('item.gift')
                  : item.forMyself
                    ? t('item.forMyself')
                    : t('item.onBehalf', { name: item.holder ?? '' })}
              </p>
              {item.couponCode ? <p>{t('item.coupon', { code: item.couponCode })}</p> : null}
              <p className="cart__item-price">{formatPrice(item.unitPriceCents, language)}</p>
              <Link to={item.editHref} aria-label={t('item.editLabel', { name: item.name })}>
                {t('item.edit')}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to="/products" className="button button--primary">
          {t('continueShopping')}
        </Link>
      </p>
    </div>
  );
}
