import type { SubmissionResult } from '@conform-to/react';
import { data, redirect } from 'react-router';
import type { ItemAddressRefusal } from '../../components/cart/item-shipping';
import { CartPage } from '../../components/cart/cart-page';
import { shopContext } from '../../context';
import { pagePath } from '../../domain/page-address';
import { pageMeta } from '../../domain/page-meta';
import { missingForPurchase, profileCompletionHref } from '../../domain/profile-completeness';
import { isCartIntent, waiverRequested } from '../../forms/cart';
import { intentOf } from '../../forms/intent';
import { signedIn } from '../../.server/auth/guards';
import { redirectWithNotice } from '../../.server/http/flash';
import { readFormData } from '../../.server/http/form-data';
import { describePage } from '../../.server/http/page-seo';
import { getInstance, getLanguage } from '../../middleware/i18next';
import { CART_PATH, canCheckout, isAfterCheckoutRefusal } from '../../domain/cart-summary';
import { describeAddresses } from '../account/addresses/address-view.server';
import { cartNotice, cartPageData } from './cart.server';
import { submitItemAddress } from './item-address-submit.server';
import { submitVoucher } from './voucher-submit.server';
import type { Route } from './+types/cart';
import type { RouteHandle } from '../../root';

export const handle: RouteHandle = { styles: ['components', 'ui', 'forms', 'cart'] };

/**
 * The cart (spec §2 "Cart page", issue 12), secured: the items priced now, each one's shipping
 * address and withdrawal waiver, the voucher, the totals and checkout. A fan whose profile lacks
 * the birth data or tax code a purchase needs goes to complete it first, and comes back here.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, customer } = signedIn(context);
  if (missingForPurchase(customer).length > 0) throw redirect(profileCompletionHref(pagePath(request.url)));
  const { services } = context.get(shopContext);
  const { t } = getInstance(context);
  // The session's customer row rides along: the service checks it instead of reading it again.
  const view = await services.cart.viewCart({ customerId: customer.id, subject: user.subject, customer });
  const language = getLanguage(context);
  // The address book (read with the cart when an item ships), for those items to switch between its addresses here.
  const saved = await describeAddresses(view.addressBook ?? [], language);
  const page = await cartPageData(view, customer, language, t, saved);
  return {
    seo: describePage(context, request, { title: t('cart:metaTitle'), robots: 'noindex' }),
    ...page,
    canCheckout: canCheckout(page.blockers),
    attempted: isAfterCheckoutRefusal(new URL(request.url).searchParams),
  };
}

/**
 * One POST per change, told apart by `intent` (docs/forms.md): `remove` and `waiver` with
 * `itemId`, `address` with `itemId` and `addressId`, `voucher` with `voucherCode`, `removeVoucher`. Each answers 303 back to the cart with
 * a notice, so a reload never sends it again; someone else's item is a 404.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { user, customer } = signedIn(context);
  const { services } = context.get(shopContext);
  const owner = { customerId: customer.id, subject: user.subject, customer };
  const language = getLanguage(context);
  const formData = await readFormData(request);
  const intent = intentOf(formData);
  if (!isCartIntent(intent)) throw data(null, { status: 400 });
  const itemId = String(formData.get('itemId') ?? '');
  const done = (notice: Parameters<typeof cartNotice>[0], effects: Parameters<typeof cartNotice>[1]) =>
    redirectWithNotice(request, context, CART_PATH, cartNotice(notice, effects, language));

  if (intent === 'remove') {
    const removed = await services.cart.removeItem(owner, itemId);
    if (removed.ok) return done({ key: 'cart:notice.removed', values: { name: removed.value.removed[language] } }, removed.value);
    // Removed already (a second click, another tab): the fan wanted it gone, and it is.
    if (removed.reason === 'gone') return done({ key: 'cart:notice.alreadyRemoved' }, { removedWithoutDocuments: [] });
    throw data(null, { status: 404 });
  }
  if (intent === 'waiver') {
    const waived = await services.cart.setWithdrawalWaiver(owner, itemId, waiverRequested(formData));
    if (waived.ok) return done({ key: waiverRequested(formData) ? 'cart:notice.waived' : 'cart:notice.waiverWithdrawn' }, waived.value);
    throw data(null, { status: waived.reason === 'not-found' ? 404 : 400 });
  }
  if (intent === 'address') return submitItemAddress(request, context, formData, { owner, language });
  if (intent === 'removeVoucher') {
    const removed = await services.cart.removeVoucher(owner);
    if (!removed.ok) throw data(null, { status: 404 });
    return done({ key: 'cart:notice.voucherRemoved' }, removed.value);
  }
  const voucher = await submitVoucher(formData, owner, context);
  if (voucher.applied) return done({ key: 'cart:notice.voucherApplied', values: { code: voucher.voucher.code } }, voucher.voucher);
  return data({ voucherResult: voucher.reply }, { status: voucher.status });
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function Cart({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as { voucherResult?: SubmissionResult<string[]>; addressRefusal?: ItemAddressRefusal } | undefined;
  return <CartPage cart={loaderData} voucherResult={answer?.voucherResult} addressRefusal={answer?.addressRefusal} />;
}
