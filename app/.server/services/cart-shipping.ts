// Where a new cart item ships to start with (issue 30): the fan's preferred address, when the
// product may go there (domain/shipping.initialShippingAddressId). Runs inside the transaction
// that inserts the item, so the address read is the one the item gets.
import { and, eq } from 'drizzle-orm';
import type { CartProcess } from '../../domain/membership-follow-up';
import { initialShippingAddressId } from '../../domain/shipping';
import type { ShopDb } from '../db/client';
import { addresses, products } from '../db/schema';

/** The preferred address's id for a new item of `productId`, or null (nothing ships, none preferred, not allowed there). */
export async function preferredShippingAddressId(tx: ShopDb, customerId: string, productId: string, process: CartProcess): Promise<string | null> {
  const [product] = await tx
    .select({ virtual: products.virtual, availableInCountries: products.availableInCountries, notAvailableInCountries: products.notAvailableInCountries })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) return null;
  const [preferred] = await tx
    .select({ id: addresses.id, countryCode: addresses.countryCode })
    .from(addresses)
    .where(and(eq(addresses.customerId, customerId), eq(addresses.isPreferred, true)))
    .limit(1);
  return initialShippingAddressId({ virtual: product.virtual, process }, product, preferred ?? null);
}
