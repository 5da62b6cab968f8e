import { describe, expect, it } from 'vitest';
import { romeDayStart } from './shop-time';
import {
  activationInstant,
  isWithdrawalOver,
  keptWithdrawalEnd,
  needsWithdrawalWaiver,
  withdrawalChoiceOf,
  withdrawalNoteOf,
  withdrawalPeriodEnd,
  WITHDRAWAL_PERIOD_DAYS,
} from './withdrawal';

describe('needsWithdrawalWaiver', () => {
  it('asks for a membership that can start once paid (for oneself, on behalf, with a coupon), not for a gift or the club card', () => {
    expect(WITHDRAWAL_PERIOD_DAYS).toBe(14);
    expect(needsWithdrawalWaiver({ kind: 'membership', process: 'buy' })).toBe(true);
    expect(needsWithdrawalWaiver({ kind: 'membership', process: 'coupon' })).toBe(true);
    expect(needsWithdrawalWaiver({ kind: 'membership', process: 'renewal' })).toBe(true);
    expect(needsWithdrawalWaiver({ kind: 'membership', process: 'gift' })).toBe(false);
    expect(needsWithdrawalWaiver({ kind: 'card', process: 'buy' })).toBe(false);
    expect(needsWithdrawalWaiver({ kind: 'other', process: 'buy' })).toBe(false);
  });
});

describe('romeDayStart', () => {
  it('is 00:00 in Rome: 23:00 UTC the day before in winter, 22:00 in summer, and on the days the clocks change', () => {
    expect(romeDayStart('2027-01-15').toISOString()).toBe('2027-01-14T23:00:00.000Z');
    expect(romeDayStart('2027-07-01').toISOString()).toBe('2027-06-30T22:00:00.000Z');
    // Summer time starts on 28 March 2027 at 02:00, ends on 31 October at 03:00: both midnights are the old offset's.
    expect(romeDayStart('2027-03-28').toISOString()).toBe('2027-03-27T23:00:00.000Z');
    expect(romeDayStart('2027-03-29').toISOString()).toBe('2027-03-28T22:00:00.000Z');
    expect(romeDayStart('2027-10-31').toISOString()).toBe('2027-10-30T22:00:00.000Z');
    expect(romeDayStart('2027-11-01').toISOString()).toBe('2027-10-31T23:00:00.000Z');
    expect(() => romeDayStart('2027-02-29')).toThrow(RangeError);
  });
});

describe('withdrawalPeriodEnd: the end of the 14th calendar day in Rome after the day of payment', () => {
  it.each([
    // Paid on 1 March (Rome), at its first or last minute: the 14 days are 2–15 March.
    ['2027-02-28T23:00:00Z', '2027-03-15T23:00:00.000Z'],
    ['2027-03-01T22:59:59Z', '2027-03-15T23:00:00.000Z'],
    // 23:59 on 1 March in Rome is 22:59 UTC; a minute later it is 2 March: one day more.
    ['2027-03-01T22:59:00Z', '2027-03-15T23:00:00.000Z'],
    ['2027-03-01T23:00:00Z', '2027-03-16T23:00:00.000Z'],
    // Summer time starts within the period (28 March): it ends at 00:00 CEST, 22:00 UTC.
    ['2027-03-20T10:00:00Z', '2027-04-03T22:00:00.000Z'],
    // Paid on the night the clocks go forward (28 March, 03:30 CEST).
    ['2027-03-28T01:30:00Z', '2027-04-11T22:00:00.000Z'],
    // Summer time ends within the period (31 October): 00:00 CET, 23:00 UTC.
    ['2027-10-25T21:59:59Z', '2027-11-08T23:00:00.000Z'],
    // Paid at 23:59 CEST on 30 October, the last summer evening.
    ['2027-10-30T21:59:00Z', '2027-11-13T23:00:00.000Z'],
    // Across the year's end and a leap day.
    ['2027-12-25T12:00:00Z', '2028-01-08T23:00:00.000Z'],
    ['2028-02-20T12:00:00Z', '2028-03-05T23:00:00.000Z'],
  ])('paid at %s: over at %s', (paid, end) => {
    expect(withdrawalPeriodEnd(new Date(paid)).toISOString()).toBe(end);
  });

  it('is still running in the last millisecond of the 14th day and over at the 15th day’s midnight', () => {
    const end = withdrawalPeriodEnd(new Date('2027-03-01T10:00:00Z'));
    expect(isWithdrawalOver(end, new Date(end.getTime() - 1))).toBe(false);
    expect(isWithdrawalOver(end, end)).toBe(true);
    expect(isWithdrawalOver(null, new Date('2027-03-01T10:00:00Z'))).toBe(true);
  });
});

