// The withdrawal use cases (issue 31) as the fan's pages, the payments webhook and the jobs call
// them: requests and answers only (withdrawals.ts does the work).
import type { Language, LocalizedText } from '../../domain/catalogue-types';
import type { Result } from '../../domain/result';
import type { WithdrawalRefusal } from '../../domain/withdrawal-rights';
import type { CartOwner } from './cart-contract';

/** Where a withdrawn item's money stands (`completed`: nothing to refund, e.g. a coupon's item). */
export type WithdrawalState = 'requested' | 'refunded' | 'failed' | 'completed';

/** How the fan paid: the refund goes back there. Null for an order that cost nothing. */
export type RefundMethod = { method: 'scheme' | 'paypal'; brand: string | null; lastFour: string | null } | null;

/** One order item on the confirmation page. */
export type WithdrawalLinePreview = {
  itemId: string;
  name: LocalizedText;
  holder: { firstName: string; lastName: string } | null;
  membershipCode: string | null;
  /** What comes back for it (its price less its share of the voucher). */
  refundCents: number;
  /** The coupon given back instead of money (a coupon's free item). */
  couponCode: string | null;
};

export type WithdrawalPreview = {
  orderId: string;
  orderNumber: number;
  placedAt: Date;
  /** The chosen items, in the order's order. */
  lines: WithdrawalLinePreview[];
  /** The order's shipping, when this withdrawal leaves nothing to ship. */
  shippingRefundCents: number;
  refundCents: number;
  method: RefundMethod;
  /** Until when (exclusive) the chosen items may be withdrawn: the earliest of their deadlines. */
  until: Date;
};

/**
 * - `not-found`: no such order of this fan (someone else's, unknown, malformed);
 * - `nothing-chosen`: no item was chosen (the page asks again);
 * - `refused`: an item may not be withdrawn: why, per chosen item id (an id not in the order: `not-found`).
 */
export type WithdrawalRefusals = Record<string, WithdrawalRefusal | 'not-found'>;

export type PreviewResult = Result<WithdrawalPreview, 'not-found' | 'nothing-chosen'> | { ok: false; reason: 'refused'; fields: Record<string, never>; refusals: WithdrawalRefusals };

export type WithdrawRequest = {
  owner: CartOwner;
  orderId: string;
  itemIds: readonly string[];
  /**
   * The confirmation page's key for this request: sent twice (a double click, a resubmitted
   * page), it answers the withdrawal it made instead of refusing the items as already withdrawn.
   */
  key: string;
  /** The fan's language now: the confirmation mail is written in it. */
  language: Language;
};

export type Withdrawn = { withdrawalId: string; orderId: string; refundCents: number; state: WithdrawalState };

export type WithdrawResult = Result<Withdrawn, 'not-found' | 'nothing-chosen'> | { ok: false; reason: 'refused'; fields: Record<string, never>; refusals: WithdrawalRefusals };
