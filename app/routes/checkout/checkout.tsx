import type { ShouldRevalidateFunction } from 'react-router';
import { CheckoutPage } from '../../components/checkout/checkout-page';
import { pageMeta } from '../../domain/page-meta';
import { intentOf } from '../../forms/intent';
import { describePage } from '../../.server/http/page-seo';
import { getInstance } from '../../middleware/i18next';
import { checkoutAction } from './checkout-action.server';
import { checkoutCart, checkoutPageData } from './checkout.server';
import type { Route } from './+types/checkout';
import type { RouteHandle } from '../../root';

export const handle: RouteHandle = { styles: ['components', 'ui', 'forms', 'checkout'] };

/**
 * Checkout (spec "Checkout screen", §4 "Checkout", issue 13), secured: the billing address, the
 * buyer's data, VAT invoicing, the voucher, the terms the cart's content calls for, and the
 * summary with the pay button. Only a cart that nothing blocks gets in (checkout.server.ts).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const target = await checkoutCart(request, context);
  const { t } = getInstance(context);
  return {
    seo: describePage(context, request, { title: t('checkout:page.metaTitle'), robots: 'noindex' }),
    ...(await checkoutPageData(request, context, target)),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return checkoutAction(request, context);
}

/** Keeping the billing address on the cart changes nothing the page shows: no reload for it. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData && intentOf(formData) === 'billing' ? false : defaultShouldRevalidate;

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  return <CheckoutPage page={loaderData} result={actionData?.result ?? undefined} />;
}
