/**
 * Using the right of withdrawal (issue 31; Codice del Consumo art. 52–59): which order items a
 * fan may still withdraw from, and what comes back for them. `withdrawal.ts` holds the period and
 * the waiver asked at checkout; this file decides a withdrawal.
 *
 * - The period runs from the payment to the end of its 14th Rome calendar day
 *   (`withdrawalPeriodEnd`), for every kind of item: a membership, an upgrade or a renewal (each
 *   its own item), a gift, the club card, a coupon's free membership.
 * - A membership whose buyer waived the right is no longer withdrawable once it is active (the
 *   service started at the fan's express request: art. 59(1)(a)); waived but not started yet
 *   (its season has not begun), it still is.
 * - A gift is withdrawable by its buyer only while nobody has redeemed it.
 * - An item whose membership ended otherwise (replaced by an upgrade, expired) is not.
 * - No item of an order whose payment the fan's bank disputed, or that was cancelled or refunded
 *   outside the shop, is withdrawn through the PSP: the money is no longer (all) the shop's to give
 *   back, and refunding it again would pay the fan twice. Support settles it by hand.
 */
import type { ProductKind } from './cart-rules';
import type { CartProcess } from './membership-follow-up';
import type { OrderStatus } from './order-status';
import type { PaymentFacts } from './payment-ledger';
import { withdrawalPeriodEnd } from './withdrawal';

/** Why an item cannot be withdrawn (the confirmation page words each one). */
export const WITHDRAWAL_REFUSALS = ['already-withdrawn', 'not-paid', 'period-over', 'started', 'gift-redeemed', 'ended', 'payment-disputed', 'payment-returned'] as const;
export type WithdrawalRefusal = (typeof WITHDRAWAL_REFUSALS)[number];

/** What the rule reads of one order item and what was issued for it. */
export type WithdrawalCandidate = {
  kind: ProductKind;
  process: CartProcess;
  /** The buyer waived the right for it at checkout. */
  waived: boolean;
  /** The membership issued for it; null while none is (not fulfilled yet). */
  membershipStatus: 'ready' | 'active' | 'expired' | 'cancelled' | null;
  /** A gift that someone took on (its `redeemedAt`). */
  giftRedeemed: boolean;
  /** Already part of a withdrawal. */
  withdrawn: boolean;
};

export type WithdrawalOrder = { status: OrderStatus; paidAt: Date | null };

/** The first instant the item can no longer be withdrawn (exclusive), or null for an order not paid. */
export function withdrawalDeadline(order: WithdrawalOrder): Date | null {
  if (order.paidAt === null || (order.status !== 'paid' && order.status !== 'fulfilled')) return null;
  return withdrawalPeriodEnd(order.paidAt);
}

/**
 * Whether the payment that paid the order may still be refunded by the shop: `disputed` from a
 * dispute notice or chargeback until the chargeback is reversed (as `holdsMoney` reads it),
 * `returned` once cancelled or refunded by anyone but the shop's own withdrawals (the caller
 * leaves their refunds out of `facts`). An order paid without the PSP (null) holds.
 */
export type PaymentStanding = 'holds' | 'disputed' | 'returned';

export function paymentStanding(facts: PaymentFacts | null): PaymentStanding {
  if (facts === null) return 'holds';
  if ((facts.chargedBack || facts.disputeOpened) && !facts.chargebackReversed) return 'disputed';
  if (facts.cancelled || facts.refundedCents > 0) return 'returned';
  return 'holds';
}

/** Why `item` cannot be withdrawn at `now`, or null when it can; `payment` is the order's payment's standing. */
export function withdrawalRefusal(item: WithdrawalCandidate, order: WithdrawalOrder, payment: PaymentStanding, now: Date): WithdrawalRefusal | null {
  if (item.withdrawn) return 'already-withdrawn';
  const deadline = withdrawalDeadline(order);
  if (deadline === null) return 'not-paid';
  if (now.getTime() >= deadline.getTime()) return 'period-over';
  if (item.process === 'gift') {
    if (item.giftRedeemed) return 'gift-redeemed';
  } else if (item.waived && item.membershipStatus === 'active') {
    return 'started';
  }
  // Replaced by an upgrade, or its season over: there is nothing left to give back.
  if (item.membershipStatus === 'cancelled' || item.membershipStatus === 'expired') return 'ended';
  if (payment === 'disputed') return 'payment-disputed';
  if (payment === 'returned') return 'payment-returned';
  return null;
}

