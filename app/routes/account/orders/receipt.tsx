import { data } from 'react-router';
import { ReceiptPage } from '../../../components/orders/receipt-page';
import { shopContext } from '../../../context';
import { pageMeta } from '../../../domain/page-meta';
import { signedIn } from '../../../.server/auth/guards';
import { describePage } from '../../../.server/http/page-seo';
import { getInstance, getLanguage } from '../../../middleware/i18next';
import type { RouteHandle } from '../../../root';
import { receiptData } from './receipt.server';
import type { Route } from './+types/receipt';

// Read-only (printing is the browser's): no JavaScript.
export const handle: RouteHandle = { hydrate: false, styles: ['components', 'forms', 'orders'] };

/** The receipt of one of the fan's orders (secured); someone else's, unknown or malformed: 404. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user, customer } = signedIn(context);
  const { services } = context.get(shopContext);
  const order = await services.orders.find({ customerId: customer.id, subject: user.subject }, params.orderId);
  if (!order) throw data({ reason: 'order-not-found' }, { status: 404 });
  const { t } = getInstance(context);
  const receipt = await receiptData(order, getLanguage(context), t);
  return {
    seo: describePage(context, request, { title: receipt.title, robots: 'noindex' }),
    receipt,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function AccountReceipt({ loaderData }: Route.ComponentProps) {
  return <ReceiptPage receipt={loaderData.receipt} />;
}
