import { MIN_BIRTH_DATE } from './birth-date';
import { parseCalendarDay, type CalendarDay } from './shop-time';

/**
 * Ages in whole years on a shop calendar day (Rome's; both dates `YYYY-MM-DD`, no time of day).
 *
 * A birthday counts from the start of its day. Someone born on 29 February has their birthday
 * on 28 February in a year without one: the Italian civil code (art. 2963 c.c.) ends a term
 * counted in years "with the last day of the same month" when that day is missing.
 */

type DayParts = { year: number; month: number; day: number };

function partsOf(value: CalendarDay): DayParts {
  const parts = parseCalendarDay(value);
  // The callers hold validated days (a profile's dob, the clock's day): anything else is a bug.
  if (!parts) throw new RangeError(`Not a calendar day: ${JSON.stringify(value)}`);
  return parts;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function isLeapYear(year: number): boolean {
  return daysInMonth(year, 2) === 29;
}

function dayOf({ year, month, day }: DayParts): CalendarDay {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The calendar day `days` days after `value` (before it when negative). */
export function addDays(value: CalendarDay, days: number): CalendarDay {
  const { year, month, day } = partsOf(value);
  const date = new Date(Date.UTC(year, month - 1, day + days));
  return dayOf({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() });
}

/** Whole years completed by someone born on `birthDate` on the day `today`; negative before birth. */
export function ageOn(birthDate: CalendarDay, today: CalendarDay): number {
  const birth = partsOf(birthDate);
  const now = partsOf(today);
  // The birthday in today's year: 29 February becomes the 28th when the year has no 29th.
  const birthdayThisYear = Math.min(birth.day, daysInMonth(now.year, birth.month));
  const hadBirthday = now.month > birth.month || (now.month === birth.month && now.day >= birthdayThisYear);
  return now.year - birth.year - (hadBirthday ? 0 : 1);
}

/**
 * The last birth date of someone who is at least `age` on `today` (born on it: the `age`-th
 * birthday is today). The inverse of ageOn: every later day gives a smaller age.
 */
export function latestBirthDateForAge(age: number, today: CalendarDay): CalendarDay {
  const now = partsOf(today);
  const year = now.year - age;
  // On 28 February of a common year, those born on 29 February of a leap year have their birthday too.
  if (now.month === 2 && now.day === 28 && !isLeapYear(now.year) && isLeapYear(year)) {
    return dayOf({ year, month: 2, day: 29 });
  }
  // On 29 February, going back to a common year: its 28 February is the last such birthday.
  return dayOf({ year, month: now.month, day: Math.min(now.day, daysInMonth(year, now.month)) });
}

/** The earliest birth date of someone who is still at most `age` on `today` (turns age+1 tomorrow or later). */
export function earliestBirthDateForAge(age: number, today: CalendarDay): CalendarDay {
  return addDays(latestBirthDateForAge(age + 1, today), 1);
}

/** `value` moved into the range checkBirthDate accepts: MIN_BIRTH_DATE to yesterday. */
export function clampToBirthDateRange(value: CalendarDay, today: CalendarDay): CalendarDay {
  const yesterday = addDays(today, -1);
  if (value > yesterday) return yesterday;
  if (value < MIN_BIRTH_DATE) return MIN_BIRTH_DATE;
  return value;
}
