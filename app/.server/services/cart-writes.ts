// The configure transaction's writes: the fan's cart row, the item, and giving a coupon back.
import { and, eq, sql } from 'drizzle-orm';
import type { CheckedConfiguration, ConfigureProcess } from '../../domain/configure';
import type { ShopDb } from '../db/client';
import { cartItems, carts, coupons } from '../db/schema';

/** The fan's open cart, made if needed; its row stays locked until the transaction ends. */
export async function lockOpenCart(tx: ShopDb, customerId: string): Promise<string> {
  // The upsert's row lock serialises one fan's concurrent saves, so the cart rules see every
  // item committed before this one.
  const [cart] = await tx
    .insert(carts)
    .values({ customerId })
    .onConflictDoUpdate({ target: carts.customerId, set: { updatedAt: sql`now()` } })
    .returning({ id: carts.id });
  if (!cart) throw new Error('cart upsert returned no row');
  return cart.id;
}

/** Gives a coupon back: the fan's item that used it no longer does (only the fan's own redemption). */
export async function releaseCoupon(tx: ShopDb, code: string, customerId: string): Promise<void> {
  await tx
    .update(coupons)
    .set({ redeemedAt: null, redeemedBy: null })
    .where(and(eq(coupons.code, code), eq(coupons.redeemedBy, customerId)));
}

export type ItemWrite = {
  cartId: string;
  productId: string;
  process: ConfigureProcess;
  configuration: CheckedConfiguration;
  unitPriceCents: number;
  /** The edited item, or null for a new one. */
  editedItemId: string | null;
  /** A new item's form submission (unique per cart); null when editing or not given. */
  submissionKey: string | null;
  /** A new item's starting shipping address (cart-shipping.ts); ignored when editing. */
  shippingAddressId: string | null;
  /** The shop clock's now: the cart's order is the order fans added items in. */
  now: Date;
};

/** Inserts the item, or updates the edited one if it is still in this cart; its id, or null if it is gone. */
export async function writeItem(tx: ShopDb, write: ItemWrite): Promise<string | null> {
  const { configuration } = write;
  const values = {
    process: write.process,
    buyFor: configuration.buyFor,
    holder: configuration.holder,
    couponCode: configuration.couponCode,
    automaticRenewal: configuration.automaticRenewal,
    variantId: configuration.variantId,
    customization: configuration.customization,
    documentType: configuration.documentType,
    gift: configuration.gift,
    unitPriceCents: write.unitPriceCents,
  };
  if (write.editedItemId === null) {
    const [inserted] = await tx
      .insert(cartItems)
      .values({ ...values, cartId: write.cartId, productId: write.productId, submissionKey: write.submissionKey, shippingAddressId: write.shippingAddressId, createdAt: write.now, updatedAt: write.now })
      .returning({ id: cartItems.id });
    return inserted?.id ?? null;
  }
  const [updated] = await tx
    .update(cartItems)
    .set({ ...values, updatedAt: write.now })
    .where(and(eq(cartItems.id, write.editedItemId), eq(cartItems.cartId, write.cartId), eq(cartItems.productId, write.productId)))
    .returning({ id: cartItems.id });
  return updated?.id ?? null;
}
