import { isCalendarDay } from './shop-time';

/**
 * Date of birth of a fan's profile: a real calendar day (YYYY-MM-DD), in the past, and not
 * before MIN_BIRTH_DATE. "Today" is passed in (the shop's day in Rome) so the rule stays pure.
 */

/**
 * The earliest birth date accepted. Nobody alive was born earlier, and the municipality
 * lookups (birth-date validity) are reliable from here on.
 */
export const MIN_BIRTH_DATE = '1900-01-01';

export type BirthDateCheck = 'ok' | 'invalid' | 'future' | 'tooOld';

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A birth date must be a past day: `today` itself is refused (nobody buys on the day of birth). */
export function checkBirthDate(value: string, today: string): BirthDateCheck {
  const day = value.trim();
  if (!isCalendarDay(day)) return 'invalid';
  if (day >= today) return 'future';
  if (day < MIN_BIRTH_DATE) return 'tooOld';
  return 'ok';
}

/** A stored YYYY-MM-DD as fans read it, dd/mm/yyyy (both shop languages); anything else as given. */
export function formatBirthDate(value: string): string {
  const match = ISO_DAY.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}
