// The cart's billing address (issue 13): the saved address checkout bills, remembered on the
// cart so the page shows it again. Placement reads the address the form sends, not this one.
import { and, eq } from 'drizzle-orm';
import { failure, success, type Result } from '../../domain/result';
import type { ShopDb } from '../db/client';
import { addresses, carts } from '../db/schema';
import type { CartOwner } from './cart-contract';
import { findOwner, isUuid } from './cart-items';

/** `not-found`: no cart, or an address that is not the fan's (the page answers 404). */
export type SetBillingAddressResult = Result<{ addressId: string }, 'not-found'>;

export function createCartBillingService({ db }: { db: ShopDb }) {
  return {
    /** The address the fan chose to bill this cart to; null without a cart or a choice. */
    async billingAddressId(owner: CartOwner): Promise<string | null> {
      const customer = await findOwner(db, owner);
      if (!customer) return null;
      const [cart] = await db
        .select({ billingAddressId: carts.billingAddressId })
        .from(carts)
        .where(eq(carts.customerId, customer.id))
        .limit(1);
      return cart?.billingAddressId ?? null;
    },

    /** Bills the cart to one of the fan's saved addresses (again the same one: nothing changes). */
    async setBillingAddress(owner: CartOwner, addressId: string): Promise<SetBillingAddressResult> {
      const customer = await findOwner(db, owner);
      if (!customer || !isUuid(addressId)) return failure('not-found');
      const [owned] = await db
        .select({ id: addresses.id })
        .from(addresses)
        .where(and(eq(addresses.id, addressId), eq(addresses.customerId, customer.id)))
        .limit(1);
      if (!owned) return failure('not-found');
      const updated = await db
        .update(carts)
        .set({ billingAddressId: addressId })
        .where(eq(carts.customerId, customer.id))
        .returning({ id: carts.id });
      return updated.length > 0 ? success({ addressId }) : failure('not-found');
    },
  };
}
