import { parseCalendarDay, type CalendarDay } from './shop-time';

/**
 * Ages in whole years on a shop calendar day (Rome's; both dates `YYYY-MM-DD`, no time of day).
 *
 * A birthday counts from the start of its day. Someone born on 29 February has their birthday
 * on 28 February in a year without one: the Italian civil code (art. 2963 c.c.) ends a term
 * counted in years "with the last day of the same month" when that day is missing.
 */

type DayParts = { year: number; month: number; day: number };

export function partsOf(value: CalendarDay): DayParts {
  const parts = parseCalendarDay(value);
  // The callers hold validated days (a profile's dob, the clock's day): anything else is a bug.
  if (!parts) throw new RangeError(`Not a calendar day: ${JSON.stringify(value)}`);
  return parts;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function isLeapYear(year: number): boolean {
  return daysInMonth(year, 2) === 29;
}

export function dayOf({ year, month, day }: DayParts): CalendarDay {
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
