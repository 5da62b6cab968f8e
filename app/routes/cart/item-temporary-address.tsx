import { data } from 'react-router';
import { ItemTemporaryAddressPage } from '../../components/cart/item-temporary-address-page';
import { shopContext } from '../../context';
import { CART_PATH } from '../../domain/cart-summary';
import { pageMeta } from '../../domain/page-meta';
import { intentOf } from '../../forms/intent';
import { keepLoaderDataOnRefresh } from '../../forms/refresh';
import { redirectWithNotice } from '../../.server/http/flash';
import { readFormData } from '../../.server/http/form-data';
import { describePage } from '../../.server/http/page-seo';
import { getInstance, getLanguage } from '../../middleware/i18next';
import { addressFormView, shownFor, submitAddressForm, submittedAddressDraft } from '../account/addresses/address-form.server';
import { cartNotice } from './cart.server';
import { isUnchanged, itemNeedingAddress, temporaryFormValues } from './item-address.server';
import type { Route } from './+types/item-temporary-address';
import type { RouteHandle } from '../../root';

export const handle: RouteHandle = { styles: ['components', 'forms', 'address'] };

/**
 * A cart item's temporary address (the spec's `temp_address`, `/cart/{cart_item}/temporary`):
 * the address book's form, prefilled with the item's temporary address (or the fan's name), kept
 * on this item only. The item must be the fan's and ship something, else 404.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { line, customer } = await itemNeedingAddress(context, params.itemId);
  const { t } = getInstance(context);
  const name = line.product.name[getLanguage(context)];
  const temporary = line.shipping?.kind === 'temporary' ? line.shipping.address : null;
  return {
    seo: describePage(context, request, { title: t('addresses:cartItem.temporaryMetaTitle', { name }), robots: 'noindex' }),
    itemName: name,
    // The cart offers this page beside its own choices: Cancel goes back there.
    backTo: CART_PATH,
    form: await addressFormView(temporaryFormValues(temporary, customer), shownFor(context)),
  };
}

/**
 * The address form's fields (docs/forms.md); `intent=refresh` narrows its lists. Saved (303
 * back to the cart) only when something changed (spec §4 "Address form").
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const target = await itemNeedingAddress(context, params.itemId);
  const { services } = context.get(shopContext);
  const language = getLanguage(context);
  const formData = await readFormData(request);
  const stored = target.line.shipping?.kind === 'temporary' ? target.line.shipping.address : null;
  if (stored && intentOf(formData) === null && isUnchanged(submittedAddressDraft(formData), stored)) {
    return redirectWithNotice(request, context, CART_PATH, { key: 'cart:notice.addressUnchanged', timing: 'cart' });
  }
  const submit = await submitAddressForm(formData, shownFor(context), (draft) => services.cart.setTemporaryAddress(target.owner, target.line.id, draft));
  if (submit.kind === 'answer') return data({ form: submit.form }, { status: submit.status });
  if (submit.kind === 'not-found') throw data(null, { status: 404 });
  const name = target.line.product.name[language];
  return redirectWithNotice(request, context, CART_PATH, cartNotice({ key: 'cart:notice.addressSaved', values: { name } }, submit.saved, language));
}

/** A refresh saves nothing: the loader's data stays. */
export const shouldRevalidate = keepLoaderDataOnRefresh;

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function ItemTemporaryAddress({ loaderData, actionData }: Route.ComponentProps) {
  return <ItemTemporaryAddressPage itemName={loaderData.itemName} form={actionData?.form ?? loaderData.form} backTo={loaderData.backTo} />;
}
