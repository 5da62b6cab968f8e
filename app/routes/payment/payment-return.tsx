import { data, type MetaDescriptor } from 'react-router';
import { PaymentReturnPage } from '../../components/payment/payment-return-page';
import { pageMeta } from '../../domain/page-meta';
import { PAYMENT_RETURN_REFRESH_SECONDS } from '../../domain/payment-attempt';
import { noStore } from '../../.server/http/no-store';
import { describePage } from '../../.server/http/page-seo';
import { getInstance } from '../../middleware/i18next';
import type { RouteHandle } from '../../root';
import { paymentReturnData } from './payment-return.server';
import type { Route } from './+types/payment-return';

// Words and links only, and a meta refresh while it waits: it ships no JavaScript.
export const handle: RouteHandle = { hydrate: false, styles: ['components', 'ui', 'orders'] };

// It is about one payment: never kept by a shared cache or the history cache.
// The order pages' layout (links in a row, the notice box).
export const middleware: Route.MiddlewareFunction[] = [noStore];

/** `/paymentgateway/{process}` (spec §2, issue 14): where the fan comes back from the PSP's hosted page. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const view = await paymentReturnData(request, context, params.process);
  const { t } = getInstance(context);
  return data({ ...view, seo: describePage(context, request, { title: t('payment:gateway.metaTitle'), robots: 'noindex' }) }, { status: view.status });
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const refresh: MetaDescriptor[] = loaderData?.refreshHref ? [{ httpEquiv: 'refresh', content: `${PAYMENT_RETURN_REFRESH_SECONDS};url=${loaderData.refreshHref}` }] : [];
  return [...pageMeta(loaderData?.seo), ...refresh];
};

export default function PaymentReturn({ loaderData }: Route.ComponentProps) {
  return <PaymentReturnPage view={loaderData} />;
}
