import { describe, expect, it } from 'vitest';
import { addDays, ageOn } from './age';
import { clampToBirthDateRange, earliestBirthDateForAge, latestBirthDateForAge } from './holder-birth-dates';

describe('ageOn', () => {
  it.each([
    // birth date, today, age
    ['2010-05-10', '2026-05-09', 15], // the day before the 16th birthday
    ['2010-05-10', '2026-05-10', 16], // the 16th birthday
    ['2010-05-10', '2026-05-11', 16],
    ['2008-05-10', '2026-05-09', 17],
    ['2008-05-10', '2026-05-10', 18],
    ['2000-12-31', '2001-12-30', 0],
    ['2000-12-31', '2001-12-31', 1],
    ['2000-01-01', '2015-12-31', 15],
    ['2000-01-01', '2016-01-01', 16],
    ['2026-05-10', '2026-05-10', 0],
    ['2026-05-11', '2026-05-10', -1],
  ])('born %s, on %s: %i', (birthDate, today, age) => {
    expect(ageOn(birthDate, today)).toBe(age);
  });

  // Art. 2963 c.c.: a term in years from 29 February ends on 28 February in a common year.
  it.each([
    ['2008-02-29', '2026-02-27', 17],
    ['2008-02-29', '2026-02-28', 18],
    ['2008-02-29', '2026-03-01', 18],
    ['2012-02-29', '2028-02-28', 15], // a leap year: the birthday is the 29th
    ['2012-02-29', '2028-02-29', 16],
    ['2008-02-28', '2028-02-28', 20],
    ['2008-03-01', '2026-02-28', 17],
    ['2008-03-01', '2026-03-01', 18],
  ])('born on or near a leap day %s, on %s: %i', (birthDate, today, age) => {
    expect(ageOn(birthDate, today)).toBe(age);
  });

  it('throws on what is not a calendar day (callers hold validated days)', () => {
    expect(() => ageOn('2001-02-29', '2026-05-10')).toThrow(RangeError);
    expect(() => ageOn('2001-01-01', '10/05/2026')).toThrow(RangeError);
  });
});

describe('addDays', () => {
  it.each([
    ['2026-05-10', 1, '2026-05-11'],
    ['2026-05-10', -1, '2026-05-09'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2025-02-28', 1, '2025-03-01'],
    ['2025-12-31', 1, '2026-01-01'],
    ['1900-01-01', -1, '1899-12-31'],
  ])('%s %+i day → %s', (day, days, expected) => {
    expect(addDays(day, days)).toBe(expected);
  });
});

/** Every day from `first` to `last`, both included. */
function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}

describe('latestBirthDateForAge / earliestBirthDateForAge', () => {
  it.each([
    // age, today, latest birth date giving at least that age
    [5, '2026-05-10', '2021-05-10'],
    [5, '2025-02-28', '2020-02-29'], // born on a leap day: 5 on 28 February of a common year
    [4, '2024-02-29', '2020-02-29'],
    [5, '2028-02-29', '2023-02-28'], // back to a common year from a leap day
    [1, '2025-03-01', '2024-03-01'],
  ])('at least %i on %s: born on %s at the latest', (age, today, latest) => {
    expect(latestBirthDateForAge(age, today)).toBe(latest);
    expect(ageOn(latest, today)).toBe(age);
    expect(ageOn(addDays(latest, 1), today)).toBe(age - 1);
  });

  it.each([
    [10, '2026-05-10', '2015-05-11'],
    [8, '2025-02-28', '2016-03-01'], // born 2016-02-29 turned 9 today
    [10, '2028-02-29', '2017-03-01'],
  ])('at most %i on %s: born on %s at the earliest', (age, today, earliest) => {
    expect(earliestBirthDateForAge(age, today)).toBe(earliest);
    expect(ageOn(earliest, today)).toBe(age);
    expect(ageOn(addDays(earliest, -1), today)).toBe(age + 1);
  });

  // Four years of "today" cover each leap-day case; each result is checked against ageOn.
  it('agrees with ageOn on every day of 2024–2027', () => {
    for (const today of daysBetween('2024-01-01', '2027-12-31')) {
      for (const age of [1, 4, 5, 16, 17]) {
        const latest = latestBirthDateForAge(age, today);
        expect([today, ageOn(latest, today)]).toEqual([today, age]);
        expect([today, ageOn(addDays(latest, 1), today)]).toEqual([today, age - 1]);
      }
    }
  });
});

describe('clampToBirthDateRange', () => {
  it('keeps a day from 1900-01-01 to yesterday, moves any other inside', () => {
    expect(clampToBirthDateRange('2026-05-09', '2026-05-10')).toBe('2026-05-09');
    expect(clampToBirthDateRange('2026-05-10', '2026-05-10')).toBe('2026-05-09');
    expect(clampToBirthDateRange('1900-01-01', '2026-05-10')).toBe('1900-01-01');
    expect(clampToBirthDateRange('1899-12-31', '2026-05-10')).toBe('1900-01-01');
  });
});
