// The pay page's server side (issue 14): an order awaiting payment, paid (again) on the PSP's
// hosted page — after a refusal, a cancelled payment, or when the PSP was away at checkout.
import { data, type RouterContextProvider } from 'react-router';
import { formatShopDateTime } from '../../domain/display-format';
import { loginPath } from '../../domain/login-target';
import { orderIdOf, receiptPath } from '../../domain/order-pages';
import { pagePath } from '../../domain/page-address';
import { canPayOrder } from '../../domain/payment-attempt';
import { formatPrice } from '../../domain/price';
import { shopContext } from '../../context';
import { getSignedIn } from '../../.server/auth/guards';
import { getLanguage } from '../../middleware/i18next';
import { savedCardsOf } from './saved-cards.server';

type Context = Readonly<RouterContextProvider>;

/**
 * Public (spec): signed out it asks the fan to sign in; signed in it shows one of the fan's own
 * orders (anything else is a 404): payable, already paid, or closed.
 */
export async function payOrderData(request: Request, context: Context) {
  const fan = await getSignedIn(request, context);
  if (!fan) return { state: 'signed-out' as const, signInHref: loginPath(pagePath(request.url)) };
  const orderId = orderIdOf(new URL(request.url));
  const { services, clock } = context.get(shopContext);
  const owner = { customerId: fan.customer.id, subject: fan.user.subject };
  const order = orderId ? await services.orders.find(owner, orderId) : null;
  if (!order) throw data(null, { status: 404 });
  const language = getLanguage(context);
  const about = { orderId: order.id, number: String(order.number), receiptHref: receiptPath(order.id) };
  if (order.status === 'paid' || order.status === 'fulfilled') return { state: 'paid' as const, ...about };
  if (!canPayOrder(order, clock.now())) return { state: 'closed' as const, ...about };
  const [refusal, savedCards] = await Promise.all([services.payments.lastRefusal(order.id), savedCardsOf(context, owner)]);
  return {
    state: 'payable' as const,
    ...about,
    amount: formatPrice(order.totalCents, language),
    payBy: formatShopDateTime(order.payBy, language),
    refusal,
    savedCards,
  };
}

export type PayOrderView = Awaited<ReturnType<typeof payOrderData>>;