describe('keptWithdrawalEnd', () => {
  const paid = new Date('2027-03-01T10:00:00Z');
  it('waits for the period only for a membership whose buyer did not waive', () => {
    expect(keptWithdrawalEnd({ kind: 'membership', process: 'buy', waived: false }, paid)?.toISOString()).toBe('2027-03-15T23:00:00.000Z');
    expect(keptWithdrawalEnd({ kind: 'membership', process: 'buy', waived: true }, paid)).toBeNull();
    expect(keptWithdrawalEnd({ kind: 'membership', process: 'gift', waived: false }, paid)).toBeNull();
    expect(keptWithdrawalEnd({ kind: 'card', process: 'buy', waived: false }, paid)).toBeNull();
  });
});

describe('activationInstant: when a membership becomes active', () => {
  const paidAt = new Date('2026-11-27T10:00:00Z');
  const kept = withdrawalPeriodEnd(paidAt);

  it('during its season: at payment when waived, at the period’s end when not', () => {
    expect(activationInstant({ season: '2026/27', withdrawalEndsAt: null, paidAt })).toEqual(paidAt);
    expect(activationInstant({ season: '2026/27', withdrawalEndsAt: kept, paidAt })?.toISOString()).toBe('2026-12-11T23:00:00.000Z');
  });

  it('before its season: its first day, unless the period ends later', () => {
    const june = new Date('2027-06-10T10:00:00Z');
    expect(activationInstant({ season: '2027/28', withdrawalEndsAt: null, paidAt: june })?.toISOString()).toBe('2027-06-30T22:00:00.000Z');
    // Paid on 10 June: the period (11–24 June) ends before 1 July.
    expect(activationInstant({ season: '2027/28', withdrawalEndsAt: withdrawalPeriodEnd(june), paidAt: june })?.toISOString()).toBe('2027-06-30T22:00:00.000Z');
    // Paid on 25 June: it ends on 9 July at 24:00.
    const late = new Date('2027-06-25T10:00:00Z');
    expect(activationInstant({ season: '2027/28', withdrawalEndsAt: withdrawalPeriodEnd(late), paidAt: late })?.toISOString()).toBe('2027-07-09T22:00:00.000Z');
  });

  it('has none for a season the shop cannot read; without a season, at payment', () => {
    expect(activationInstant({ season: '2027-28', withdrawalEndsAt: null, paidAt })).toBeNull();
    expect(activationInstant({ season: null, withdrawalEndsAt: null, paidAt })).toEqual(paidAt);
  });
});

describe('withdrawalChoiceOf', () => {
  const membership = { kind: 'membership', process: 'buy', season: '2026/27' } as const;
  const paidAt = new Date('2026-11-27T10:00:00Z');

  it('says nothing of an item that asked nothing, the choice of one that did, and its start once paid', () => {
    expect(withdrawalChoiceOf({ ...membership, process: 'gift', withdrawalWaivedAt: null }, paidAt)).toBeNull();
    expect(withdrawalChoiceOf({ ...membership, withdrawalWaivedAt: new Date('2026-11-27T09:00:00Z') }, paidAt)).toEqual({ waived: true, activatesAt: paidAt });
    expect(withdrawalChoiceOf({ ...membership, withdrawalWaivedAt: null }, paidAt)).toEqual({ waived: false, activatesAt: new Date('2026-12-11T23:00:00Z') });
    expect(withdrawalChoiceOf({ ...membership, withdrawalWaivedAt: null }, null)).toEqual({ waived: false, activatesAt: null });
  });
});

describe('withdrawalNoteOf', () => {
  it('names the start date once known, how it will be set while unpaid, and only the choice otherwise', () => {
    const date = new Date('2026-12-11T23:00:00Z');
    expect(withdrawalNoteOf({ waived: true, activatesAt: date }, true)).toBe('waivedFrom');
    expect(withdrawalNoteOf({ waived: false, activatesAt: date }, true)).toBe('keptFrom');
    expect(withdrawalNoteOf({ waived: true, activatesAt: null }, false)).toBe('waivedUnpaid');
    expect(withdrawalNoteOf({ waived: false, activatesAt: null }, false)).toBe('keptUnpaid');
    expect(withdrawalNoteOf({ waived: true, activatesAt: null }, true)).toBe('waived');
    expect(withdrawalNoteOf({ waived: false, activatesAt: null }, true)).toBe('kept');
  });
});
