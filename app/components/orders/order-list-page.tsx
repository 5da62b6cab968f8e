import { Link } from 'react-router';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import { Breadcrumb } from '../ui/breadcrumb';
import { EmptyState } from '../ui/empty-state';

/** One of the fan's orders as the list shows it, worded on the server. */
export type OrderListRow = {
  id: string;
  href: string;
  title: string;
  placedOn: string;
  status: string;
  itemCount: string;
  total: string;
  /** The order's payment page while it awaits payment, else null. */
  payHref: string | null;
  /** The pay link's name: "Pay now" and which order, since the list has one per unpaid order. */
  payLabel: string;
};

/**
 * The fan's orders, newest first: one card per order whose heading links to its receipt, with
 * its date, status, item count and total as a description list (readable on a phone, where a
 * five-column table would not fit).
 */
export function OrderListPage({ orders }: { orders: OrderListRow[] }) {
  const { t } = useShopTranslation('orders');
  return (
    <div className="order-page">
      <Breadcrumb trail={[{ to: '/account', label: t('breadcrumb.account') }]} current={t('breadcrumb.orders')} />
      <h1>{t('list.heading')}</h1>
      {orders.length === 0 ? (
        <EmptyState title={t('list.emptyTitle')} text={t('list.empty')} action={{ href: '/products', label: t('list.browse') }} />
      ) : (
        <ul className="order-list">
          {orders.map((order) => (
            <li key={order.id} className="order-list__item">
              <h2>
                <Link to={order.href}>{order.title}</Link>
              </h2>
              <dl className="order-facts">
                <div>
                  <dt>{t('list.placedOn')}</dt>
                  <dd>{order.placedOn}</dd>
                </div>
                <div>
                  <dt>{t('list.status')}</dt>
                  <dd>{order.status}</dd>
                </div>
                <div>
                  <dt>{t('list.items')}</dt>
                  <dd>{order.itemCount}</dd>
                </div>
                <div>
                  <dt>{t('list.total')}</dt>
                  <dd>{order.total}</dd>
                </div>
              </dl>
              {order.payHref ? (
                <p>
                  <Link to={order.payHref} className="button button--primary" aria-label={order.payLabel}>
                    {t('summary.payNow')}
                  </Link>
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
