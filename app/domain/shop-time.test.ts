import { describe, expect, it } from 'vitest';
import { isCalendarDay, parseCalendarDay, romeDate } from './shop-time';

describe('romeDate', () => {
  it('uses the Rome calendar day, not UTC', () => {
    expect(romeDate(new Date('2026-11-30T22:59:59Z'))).toBe('2026-11-30');
    expect(romeDate(new Date('2026-11-30T23:00:00Z'))).toBe('2026-12-01'); // CET = UTC+1
    expect(romeDate(new Date('2026-07-31T22:00:00Z'))).toBe('2026-08-01'); // CEST = UTC+2
  });

  it('answers each instant of an hour alike, across midnight and the clock changes, in any order', () => {
    const cases: [string, string][] = [
      ['2026-03-28T22:59:59.999Z', '2026-03-28'], // 23:59 CET
      ['2026-03-28T23:00:00.000Z', '2026-03-29'], // midnight CET
      ['2026-03-29T00:59:59.999Z', '2026-03-29'], // 01:59 CET, the last minute before the change
      ['2026-03-29T01:00:00.000Z', '2026-03-29'], // 03:00 CEST
      ['2026-10-24T21:59:59.999Z', '2026-10-24'], // 23:59 CEST
      ['2026-10-24T22:00:00.000Z', '2026-10-25'], // midnight CEST, the night clocks go back
      ['2026-10-25T01:00:00.000Z', '2026-10-25'], // 02:00 CET
      ['2026-10-25T22:59:59.999Z', '2026-10-25'],
      ['2026-10-25T23:00:00.000Z', '2026-10-26'],
    ];
    for (const [instant, day] of [...cases, ...[...cases].reverse(), ...cases]) expect(romeDate(new Date(instant)), instant).toBe(day);
  });

  it('still refuses an invalid instant', () => {
    expect(() => romeDate(new Date(Number.NaN))).toThrow(RangeError);
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
