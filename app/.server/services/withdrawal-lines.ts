// An order's items as the withdrawal rule reads them (issue 31): what was issued for each, whether
// a gift was taken on, and each item's withdrawal. Read by the withdrawal itself (under the order's
// lock) and by the order pages, so both decide with the same facts.
import { asc, eq, inArray } from 'drizzle-orm';
import { withdrawalDeadline, withdrawalRefusal, type PaymentStanding, type WithdrawalCandidate, type WithdrawalRefusal } from '../../domain/withdrawal-rights';
import type { ShopDb } from '../db/client';
import { gifts, memberships, orderItems, type orders, withdrawalItems, withdrawals } from '../db/schema';

type OrderRow = typeof orders.$inferSelect;

export type WithdrawalLine = {
  item: typeof orderItems.$inferSelect;
  membership: { id: string; code: string; status: 'ready' | 'active' | 'expired' | 'cancelled' } | null;
  giftRedeemed: boolean;
  /** The item's withdrawal, once asked. */
  withdrawal: { row: typeof withdrawals.$inferSelect; refundCents: number; couponCode: string | null } | null;
};

/** The order's items in their order, with what the rule needs. */
export async function loadWithdrawalLines(executor: ShopDb, orderId: string): Promise<WithdrawalLine[]> {
  const rows = await executor
    .select({ item: orderItems, membershipId: memberships.id, code: memberships.code, status: memberships.status, giftRedeemedAt: gifts.redeemedAt })
    .from(orderItems)
    .leftJoin(memberships, eq(memberships.orderItemId, orderItems.id))
    .leftJoin(gifts, eq(gifts.membershipId, memberships.id))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position));
  const withdrawn =
    rows.length === 0
      ? []
      : await executor
          .select({ orderItemId: withdrawalItems.orderItemId, refundCents: withdrawalItems.refundCents, couponCode: withdrawalItems.couponCode, row: withdrawals })
          .from(withdrawalItems)
          .innerJoin(withdrawals, eq(withdrawals.id, withdrawalItems.withdrawalId))
          .where(inArray(withdrawalItems.orderItemId, rows.map((row) => row.item.id)));
  const byItem = new Map(withdrawn.map((entry) => [entry.orderItemId, entry]));
  return rows.map((row) => {
    const entry = byItem.get(row.item.id);
    return {
      item: row.item,
      membership: row.membershipId !== null && row.code !== null && row.status !== null ? { id: row.membershipId, code: row.code, status: row.status } : null,
      giftRedeemed: row.giftRedeemedAt !== null,
      withdrawal: entry ? { row: entry.row, refundCents: entry.refundCents, couponCode: entry.couponCode } : null,
    };
  });
}

export function candidateOf(line: WithdrawalLine): WithdrawalCandidate {
  return {
    kind: line.item.kind,
    process: line.item.process,
    waived: line.item.withdrawalWaivedAt !== null,
    membershipStatus: line.membership?.status ?? null,
    giftRedeemed: line.giftRedeemed,
    withdrawn: line.withdrawal !== null,
  };
}

/** Why the line may not be withdrawn at `now`, or null. */
export function refusalOfLine(line: WithdrawalLine, order: OrderRow, payment: PaymentStanding, now: Date): WithdrawalRefusal | null {
  return withdrawalRefusal(candidateOf(line), order, payment, now);
}

/** Until when the line may be withdrawn (exclusive), or null when it may not be now. */
export function withdrawableUntil(line: WithdrawalLine, order: OrderRow, payment: PaymentStanding, now: Date): Date | null {
  return refusalOfLine(line, order, payment, now) === null ? withdrawalDeadline(order) : null;
}
