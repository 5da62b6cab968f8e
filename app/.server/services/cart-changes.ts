// The cart page's changes, each in one transaction on the fan's locked cart row: what every
// change does before (the lock) and after (the cart rules that run on every change).
import { and, eq, exists, inArray, sql } from 'drizzle-orm';
import { productKindOf } from '../../domain/cart-rules';
import { itemPriceNow } from '../../domain/cart-summary';
import type { LocalizedText } from '../../domain/catalogue-types';
import type { ShopDb } from '../db/client';
import { cartItemDocuments, cartItems, carts, products, promos } from '../db/schema';
import type { CartSideEffects } from './cart-view-contract';
import { releaseCoupon } from './cart-writes';

/** The fan's cart row, locked until the transaction ends; null when the fan has none yet. */
export type LockedCart = { id: string; voucherCode: string | null };

/**
 * Locks the customer's cart row (`select … for update`): one fan's concurrent changes (a double
 * submit, two tabs) run one after the other, each seeing what the one before committed.
 */
export async function lockCart(tx: ShopDb, customerId: string): Promise<LockedCart | null> {
  const [cart] = await tx
    .select({ id: carts.id, voucherCode: carts.voucherCode })
    .from(carts)
    .where(eq(carts.customerId, customerId))
    .for('update');
  return cart ?? null;
}

/** Whether an item with this id exists in any cart (telling "already removed" from "not yours"). */
export async function itemExists(db: ShopDb, itemId: string): Promise<boolean> {
  const [row] = await db.select({ id: cartItems.id }).from(cartItems).where(eq(cartItems.id, itemId)).limit(1);
  return row !== undefined;
}

/**
 * Deletes items of the customer's cart, giving their coupons back. Answers the storage ids of
 * their documents: the caller deletes the files once the transaction has committed (the rows go
 * with the items), so no row ever names a deleted file.
 */
export async function deleteItems(tx: ShopDb, customerId: string, items: readonly { id: string; couponCode: string | null }[]): Promise<string[]> {
  if (items.length === 0) return [];
  const ids = items.map((item) => item.id);
  const files = await tx
    .select({ storageId: cartItemDocuments.storageId })
    .from(cartItemDocuments)
    .where(inArray(cartItemDocuments.cartItemId, ids));
  await tx.delete(cartItems).where(inArray(cartItems.id, ids));
  for (const item of items) if (item.couponCode !== null) await releaseCoupon(tx, item.couponCode, customerId);
  return files.map((file) => file.storageId);
}

/** A cart item with what the cart rules look at, priced at the catalogue's price of `now`. */
export type PricedItem = {
  id: string;
  couponCode: string | null;
  unitPriceCents: number;
  /** The snapshot when the price cannot be had now (a coupon-only product without a coupon). */
  priceNowCents: number;
  name: LocalizedText;
  withoutDocuments: boolean;
};

/**
 * The cart's items priced from the rows in the transaction (never the catalogue's display
 * snapshot): product, promos, and whether a card item has the front of its document.
 */
export async function pricedItems(tx: ShopDb, cartId: string, now: Date): Promise<PricedItem[]> {
  const hasFront = exists(
    tx
      .select({ one: sql`1` })
      .from(cartItemDocuments)
      .where(and(eq(cartItemDocuments.cartItemId, cartItems.id), eq(cartItemDocuments.side, 'FRONT'))),
  );
  const rows = await tx
    .select({
      id: cartItems.id,
      couponCode: cartItems.couponCode,
      unitPriceCents: cartItems.unitPriceCents,
      productId: products.id,
      name: products.name,
      tags: products.tags,
      priceCents: products.priceCents,
      hasFront: sql<boolean>`${hasFront}`,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.cartId, cartId));
  const productIds = [...new Set(rows.map((row) => row.productId))];
  const promoRows = productIds.length === 0 ? [] : await tx.select().from(promos).where(inArray(promos.productId, productIds));
  return rows.map((row) => {
    const productPromos = promoRows
      .filter((promo) => promo.productId === row.productId)
      .map((promo) => ({ from: promo.startsAt, to: promo.endsAt, priceCents: promo.priceCents }));
    return {
      id: row.id,
      couponCode: row.couponCode,
      unitPriceCents: row.unitPriceCents,
      priceNowCents: itemPriceNow({ priceCents: row.priceCents, promos: productPromos }, row.couponCode, now) ?? row.unitPriceCents,
      name: row.name,
      withoutDocuments: productKindOf(row.tags) === 'card' && !row.hasFront,
    };
  });
}

/** What the cart rules did after a change, and the files to delete once it has committed. */
export type TidyOutcome = CartSideEffects & { storageIds: string[] };

/**
 * The rules every change of the cart ends with (spec §4 "Cart rules";
 * docs/decisions/cart.md, "Card without documents" and "Prices"):
 * a card item without the front of its document is removed (its coupon given back, its files
 * deleted after the commit), and every remaining item's price snapshot is taken again at the
 * catalogue's price of the moment, so a price change the page explained is acknowledged by the
 * fan's next change.
 */
export async function tidyCart(tx: ShopDb, cartId: string, customerId: string, now: Date): Promise<TidyOutcome> {
  const items = await pricedItems(tx, cartId, now);
  const withoutDocuments = items.filter((item) => item.withoutDocuments);
  const storageIds = await deleteItems(tx, customerId, withoutDocuments);
  for (const item of items) {
    if (item.withoutDocuments || item.priceNowCents === item.unitPriceCents) continue;
    await tx.update(cartItems).set({ unitPriceCents: item.priceNowCents, updatedAt: now }).where(eq(cartItems.id, item.id));
  }
  return { removedWithoutDocuments: withoutDocuments.map((item) => item.name), storageIds };
}
