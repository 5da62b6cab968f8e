import { ThankYouPage } from '../../components/orders/thank-you-page';
import { shopContext } from '../../context';
import { orderIdOf } from '../../domain/order-pages';
import { pageMeta } from '../../domain/page-meta';
import { isDocumentsThankYou } from '../../domain/reload-docs';
import { getSignedIn } from '../../.server/auth/guards';
import { noStore } from '../../.server/http/no-store';
import { describePage } from '../../.server/http/page-seo';
import { getInstance, getLanguage } from '../../middleware/i18next';
import type { RouteHandle } from '../../root';
import { orderSummaryData } from './order-summary.server';
import type { Route } from './+types/thank-you';

// Links only: the page ships no JavaScript (docs/decisions.md, "Thank-you page and orders").
export const handle: RouteHandle = { hydrate: false };

// It may show an order: never kept by a shared cache or the browser's history cache.
export const middleware: Route.MiddlewareFunction[] = [noStore];

/**
 * The thank-you page (spec §2), reachable signed out: the order's summary only when a signed-in
 * fan owns the `orderId` (spec: the lookup runs only with a token and an orderId). No orderId,
 * a malformed or unknown one, or someone else's order: the plain success page, the same for all.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const orderId = orderIdOf(new URL(request.url));
  const fan = orderId ? await getSignedIn(request, context) : null;
  const { services } = context.get(shopContext);
  const order = fan && orderId ? await services.orders.find({ customerId: fan.customer.id, subject: fan.user.subject }, orderId) : null;
  const { t } = getInstance(context);
  return {
    seo: describePage(context, request, { title: t('orders:thankYou.metaTitle'), robots: 'noindex' }),
    summary: order ? orderSummaryData(order, getLanguage(context), t) : null,
    // After /reload-docs (`?documents=1`): worded for documents received, not a purchase.
    documents: isDocumentsThankYou(new URL(request.url)),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function ThankYou({ loaderData }: Route.ComponentProps) {
  return <ThankYouPage summary={loaderData.summary} documents={loaderData.documents} />;
}
