/**
 * Which of a fan's memberships My Membership lists, and as what (issue 31). The spec's lists
 * show live memberships (active and ready). A membership the fan withdrew from (cancelled, with
 * `withdrawnAt`) would otherwise vanish without a word, so it stays in its tab, marked withdrawn,
 * for the rest of the football year it was withdrawn in (1 July – 30 June in Rome, as seasons
 * run); from the next 1 July it is gone like any other membership that is over. Any other
 * cancelled membership (replaced by an upgrade) and an expired one stay out, as the spec says.
 * Decisions: docs/decisions/memberships.md "Withdrawn memberships in My Membership".
 */
import { isInTab, isLive, type MembershipParties, type MembershipStatus, type MembershipTab } from './membership-manage';
import { parseCalendarDay, romeDayStart, type CalendarDay } from './shop-time';

export type ListedAs = 'live' | 'withdrawn';

/** What the rule reads of a membership besides its parties. */
export type ListingFacts = { status: MembershipStatus; withdrawnAt: Date | null };

/** Whether a membership is withdrawn: cancelled by its buyer's withdrawal (and so for good). */
export function isWithdrawn(membership: ListingFacts): boolean {
  return membership.status === 'cancelled' && membership.withdrawnAt !== null;
}

/** The first instant of the football year `today` falls in: its 1 July, 00:00 in Rome. */
export function footballYearStart(today: CalendarDay): Date {
  const parts = parseCalendarDay(today);
  if (!parts) throw new RangeError(`not a calendar day: ${today}`);
  const firstYear = parts.month >= 7 ? parts.year : parts.year - 1;
  return romeDayStart(`${String(firstYear).padStart(4, '0')}-07-01`);
}

/** How the lists show the membership on `today`: live, withdrawn (this football year), or not at all (null). */
export function listedAs(membership: ListingFacts, today: CalendarDay): ListedAs | null {
  if (isLive(membership.status)) return 'live';
  const { status, withdrawnAt } = membership;
  if (status !== 'cancelled' || withdrawnAt === null) return null;
  return withdrawnAt.getTime() >= footballYearStart(today).getTime() ? 'withdrawn' : null;
}

/** Whether `tab` lists the membership for the fan on `today`: it is listed at all, and the tab is one of its places. */
export function isListedInTab(membership: MembershipParties & ListingFacts, customerId: string, tab: MembershipTab, today: CalendarDay): boolean {
  return listedAs(membership, today) !== null && isInTab(membership, customerId, tab);
}
