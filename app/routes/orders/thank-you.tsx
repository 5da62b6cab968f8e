import { ThankYouPage } from '../../components/orders/thank-you-page';
import { shopContext } from '../../context';
import { orderIdOf, thankYouKindOf } from '../../domain/order-pages';
import { pageMeta } from '../../domain/page-meta';
import { signedIn } from '../../.server/auth/guards';
import { describePage } from '../../.server/http/page-seo';
import { getInstance, getLanguage } from '../../middleware/i18next';
import type { RouteHandle } from '../../root';
import { orderSummaryData } from './order-summary.server';
import type { Route } from './+types/thank-you';

// Links only: the page ships no JavaScript (docs/decisions.md, "Thank-you page and orders").
export const handle: RouteHandle = { hydrate: false };

/**
 * The thank-you page (spec §2: secured; the secured layout sends anyone signed out to sign in
 * and back, and keeps it out of caches): the order's summary only when the fan owns the
 * `orderId`. No orderId, a malformed or unknown one, or someone else's order: the plain success
 * page, the same for all.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const orderId = orderIdOf(new URL(request.url));
  const { user, customer } = signedIn(context);
  const { services } = context.get(shopContext);
  const order = orderId ? await services.orders.find({ customerId: customer.id, subject: user.subject }, orderId) : null;
  const { t } = getInstance(context);
  return {
    seo: describePage(context, request, { title: t('orders:thankYou.metaTitle'), robots: 'noindex' }),
    summary: order ? orderSummaryData(order, getLanguage(context), t) : null,
    // After /reload-docs (`?documents=1`) or a gift's activation (`?gift=1`): worded for that, not a purchase.
    kind: thankYouKindOf(new URL(request.url)),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function ThankYou({ loaderData }: Route.ComponentProps) {
  return <ThankYouPage summary={loaderData.summary} kind={loaderData.kind} />;
}
