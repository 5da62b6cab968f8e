// A new renewal item's choices from the renewed membership's preferences (issue 15, item 6;
// domain/renewal-prefill.ts), read and written inside the cart's transaction.
import { and, eq, isNull } from 'drizzle-orm';
import type { ProductDetail } from '../../domain/catalogue-types';
import { renewalPrefill, type RenewalPrefillProblem } from '../../domain/renewal-prefill';
import { needsShipping } from '../../domain/shipping';
import type { ShopDb } from '../db/client';
import { addresses, carts } from '../db/schema';
import type { CartItemRow } from './cart-items';
import type { FollowedMembershipRow } from './followed-memberships';

type RenewalColumns = Pick<CartItemRow, 'variantId' | 'shippingAddressId' | 'temporaryAddress'>;

/**
 * The item's size and address from the preferences, or why the preferences cannot make it. The
 * preferred billing address becomes the cart's, unless the fan already chose one for this cart.
 */
export async function applyRenewalPreferences(
  tx: ShopDb,
  { cartId, customerId, membership, product }: { cartId: string; customerId: string; membership: FollowedMembershipRow; product: ProductDetail },
): Promise<{ ok: true; columns: RenewalColumns } | { ok: false; problem: RenewalPrefillProblem }> {
  const saved = await tx.select({ id: addresses.id }).from(addresses).where(eq(addresses.customerId, customerId));
  const prefill = renewalPrefill(
    membership.membership,
    { variants: product.variants, shipsHome: needsShipping({ virtual: product.virtual, process: 'renewal' }) },
    new Set(saved.map(({ id }) => id)),
  );
  if (!prefill.ok) return prefill;
  const { variantId, shipping, billingAddressId } = prefill.value;
  if (billingAddressId !== null) {
    await tx
      .update(carts)
      .set({ billingAddressId })
      .where(and(eq(carts.id, cartId), isNull(carts.billingAddressId)));
  }
  return {
    ok: true,
    columns: {
      variantId,
      shippingAddressId: shipping?.kind === 'saved' ? shipping.addressId : null,
      temporaryAddress: shipping?.kind === 'temporary' ? shipping.address : null,
    },
  };
}
