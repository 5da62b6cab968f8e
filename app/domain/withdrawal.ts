/**
 * The right of withdrawal (spec §1 "The withdrawal period is 14 days"; issue 12 item 5).
 *
 * A consumer may withdraw from a distance contract within 14 days. For a service the fan wants
 * to start within that period, the shop must have the fan's express request to start it and
 * the acknowledgement that the right is then lost (Codice del Consumo art. 50(3) and 59(1)(a),
 * Directive 2011/83/EU art. 7(3) and 16(a)); this module says which cart items need it.
 */
import type { ProductKind } from './cart-rules';
import type { CartProcess } from './membership-follow-up';

export const WITHDRAWAL_PERIOD_DAYS = 14;

/**
 * Which items start within the withdrawal period (decided, docs/decisions.md):
 * - a membership bought for oneself, on behalf or with a coupon is activated as soon as the
 *   order is paid, so its service starts at once — inside the 14 days: it needs the waiver;
 * - a gift starts only when it is redeemed, by someone else, at a moment nobody knows: no
 *   waiver at purchase (the buyer keeps the right until the gift is redeemed);
 * - the club card is goods, not a service, and is printed with the fan's name and documents.
 */
export function needsWithdrawalWaiver(item: { kind: ProductKind; process: CartProcess }): boolean {
  return item.kind === 'membership' && item.process !== 'gift';
}
