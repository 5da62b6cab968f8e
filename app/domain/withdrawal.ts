/**
 * The right of withdrawal (spec §1 "The withdrawal period is 14 days"; issue 12 item 5, issue 30).
 *
 * A consumer may withdraw from a distance contract within 14 days. For a service the fan wants
 * to start within that period, the shop must have the fan's express request to start it and
 * the acknowledgement that the right is then lost (Codice del Consumo art. 50(3) and 59(1)(a),
 * Directive 2011/83/EU art. 7(3) and 16(a)). The request is the fan's choice, per item: without
 * it the fan keeps the right, and the membership starts only once the period is over.
 */
import { addDays } from './age';
import type { ProductKind } from './cart-rules';
import type { CartProcess } from './membership-follow-up';
import { seasonStartDay } from './season';
import { romeDate, romeDayStart } from './shop-time';

export const WITHDRAWAL_PERIOD_DAYS = 14;

/**
 * Which items would start within the withdrawal period, and so ask the fan (decided,
 * docs/decisions/withdrawal-and-refunds.md):
 * - a membership bought for oneself, on behalf or with a coupon (or an upgrade, a renewal)
 *   can start as soon as the order is paid — inside the 14 days — if the fan asks for it;
 * - a gift starts only when it is redeemed, by someone else, at a moment nobody knows: no
 *   question at purchase (the buyer keeps the right until the gift is redeemed);
 * - the club card is goods, not a service, and is printed with the fan's name and documents.
 */
export function needsWithdrawalWaiver(item: { kind: ProductKind; process: CartProcess }): boolean {
  return item.kind === 'membership' && item.process !== 'gift';
}

/**
 * The instant the withdrawal period of a purchase paid at `paidAt` is over (exclusive): the
 * period is 14 whole calendar days in Rome after the day of payment (the day of the event does
 * not count, EU Regulation 1182/71 art. 3), so it ends at the end of the 14th — the next day's
 * 00:00 in Rome, whatever the hour of payment and whatever clock change falls in between.
 * Paid on 1 March at 23:59 or at 00:00: over on 16 March at 00:00.
 */
export function withdrawalPeriodEnd(paidAt: Date): Date {
  return romeDayStart(addDays(romeDate(paidAt), WITHDRAWAL_PERIOD_DAYS + 1));
}

/** An item's answer to the withdrawal question, as the order keeps it. */
export type WithdrawalItem = { kind: ProductKind; process: CartProcess; waived: boolean };

/**
 * Until when a membership issued for `item` must wait for the right of withdrawal its buyer
 * kept (what `memberships.withdrawal_ends_at` stores): the period's end when the item asked and
 * the fan did not waive; null when it waived, or asked nothing (a gift, the card).
 */
export function keptWithdrawalEnd(item: WithdrawalItem, paidAt: Date): Date | null {
  return needsWithdrawalWaiver(item) && !item.waived ? withdrawalPeriodEnd(paidAt) : null;
}

/** Whether a membership that waits for the withdrawal period (`withdrawalEndsAt`) may start at `now`. */
export function isWithdrawalOver(withdrawalEndsAt: Date | null, now: Date): boolean {
  return withdrawalEndsAt === null || now.getTime() >= withdrawalEndsAt.getTime();
}

/**
 * When a membership paid at `paidAt` becomes active (its holder known): the latest of its
 * payment, its season's first day (Rome) and the end of a withdrawal period its buyer kept.
 * Null for a season the shop cannot read (it never starts: domain/season.ts).
 */
export function activationInstant({ season, withdrawalEndsAt, paidAt }: { season: string | null; withdrawalEndsAt: Date | null; paidAt: Date }): Date | null {
  const seasonDay = season === null ? null : seasonStartDay(season);
  if (season !== null && seasonDay === null) return null;
  const candidates = [paidAt, withdrawalEndsAt, seasonDay === null ? null : romeDayStart(seasonDay)];
  return new Date(Math.max(...candidates.flatMap((instant) => (instant === null ? [] : [instant.getTime()]))));
}

/** An order item's answer to the withdrawal question, and when its membership becomes active (null: not paid yet, or never). */
export type WithdrawalChoice = { waived: boolean; activatesAt: Date | null };

/**
 * What the receipt and the confirmation mail say of an order item's withdrawal (issue 30): null
 * for an item that asked nothing; else whether the fan waived and, once paid, when the
 * membership becomes active (null while unpaid, or for a season the shop cannot read).
 */
export function withdrawalChoiceOf(
  item: { kind: ProductKind; process: CartProcess; withdrawalWaivedAt: Date | null; season: string | null },
  paidAt: Date | null,
): WithdrawalChoice | null {
  if (!needsWithdrawalWaiver(item)) return null;
  const waived = item.withdrawalWaivedAt !== null;
  if (paidAt === null) return { waived, activatesAt: null };
  const withdrawalEndsAt = keptWithdrawalEnd({ ...item, waived }, paidAt);
  return { waived, activatesAt: activationInstant({ season: item.season, withdrawalEndsAt, paidAt }) };
}

/** Which sentence tells an order item's withdrawal choice (`orders:summary.withdrawal.*`; its `date` is `activatesAt`). */
export type WithdrawalNote = 'waivedFrom' | 'keptFrom' | 'waivedUnpaid' | 'keptUnpaid' | 'waived' | 'kept';

/** The sentence for `choice` on an order `paid` or not: the start date once known, else how it will be set. */
export function withdrawalNoteOf(choice: WithdrawalChoice, paid: boolean): WithdrawalNote {
  if (choice.activatesAt !== null) return choice.waived ? 'waivedFrom' : 'keptFrom';
  if (!paid) return choice.waived ? 'waivedUnpaid' : 'keptUnpaid';
  // Paid with a season the shop cannot read: the choice, without a date.
  return choice.waived ? 'waived' : 'kept';
}
