// Closing an unpaid order (issue 13): it expires when its payment window passes, or is
// cancelled (issue 14: a payment refused for good). Either way it gives back what it held —
// a unit of stock per size, the voucher's use, its coupons — exactly once: only the UPDATE
// that moves it out of `awaiting_payment` goes on to give anything back.
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { OrderStatus } from '../../domain/order-status';
import type { ShopDb } from '../db/client';
import { coupons, orderItems, orders, productVariants, vouchers } from '../db/schema';

type ClosedStatus = Extract<OrderStatus, 'expired' | 'cancelled'>;

/** Moves one unpaid order to `to` and releases its reservations; false when it was not unpaid (or, to expire, not due). */
export async function closeUnpaidOrder(tx: ShopDb, orderId: string, to: ClosedStatus, now: Date): Promise<boolean> {
  const [order] = await tx
    .update(orders)
    .set({ status: to, closedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'awaiting_payment'), to === 'expired' ? lte(orders.payBy, now) : undefined))
    .returning({ customerId: orders.customerId, voucherCode: orders.voucherCode });
  if (!order) return false;
  const items = await tx
    .select({ variantId: orderItems.variantId, couponCode: orderItems.couponCode })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position));
  // Rows in the order placement takes them — the voucher, then sizes by id — so a release and a
  // placement sharing a voucher and a size never wait for each other in a circle (a deadlock).
  if (order.voucherCode !== null) {
    await tx
      .update(vouchers)
      .set({ timesUsed: sql`${vouchers.timesUsed} - 1` })
      .where(and(eq(vouchers.code, order.voucherCode), sql`${vouchers.timesUsed} > 0`));
  }
  const variantIds = items.flatMap((item) => (item.variantId === null ? [] : [item.variantId])).sort();
  for (const variantId of variantIds) {
    await tx.update(productVariants).set({ stockQty: sql`${productVariants.stockQty} + 1` }).where(eq(productVariants.id, variantId));
  }
  const couponCodes = items.flatMap((item) => (item.couponCode === null ? [] : [item.couponCode]));
  if (couponCodes.length > 0) {
    await tx
      .update(coupons)
      .set({ redeemedAt: null, redeemedBy: null })
      .where(and(inArray(coupons.code, couponCodes), eq(coupons.redeemedBy, order.customerId)));
  }
  return true;
}

/** The unpaid orders whose window has passed, oldest first (at most `limit`). */
export async function dueUnpaidOrders(db: ShopDb, now: Date, limit: number): Promise<string[]> {
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'awaiting_payment'), lte(orders.payBy, now)))
    .orderBy(asc(orders.payBy))
    .limit(limit);
  return due.map((order) => order.id);
}
