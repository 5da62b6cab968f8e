// The new-address page opened from a cart item (`?cartItem=…&redirect_uri=/cart`, issue 30):
// once the address is saved, the item ships there and the fan is back in the cart, in one step.
import type { RouterContextProvider } from 'react-router';
import { SHIP_ITEM_PARAM } from '../../../domain/address-chooser';
import { CART_PATH } from '../../../domain/cart-summary';
import { shopContext } from '../../../context';
import { signedIn } from '../../../.server/auth/guards';
import { redirectWithNotice } from '../../../.server/http/flash';
import { getLanguage } from '../../../middleware/i18next';
import { cartNotice } from '../../cart/cart.server';
import { ADDRESS_SAVED_NOTICE, pathAfterSave, returnPathOf } from './return-path.server';

/** The cart item named by `?cartItem=`, or null (the page was opened for the address book alone). */
export function itemToShip(request: Request): string | null {
  const itemId = new URL(request.url).searchParams.get(SHIP_ITEM_PARAM);
  return itemId ? itemId : null;
}

/**
 * After saving `addressId` for a cart item: the item ships there (the cart service checks the
 * item is the fan's and that its product may go to that country). The address is saved whatever
 * happens: an item gone meanwhile, or someone else's, only returns as a plain save does; a
 * country the item cannot go to is said on the cart, where the fan chooses another.
 */
export async function shipItemToNewAddress(request: Request, context: Readonly<RouterContextProvider>, itemId: string, addressId: string): Promise<Response> {
  const { user, customer } = signedIn(context);
  const language = getLanguage(context);
  const returnPath = returnPathOf(request) ?? CART_PATH;
  const chosen = await context.get(shopContext).services.cart.chooseShippingAddress({ customerId: customer.id, subject: user.subject }, itemId, addressId);
  if (chosen.ok) {
    return redirectWithNotice(request, context, returnPath, cartNotice({ key: 'cart:notice.addressAdded', values: { name: chosen.value.name[language] } }, chosen.value, language));
  }
  if (chosen.reason === 'invalid') return redirectWithNotice(request, context, returnPath, { key: 'cart:notice.addressAddedRefused', timing: 'cart' });
  return redirectWithNotice(request, context, pathAfterSave(request, addressId), ADDRESS_SAVED_NOTICE);
}
