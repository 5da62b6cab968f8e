// The cart's `intent=address` POST (issue 30): ship one item to one of the fan's saved addresses
// from the cart page itself. The cart service checks the item and the address are the fan's
// (else 404) and that the product may go to the address's country (else 400, said at the item).
import { data, type RouterContextProvider } from 'react-router';
import type { ItemAddressRefusal } from '../../components/cart/item-shipping';
import type { Language } from '../../domain/catalogue-types';
import { CART_PATH } from '../../domain/cart-summary';
import { itemAddressMessage } from '../../forms/cart';
import { shopContext } from '../../context';
import { redirectWithNotice } from '../../.server/http/flash';
import type { CartOwner } from '../../.server/services/cart-contract';
import { cartNotice } from './cart.server';


/** An id as long as a uuid at most: anything longer is no id of ours, and is not echoed back. */
const MAX_ID_LENGTH = 36;

export async function submitItemAddress(
  request: Request,
  context: Readonly<RouterContextProvider>,
  formData: FormData,
  { owner, language }: { owner: CartOwner; language: Language },
) {
  const itemId = String(formData.get('itemId') ?? '');
  const addressId = String(formData.get('addressId') ?? '').trim();
  if (itemId.length > MAX_ID_LENGTH) throw data(null, { status: 404 });
  const refuse = (problem: string) => {
    const addressRefusal: ItemAddressRefusal = { itemId, message: itemAddressMessage(problem), refusedByProduct: problem === 'notAvailableForProduct' };
    return data({ addressRefusal }, { status: 400 });
  };
  if (addressId === '') return refuse('required');
  const chosen = await context.get(shopContext).services.cart.chooseShippingAddress(owner, itemId, addressId);
  if (chosen.ok) {
    const notice = cartNotice({ key: 'cart:notice.addressSaved', values: { name: chosen.value.name[language] } }, chosen.value, language);
    return redirectWithNotice(request, context, CART_PATH, notice);
  }
  // Someone else's item or address (or one deleted meanwhile) is answered like an unknown one.
  if (chosen.reason === 'not-found') throw data(null, { status: 404 });
  return refuse(chosen.fields.addressId ?? 'invalid');
}
