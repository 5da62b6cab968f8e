import { ThankYouPage, type ThankYouOffers } from '../../components/orders/thank-you-page';
import { THANK_YOU_PROMOTIONS } from '../../components/orders/thank-you-promotions';
import { shopContext } from '../../context';
import { orderIdOf, redeemedProductOf, thankYouKindOf } from '../../domain/order-pages';
import { CLUB_CARD_OFFER, offersNotBought, stillOffered, type JustBought } from '../../domain/thank-you-offers';
import { pageMeta } from '../../domain/page-meta';
import { signedIn } from '../../.server/auth/guards';
import { describePage } from '../../.server/http/page-seo';
import { getInstance, getLanguage } from '../../middleware/i18next';
import type { RouteHandle } from '../../root';
import { orderSummaryData } from './order-summary.server';
import type { Route } from './+types/thank-you';

// Links only: the page ships no JavaScript
// (docs/decisions/checkout-and-orders.md, "Thank-you page").
export const handle: RouteHandle = { hydrate: false, styles: ['components', 'carousel', 'orders'] };

/**
 * The thank-you page (spec §2: secured; the secured layout sends anyone signed out to sign in
 * and back, and keeps it out of caches): the order's summary only when the fan owns the
 * `orderId`. No orderId, a malformed or unknown one, or someone else's order: the plain success
 * page, the same for all. The page offers nothing the fan has just bought (the owner's order's
 * products) or redeemed (the gift's product its address names): domain/thank-you-offers.ts.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const orderId = orderIdOf(new URL(request.url));
  const { user, customer } = signedIn(context);
  const { services } = context.get(shopContext);
  const order = orderId ? await services.orders.find({ customerId: customer.id, subject: user.subject }, orderId) : null;
  const { t } = getInstance(context);
  const redeemed = redeemedProductOf(new URL(request.url));
  const bought: JustBought[] = [
    ...(order?.lines.map((line) => ({ productId: line.productId, kind: line.kind })) ?? []),
    ...(redeemed ? [{ productId: redeemed, kind: null }] : []),
  ];
  const offers: ThankYouOffers = {
    clubCard: stillOffered(CLUB_CARD_OFFER, bought),
    promotions: offersNotBought(THANK_YOU_PROMOTIONS, bought).map((card) => card.id),
  };
  return {
    seo: describePage(context, request, { title: t('orders:thankYou.metaTitle'), robots: 'noindex' }),
    summary: order ? orderSummaryData(order, getLanguage(context), t) : null,
    // After /reload-docs (`?documents=1`) or a gift's activation (`?gift=1`): worded for that, not a purchase.
    kind: thankYouKindOf(new URL(request.url)),
    offers,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function ThankYou({ loaderData }: Route.ComponentProps) {
  return <ThankYouPage summary={loaderData.summary} kind={loaderData.kind} offers={loaderData.offers} />;
}
