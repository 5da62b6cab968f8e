// Small helpers the address routes share: where a saved form returns to.
import { ADDRESS_BOOK_PATH, parseReturnPath, REDIRECT_URI_PARAM, withAddressId } from '../../../domain/address-chooser';

/** The caller's page from `?redirect_uri=` (same-origin paths only), or null. */
export function returnPathOf(request: Request): string | null {
  return parseReturnPath(new URL(request.url).searchParams.get(REDIRECT_URI_PARAM));
}

/**
 * After a save: back to the caller with the address as `address_id` (the chooser then selects
 * it), else to the address book. Either way the page then says it was saved (a flash notice).
 */
export function pathAfterSave(request: Request, addressId: string): string {
  const returnPath = returnPathOf(request);
  return returnPath ? withAddressId(returnPath, addressId) : ADDRESS_BOOK_PATH;
}

export const ADDRESS_SAVED_NOTICE = { key: 'addresses:book.done.saved' } as const;
