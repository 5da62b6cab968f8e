import { describe, expect, it } from 'vitest';
import { isCalendarDay, parseCalendarDay, romeDate } from './shop-time';

describe('romeDate', () => {
  it('uses the Rome calendar day, not UTC', () => {
    expect(romeDate(new Date('2026-11-30T22:59:59Z'))).toBe('2026-11-30');
    expect(romeDate(new Date('2026-11-30T23:00:00Z'))).toBe('2026-12-01'); // CET = UTC+1
    expect(romeDate(new Date('2026-07-31T22:00:00Z'))).toBe('2026-08-01'); // CEST = UTC+2
  });
});

describe('isCalendarDay', () => {
  it('knows leap days', () => {
    expect(isCalendarDay('2000-02-29')).toBe(true);
    expect(isCalendarDay('1900-02-29')).toBe(false);
    expect(isCalendarDay('2001-02-29')).toBe(false);
  });

  it.each(['2001-13-01', '2001-04-31', '2001-4-1', ' 2001-04-01', '01/04/2001', ''])('refuses %j', (value) => {
    expect(isCalendarDay(value)).toBe(false);
  });
});

describe('parseCalendarDay', () => {
  it('gives the parts of an existing day', () => {
    expect(parseCalendarDay('1985-12-03')).toEqual({ year: 1985, month: 12, day: 3 });
    expect(parseCalendarDay('2001-02-30')).toBeNull();
  });
});