/**
 * The voucher's discount split across the order's items in proportion to their prices, in whole
 * cents that add up to the discount exactly (largest remainder; ties to the earlier item). The
 * order computed one discount on its subtotal (domain/voucher.ts), so this is the share each item
 * carried: an item's refund is its price less its share, and withdrawing every item one at a
 * time gives back exactly what the items cost together.
 */
export function voucherShares(pricesCents: readonly number[], discountCents: number): number[] {
  const subtotal = pricesCents.reduce((sum, price) => sum + price, 0);
  if (subtotal <= 0 || discountCents <= 0) return pricesCents.map(() => 0);
  const discount = Math.min(discountCents, subtotal);
  const exact = pricesCents.map((price) => (price * discount) / subtotal);
  const shares = exact.map(Math.floor);
  let left = discount - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = exact.map((value, index) => ({ index, remainder: value - Math.floor(value) })).sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left === 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

/** An order item as the refund reads it. */
export type RefundLine = {
  id: string;
  unitPriceCents: number;
  /** It was to be shipped (it has a shipping address): the order's shipping paid for it. */
  ships: boolean;
  couponCode: string | null;
};

export type RefundPlan = {
  items: { id: string; refundCents: number; couponCode: string | null }[];
  /** The order's shipping, given back with the withdrawal that leaves nothing to ship. */
  shippingCents: number;
  /** What goes back to the fan's payment method (the items' shares and any shipping). */
  totalCents: number;
};

/**
 * What withdrawing `chosen` gives back, for an order whose items `withdrawnBefore` were withdrawn
 * earlier: each item's price less its voucher share (a coupon's item, free, gives its coupon
 * back instead), and the shipping once no item left in the order ships (decided: the shop has no
 * dispatch step, so "nothing shipped" is "nothing kept that ships";
 * docs/decisions/withdrawal-and-refunds.md, "What comes back").
 */
export function refundPlan(
  order: { lines: readonly RefundLine[]; voucherDiscountCents: number; shippingCents: number },
  withdrawnBefore: ReadonlySet<string>,
  chosen: ReadonlySet<string>,
): RefundPlan {
  const shares = voucherShares(
    order.lines.map((line) => line.unitPriceCents),
    order.voucherDiscountCents,
  );
  const items = order.lines.flatMap((line, index) => (chosen.has(line.id) ? [{ id: line.id, refundCents: line.unitPriceCents - shares[index]!, couponCode: line.couponCode }] : []));
  const shipping = order.lines.filter((line) => line.ships);
  const keptBefore = shipping.some((line) => !withdrawnBefore.has(line.id));
  const keptAfter = shipping.some((line) => !withdrawnBefore.has(line.id) && !chosen.has(line.id));
  const shippingCents = order.shippingCents > 0 && keptBefore && !keptAfter ? order.shippingCents : 0;
  return { items, shippingCents, totalCents: items.reduce((sum, item) => sum + item.refundCents, 0) + shippingCents };
}

/** Where a withdrawal's refund stands: asked of the PSP, confirmed, or refused (support acts). */
export type RefundState = 'requested' | 'refunded' | 'failed';

/**
 * The refund's state from the PSP's answers about it, whatever their order: a failure (REFUND
 * with success false, or a later REFUND_FAILED) wins over a success; nothing heard, still requested.
 */
export function refundStateOf(events: readonly { eventCode: string; success: boolean }[]): RefundState {
  if (events.some((event) => event.eventCode === 'REFUND_FAILED' || (event.eventCode === 'REFUND' && !event.success))) return 'failed';
  if (events.some((event) => event.eventCode === 'REFUND' && event.success)) return 'refunded';
  return 'requested';
}
