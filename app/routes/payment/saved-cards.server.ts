import type { RouterContextProvider } from 'react-router';
import type { SavedCardView } from '../../components/payment/payment-method-field';
import { requestContext, shopContext } from '../../context';
import type { CartOwner } from '../../.server/services/cart-contract';

/**
 * The fan's saved cards for a page that offers payment. The list is the PSP's: when the PSP
 * does not answer the page still works, without the list (the hosted page offers the cards too).
 */
export async function savedCardsOf(context: Readonly<RouterContextProvider>, owner: CartOwner): Promise<SavedCardView[]> {
  try {
    return (await context.get(shopContext).services.payments.storedMethods(owner)) ?? [];
  } catch (error) {
    context.get(requestContext).logger.warn({ err: error }, 'payments: the saved cards could not be listed');
    return [];
  }
}
