import { describe, expect, it } from 'vitest';
import { footballYearStart, isListedInTab, isWithdrawn, listedAs } from './membership-listing';
import { MEMBERSHIP_STATUSES, MEMBERSHIP_TABS, type MembershipParties, type MembershipStatus } from './membership-manage';

const ME = 'me';
const mine = (status: MembershipStatus, withdrawnAt: Date | null = null): MembershipParties & { withdrawnAt: Date | null } => ({
  status,
  withdrawnAt,
  holderCustomerId: ME,
  managerCustomerId: ME,
  gifterCustomerId: null,
  gift: null,
});
const myGift = (status: MembershipStatus, withdrawnAt: Date | null): MembershipParties & { withdrawnAt: Date | null } => ({
  status,
  withdrawnAt,
  holderCustomerId: null,
  managerCustomerId: null,
  gifterCustomerId: ME,
  gift: { redeemed: false },
});

// 1 July 2026, 00:00 in Rome (summer time, UTC+2).
const YEAR_START = new Date('2026-06-30T22:00:00Z');

describe('the football year', () => {
  it('starts on 1 July in Rome: the day before is the year before', () => {
    expect(footballYearStart('2026-07-01')).toEqual(YEAR_START);
    expect(footballYearStart('2027-06-30')).toEqual(YEAR_START);
    expect(footballYearStart('2026-12-31')).toEqual(YEAR_START);
    expect(footballYearStart('2026-06-30')).toEqual(new Date('2025-06-30T22:00:00Z'));
    expect(footballYearStart('2027-07-01')).toEqual(new Date('2027-06-30T22:00:00Z'));
  });

  it('refuses what is not a day', () => {
    expect(() => footballYearStart('2026-02-30')).toThrow(RangeError);
  });
});

describe('what the lists show', () => {
  it('shows live memberships as live, whenever', () => {
    expect(listedAs(mine('active'), '2026-12-01')).toBe('live');
    expect(listedAs(mine('ready'), '2026-12-01')).toBe('live');
  });

  it('leaves out an expired one and one cancelled by an upgrade (no withdrawal)', () => {
    expect(listedAs(mine('expired'), '2026-12-01')).toBeNull();
    expect(listedAs(mine('cancelled'), '2026-12-01')).toBeNull();
  });

  it('shows a withdrawn one for the rest of the football year it was withdrawn in', () => {
    const firstInstant = mine('cancelled', YEAR_START);
    expect(listedAs(firstInstant, '2026-07-01')).toBe('withdrawn');
    expect(listedAs(firstInstant, '2027-06-30')).toBe('withdrawn');
    expect(listedAs(firstInstant, '2027-07-01')).toBeNull();
    // Withdrawn on 30 June at 23:59:59.999 in Rome: gone the next day, a new football year.
    const lastInstant = mine('cancelled', new Date(YEAR_START.getTime() - 1));
    expect(listedAs(lastInstant, '2026-06-30')).toBe('withdrawn');
    expect(listedAs(lastInstant, '2026-07-01')).toBeNull();
  });

  it('reads withdrawn as cancelled with a withdrawal date, and nothing else', () => {
    for (const status of MEMBERSHIP_STATUSES) {
      expect(isWithdrawn({ status, withdrawnAt: YEAR_START }), status).toBe(status === 'cancelled');
      expect(isWithdrawn({ status, withdrawnAt: null }), status).toBe(false);
    }
  });

  it('puts a withdrawn membership in its own tabs only', () => {
    const tabs = (membership: MembershipParties & { withdrawnAt: Date | null }) => MEMBERSHIP_TABS.filter((tab) => isListedInTab(membership, ME, tab, '2026-12-01'));
    expect(tabs(mine('cancelled', YEAR_START))).toEqual(['yours']);
    expect(tabs(myGift('cancelled', YEAR_START))).toEqual(['gifted']);
    expect(tabs(mine('cancelled'))).toEqual([]);
    expect(tabs(mine('expired', YEAR_START))).toEqual([]);
    expect(MEMBERSHIP_TABS.filter((tab) => isListedInTab(mine('cancelled', YEAR_START), 'someone-else', tab, '2026-12-01'))).toEqual([]);
  });
});
