/**
 * The shop's calendar: days are Rome's (spec: every date rule is read in Italian time) and are
 * written `YYYY-MM-DD`. Pure: the instant is always passed in (the clock owns `new Date()`).
 */

export const SHOP_TIME_ZONE = 'Europe/Rome';

/** A calendar day as `YYYY-MM-DD`; strings of this shape compare in date order. */
export type CalendarDay = string;

// One formatter per process: building an Intl.DateTimeFormat is far costlier than using one.
// en-CA formats dates as YYYY-MM-DD.
const romeDayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

const HOUR_MS = 3_600_000;

// Rome is a whole number of hours ahead of UTC and changes its clocks on the hour (01:00 UTC), so
// every instant of one UTC hour has the same day in Rome: the last hour's answer is kept. Formatting
// with a time zone was ~1 % of every page's CPU (the footer's year, promotion windows).
let lastHour = Number.NaN;
let lastDay: CalendarDay = '';

/** The calendar day of an instant in Rome, as `YYYY-MM-DD`. */
export function romeDate(instant: Date): CalendarDay {
  const hour = Math.floor(instant.getTime() / HOUR_MS);
  if (hour !== lastHour) {
    lastDay = romeDayFormat.format(instant);
    lastHour = hour;
  }
  return lastDay;
}

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The parts of an existing calendar day written `YYYY-MM-DD`; null otherwise (2001-02-29 is not one). */
export function parseCalendarDay(value: string): { year: number; month: number; day: number } | null {
  const match = CALENDAR_DAY.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date rolls 2001-02-30 over into March: only a day that survives the round trip exists.
  const exists = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return exists ? { year, month, day } : null;
}

/** Whether `value` is an existing calendar day written `YYYY-MM-DD`. */
export function isCalendarDay(value: string): boolean {
  return parseCalendarDay(value) !== null;
}

/**
 * The instant a Rome calendar day begins (its 00:00 in Rome). Rome is UTC+1 in winter and UTC+2
 * in summer, and its clock changes at 02:00/03:00, never at midnight: of the two candidates, the
 * one that falls on `day` in Rome is its midnight.
 */
export function romeDayStart(day: CalendarDay): Date {
  const parts = parseCalendarDay(day);
  if (!parts) throw new RangeError(`not a calendar day: ${day}`);
  const utcMidnight = Date.UTC(parts.year, parts.month - 1, parts.day);
  const summer = new Date(utcMidnight - 2 * 3_600_000);
  return romeDate(summer) === day ? summer : new Date(utcMidnight - 3_600_000);
}
