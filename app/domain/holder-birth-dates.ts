/**
 * The birth dates an on-behalf holder may have (spec §5 "Birth-date bounds for on-behalf
 * purchase"), and the age arithmetic behind them. Apart from buy-for.ts: only a form that asks
 * a holder needs them (the holder rule's chunk), not every configure page.
 */
import { addDays, dayOf, daysInMonth, isLeapYear, partsOf } from './age';
import { MIN_BIRTH_DATE } from './birth-date';
import { DEFAULT_MAX_HOLDER_AGE_ON_BEHALF, type HolderAges } from './buy-for';
import { isCalendarDay, type CalendarDay } from './shop-time';

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

/** Inclusive range of holder birth dates; empty (earliest > latest) when no holder fits. */
export type BirthDateBounds = { earliest: CalendarDay; latest: CalendarDay };

/**
 * The holder birth dates an on-behalf purchase of `product` accepts on `today`.
 *
 * Spec §5: "the holder must be older than minHolderAge, and within maxHolderAge (or 16) plus
 * one year". Read as: on `today` the holder has had their minHolderAge-th birthday (a Junior
 * 5-10 holder may be 5, as for BUY_CARD's inclusive range) and has not yet had the birthday
 * after maxHolderAge — the "plus one year" (a 10-year-old is 10 until the day before turning
 * 11). Without a maxHolderAge the oldest holder is 16 (not 255: the holder is a minor whom a
 * fan of 18 or more manages). A null minHolderAge is 0. The range also stays within what any
 * birth date must be (checkBirthDate: from MIN_BIRTH_DATE to yesterday).
 */
export function onBehalfBirthDateBounds(product: HolderAges, today: CalendarDay): BirthDateBounds {
  const minHolderAge = product.minHolderAge ?? 0;
  const maxHolderAge = product.maxHolderAge ?? DEFAULT_MAX_HOLDER_AGE_ON_BEHALF;
  return {
    earliest: clampToBirthDateRange(earliestBirthDateForAge(maxHolderAge, today), today),
    latest: clampToBirthDateRange(latestBirthDateForAge(minHolderAge, today), today),
  };
}

/** Whether `value` is a calendar day within `bounds` (both ends included). */
export function isOnBehalfBirthDateAllowed(value: string, bounds: BirthDateBounds): boolean {
  return isCalendarDay(value) && value >= bounds.earliest && value <= bounds.latest;
}
