// Opening a payment attempt (issue 14), for the hosted page and Drop-in alike: inside the
// caller's transaction, with the order locked, so two clicks number their attempts apart.
import { and, desc, eq } from 'drizzle-orm';
import { canPayOrder, paymentReference, reconciliationDelayMs, type PaymentMethod } from '../../domain/payment-attempt';
import { failure, success, type Result } from '../../domain/result';
import type { ShopDb } from '../db/client';
import { orders, payments } from '../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

/** One of the customer's orders, locked; `not-payable` unless it awaits a payment still due and costs something. */
export async function lockPayableOrder(tx: ShopDb, orderId: string, customerId: string, now: Date): Promise<Result<OrderRow, 'not-found' | 'not-payable'>> {
  const [order] = await tx.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.customerId, customerId))).for('update');
  if (!order) return failure('not-found');
  if (!canPayOrder(order, now)) return failure('not-payable');
  return success(order);
}

/** The order's latest attempt, if any. */
export async function lastAttempt(tx: ShopDb, orderId: string): Promise<PaymentRow | null> {
  const [last] = await tx.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.attempt)).limit(1);
  return last ?? null;
}

/** A new attempt after `last` (its id given or made), open, due for reconciliation soon. */
export async function openAttempt(
  tx: ShopDb,
  order: OrderRow,
  last: Pick<PaymentRow, 'attempt'> | null,
  attempt: { id?: string; flow: PaymentRow['flow']; method: PaymentMethod; now: Date },
): Promise<PaymentRow> {
  const number = (last?.attempt ?? 0) + 1;
  const [payment] = await tx
    .insert(payments)
    .values({
      ...(attempt.id ? { id: attempt.id } : {}),
      orderId: order.id,
      attempt: number,
      reference: paymentReference(order.number, number),
      flow: attempt.flow,
      method: attempt.method,
      status: 'open',
      amountCents: order.totalCents,
      createdAt: attempt.now,
      updatedAt: attempt.now,
      nextCheckAt: new Date(attempt.now.getTime() + (reconciliationDelayMs(0) ?? 0)),
    })
    .returning();
  if (!payment) throw new Error(`payments: no attempt opened for order ${order.id}`);
  return payment;
}
