import { data } from 'react-router';
import { ItemAddressPage } from '../../components/cart/item-address-page';
import { shopContext } from '../../context';
import { ADDRESS_ID_PARAM, ADDRESS_TYPE_PARAM, REDIRECT_URI_PARAM } from '../../domain/address-chooser';
import { CART_PATH } from '../../domain/cart-summary';
import { pageAddress } from '../../domain/page-address';
import { pageMeta } from '../../domain/page-meta';
import { addressProblemMessage, chooseAddressSchema } from '../../forms/address';
import { fieldErrorsOf } from '../../forms/field-problems';
import { intentOf } from '../../forms/intent';
import { parseForm } from '../../forms/parse';
import { redirectWithNotice } from '../../.server/http/flash';
import { readFormData } from '../../.server/http/form-data';
import { describePage } from '../../.server/http/page-seo';
import { getInstance, getLanguage } from '../../middleware/i18next';
import { addressSummary, cartNotice, temporaryAddressHref } from './cart.server';
import { addressChoicesFor, itemNeedingAddress } from './item-address.server';
import type { Route } from './+types/item-address';
import type { RouteHandle } from '../../root';

export const handle: RouteHandle = { styles: ['components', 'forms', 'address'] };

/**
 * A cart item's shipping address (spec: /cart/{cart_item}, `address_id` on the way back from
 * the address chooser): one of the fan's saved addresses (those the item cannot go to are
 * disabled, with the reason), or a temporary address kept on this item only (its summary here,
 * its form at /cart/{cart_item}/temporary).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const target = await itemNeedingAddress(context, params.itemId);
  const { t } = getInstance(context);
  const language = getLanguage(context);
  const choices = await addressChoicesFor(context, target, new URL(request.url).searchParams.get(ADDRESS_ID_PARAM));
  const addresses = choices.addresses.map((address) => ({
    ...address,
    unavailableText: address.restriction ? t(`addresses:cartItem.restriction.${address.restriction}`) : null,
  }));
  const { line } = target;
  const { pathname } = pageAddress(request.url);
  return {
    seo: describePage(context, request, { title: t('addresses:cartItem.metaTitle', { name: line.product.name[language] }), robots: 'noindex' }),
    item: { id: line.id, name: line.product.name[language] },
    addresses,
    chosen: choices.chosen,
    chooserHref: `/account/addresses/choose?${new URLSearchParams({ [ADDRESS_TYPE_PARAM]: 'shipping', [REDIRECT_URI_PARAM]: pathname })}`,
    temporary: line.shipping?.kind === 'temporary' ? await addressSummary(line.id, line.shipping.address, language) : null,
    temporaryHref: temporaryAddressHref(line.id),
  };
}

/** `intent=choose` with `addressId` ships the item to a saved address, then back (303) to the cart. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const target = await itemNeedingAddress(context, params.itemId);
  const { services } = context.get(shopContext);
  const language = getLanguage(context);
  const formData = await readFormData(request);
  if (intentOf(formData) !== 'choose') throw data(null, { status: 400 });
  const submission = parseForm(formData, chooseAddressSchema);
  if (submission.status !== 'success') return data({ choose: submission.reply() }, { status: 400 });
  const chosen = await services.cart.chooseShippingAddress(target.owner, target.line.id, submission.value.addressId);
  if (chosen.ok) {
    const name = target.line.product.name[language];
    return redirectWithNotice(request, context, CART_PATH, cartNotice({ key: 'cart:notice.addressSaved', values: { name } }, chosen.value, language));
  }
  // Someone else's address (or one deleted meanwhile) is answered like an unknown one.
  if (chosen.reason === 'not-found') throw data(null, { status: 404 });
  return data({ choose: submission.reply({ fieldErrors: fieldErrorsOf(chosen.fields, addressProblemMessage) }) }, { status: 400 });
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function ItemAddress({ loaderData, actionData }: Route.ComponentProps) {
  return <ItemAddressPage page={loaderData} chooseResult={actionData?.choose} />;
}
