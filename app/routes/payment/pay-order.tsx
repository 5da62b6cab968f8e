import { data } from 'react-router';
import { PayOrderPage } from '../../components/payment/pay-order-page';
import { orderIdOf } from '../../domain/order-pages';
import { isPaymentMethod } from '../../domain/payment-attempt';
import { pageMeta } from '../../domain/page-meta';
import { payOrderSchema } from '../../forms/payment';
import { parseForm } from '../../forms/parse';
import { requireCustomer } from '../../.server/auth/guards';
import { readFormData } from '../../.server/http/form-data';
import { noStore } from '../../.server/http/no-store';
import { describePage } from '../../.server/http/page-seo';
import { getInstance } from '../../middleware/i18next';
import { payPlacedOrder } from '../checkout/checkout-action.server';
import { payOrderData } from './pay-order.server';
import type { Route } from './+types/pay-order';
import type { RouteHandle } from '../../root';

export const handle: RouteHandle = { styles: ['components', 'ui', 'forms', 'checkout', 'orders'] };

// The order pages' layout (links in a row, the notice box).
export const middleware: Route.MiddlewareFunction[] = [noStore];

/** `/payment?orderId=…` (spec §2, public; issue 14): pay an order that waits for its payment. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const view = await payOrderData(request, context);
  const { t } = getInstance(context);
  return { view, seo: describePage(context, request, { title: t('payment:pay.metaTitle'), robots: 'noindex' }) };
}

/** POST `paymentMethod`: a new attempt on the PSP's page (the service checks owner and order again). */
export async function action({ request, context }: Route.ActionArgs) {
  const fan = await requireCustomer(request, context);
  const orderId = orderIdOf(new URL(request.url));
  if (!orderId) throw data(null, { status: 404 });
  const submission = parseForm(await readFormData(request), payOrderSchema);
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  const method = submission.value.paymentMethod;
  // The schema checked it; this tells the type checker.
  if (!isPaymentMethod(method)) return data({ result: submission.reply() }, { status: 400 });
  throw await payPlacedOrder(request, context, { customerId: fan.customer.id, subject: fan.user.subject }, orderId, method);
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function PayOrder({ loaderData, actionData }: Route.ComponentProps) {
  return <PayOrderPage view={loaderData.view} result={actionData?.result} />;
}
