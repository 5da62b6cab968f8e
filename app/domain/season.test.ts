import { describe, expect, it } from 'vitest';
import { hasSeasonStarted, isRenewalOfferDue, issuedStatusOf, nextSeason, renewalOfferDay, seasonDays, seasonStartDay } from './season';

describe('seasonDays', () => {
  it('runs from 1 July of the first year to 30 June of the second', () => {
    expect(seasonDays('2025/26')).toEqual({ first: '2025-07-01', last: '2026-06-30' });
    expect(seasonDays('2099/00')).toEqual({ first: '2099-07-01', last: '2100-06-30' });
  });

  it('is null for what is not a season', () => {
    for (const season of ['', '2025', '2025/27', '2025-26', '9999/00']) expect(seasonDays(season)).toBeNull();
  });
});

describe('seasonStartDay', () => {
  it('is 1 July of the first year', () => {
    expect(seasonStartDay('2025/26')).toBe('2025-07-01');
    expect(seasonStartDay('2099/00')).toBe('2099-07-01');
  });
  it('is null for anything else', () => {
    for (const season of ['2025/27', '2025-26', '2025/2026', '25/26', ' 2025/26', '']) expect(seasonStartDay(season)).toBeNull();
  });
});

describe('hasSeasonStarted', () => {
  it('starts on its first day, not the day before', () => {
    expect(hasSeasonStarted('2026/27', '2026-06-30')).toBe(false);
    expect(hasSeasonStarted('2026/27', '2026-07-01')).toBe(true);
    expect(hasSeasonStarted('2025/26', '2026-11-25')).toBe(true);
  });
  it('has started for what has no season, never for a season it cannot read', () => {
    expect(hasSeasonStarted(null, '2000-01-01')).toBe(true);
    expect(hasSeasonStarted('next year', '2100-01-01')).toBe(false);
  });
});

describe('issuedStatusOf', () => {
  it('is active during its season once the holder is known, else ready', () => {
    expect(issuedStatusOf({ season: '2025/26', hasHolder: true }, '2025-07-01')).toBe('active');
    expect(issuedStatusOf({ season: '2025/26', hasHolder: true }, '2025-06-30')).toBe('ready');
    // A gift waits for its holder to be chosen.
    expect(issuedStatusOf({ season: '2025/26', hasHolder: false }, '2025-07-01')).toBe('ready');
    expect(issuedStatusOf({ season: null, hasHolder: true }, '2025-01-01')).toBe('active');
  });
});

describe('nextSeason', () => {
  it('is the season after, across a century', () => {
    expect(nextSeason('2025/26')).toBe('2026/27');
    expect(nextSeason('2098/99')).toBe('2099/00');
    expect(nextSeason('2099/00')).toBe('2100/01');
  });

  it('is null for what is not a season', () => {
    expect(nextSeason('2025/27')).toBeNull();
    expect(nextSeason('2025-26')).toBeNull();
    expect(nextSeason('')).toBeNull();
  });
});

describe('renewalOfferDay and isRenewalOfferDue', () => {
  it('is 1 June of the season’s second year, its last month', () => {
    expect(renewalOfferDay('2025/26')).toBe('2026-06-01');
    expect(renewalOfferDay('2099/00')).toBe('2100-06-01');
  });

  it('is due from that day on, not the day before', () => {
    expect(isRenewalOfferDue('2025/26', '2026-05-31')).toBe(false);
    expect(isRenewalOfferDue('2025/26', '2026-06-01')).toBe(true);
    expect(isRenewalOfferDue('2025/26', '2027-01-10')).toBe(true);
  });

  it('is never for what has no season or is not one', () => {
    expect(renewalOfferDay('2025')).toBeNull();
    expect(renewalOfferDay('9999/00')).toBeNull();
    expect(isRenewalOfferDue(null, '2030-01-01')).toBe(false);
    expect(isRenewalOfferDue('2025/27', '2030-01-01')).toBe(false);
  });
});
