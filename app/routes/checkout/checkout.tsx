import { Link, redirect } from 'react-router';
import { Breadcrumb } from '../../components/ui/breadcrumb';
import { shopContext } from '../../context';
import { CART_PATH, canCheckout } from '../../domain/cart-summary';
import { pagePath } from '../../domain/page-address';
import { pageMeta } from '../../domain/page-meta';
import { missingForPurchase, profileCompletionHref } from '../../domain/profile-completeness';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import { signedIn } from '../../.server/auth/guards';
import { cookieWithNotice } from '../../.server/http/flash';
import { describePage } from '../../.server/http/page-seo';
import { getInstance, getLanguage } from '../../middleware/i18next';
import { cartPageData } from '../cart/cart.server';
import type { Route } from './+types/checkout';

/**
 * Checkout's door (issue 12): only a cart that nothing blocks gets in — every item that ships has
 * an address it may go to, every waiver is given, nothing sold out. Anything else goes back to
 * the cart, which says what is missing. Billing and payment are built on this page next (issue 13).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, customer } = signedIn(context);
  if (missingForPurchase(customer).length > 0) throw redirect(profileCompletionHref(pagePath(request.url)));
  const { t } = getInstance(context);
  const view = await context.get(shopContext).services.cart.viewCart({ customerId: customer.id, subject: user.subject });
  if (!canCheckout(view.blockers)) {
    const notice = { key: `cart:blockers.${view.blockers[0]}`, timing: 'cart' as const };
    throw redirect(CART_PATH, { headers: { 'Set-Cookie': await cookieWithNotice(request, context, notice) } });
  }
  const page = await cartPageData(view, customer, getLanguage(context), t);
  return {
    seo: describePage(context, request, { title: t('cart:checkout.metaTitle'), robots: 'noindex' }),
    lines: page.lines.map((line) => ({ id: line.id, name: line.name, holder: line.holder, price: line.price })),
    totals: page.totals,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function Checkout({ loaderData }: Route.ComponentProps) {
  const { t } = useShopTranslation('cart');
  const { lines, totals } = loaderData;
  return (
    <section className="checkout" aria-labelledby="checkout-heading">
      <Breadcrumb trail={[{ to: CART_PATH, label: t('breadcrumb') }]} current={t('checkout.heading')} />
      <h1 id="checkout-heading">{t('checkout.heading')}</h1>
      <p>{t('checkout.intro')}</p>
      <ul>
        {lines.map((line) => (
          <li key={line.id}>{t('checkout.line', { name: line.name, holder: line.holder, price: line.price })}</li>
        ))}
      </ul>
      <p>{t('checkout.total', { total: totals.total, shipping: totals.shipping })}</p>
      <p>
        <Link to={CART_PATH}>{t('checkout.backToCart')}</Link>
      </p>
    </section>
  );
}
