import { OrderListPage } from '../../../components/orders/order-list-page';
import { shopContext } from '../../../context';
import { pageMeta } from '../../../domain/page-meta';
import { signedIn } from '../../../.server/auth/guards';
import { describePage } from '../../../.server/http/page-seo';
import { getInstance, getLanguage } from '../../../middleware/i18next';
import type { RouteHandle } from '../../../root';
import { orderListRows } from '../../orders/order-summary.server';
import type { Route } from './+types/list';

// Links only: no JavaScript.
export const handle: RouteHandle = { hydrate: false, styles: ['components', 'ui', 'orders'] };

/** The fan's orders, newest first (secured). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, customer } = signedIn(context);
  const { services } = context.get(shopContext);
  const { t } = getInstance(context);
  const orders = await services.orders.list({ customerId: customer.id, subject: user.subject });
  return {
    seo: describePage(context, request, { title: t('orders:list.metaTitle'), robots: 'noindex' }),
    orders: orderListRows(orders, getLanguage(context), t),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function AccountOrders({ loaderData }: Route.ComponentProps) {
  return <OrderListPage orders={loaderData.orders} />;
}
