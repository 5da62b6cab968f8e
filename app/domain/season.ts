/**
 * Seasons (issue 15): a membership's season is written `YYYY/YY` (`2025/26`, as the catalogue
 * names it) and starts on 1 July of its first year, the start of the football year in Italy, on
 * the shop's calendar (Rome). A membership is active from that day once its holder is known: at
 * once when it is issued (or a gift's holder chosen) during its season, else from the activation
 * job on the first day.
 */
import type { CalendarDay } from './shop-time';

const SEASON = /^(\d{4})\/(\d{2})$/;

/** The first year of `season`, or null when it is not a season as the catalogue writes them. */
function firstYearOf(season: string): number | null {
  const match = SEASON.exec(season);
  if (!match?.[1] || !match[2]) return null;
  const first = Number(match[1]);
  // The second year is the next one (`2025/26`; `2099/00` too).
  return (first + 1) % 100 === Number(match[2]) ? first : null;
}

/** The first day of `season`, or null when it is not a season as the catalogue writes them. */
export function seasonStartDay(season: string): CalendarDay | null {
  const first = firstYearOf(season);
  return first === null ? null : `${String(first).padStart(4, '0')}-07-01`;
}

/**
 * The first and last day of `season` (1 July to 30 June), as the product page tells fans when
 * what they buy runs; null for what is not a season.
 */
export function seasonDays(season: string): { first: CalendarDay; last: CalendarDay } | null {
  const first = firstYearOf(season);
  if (first === null || first >= 9999) return null;
  return { first: `${String(first).padStart(4, '0')}-07-01`, last: `${String(first + 1).padStart(4, '0')}-06-30` };
}

/**
 * The day a membership of `season` with automatic renewal is offered its renewal: 1 June of the
 * season's second year, its last month, so the fan can confirm before the next one starts on
 * 1 July; null for what is not a season.
 */
export function renewalOfferDay(season: string): CalendarDay | null {
  const first = firstYearOf(season);
  return first === null || first >= 9999 ? null : `${String(first + 1).padStart(4, '0')}-06-01`;
}

/** Whether the automatic renewal of a membership of `season` is due on `today` (never without a season). */
export function isRenewalOfferDue(season: string | null, today: CalendarDay): boolean {
  const day = season === null ? null : renewalOfferDay(season);
  return day !== null && today >= day;
}

/** The season after `season` (`2025/26` → `2026/27`, what a renewal buys); null for what is not a season. */
export function nextSeason(season: string): string | null {
  const first = firstYearOf(season);
  if (first === null || first >= 9999) return null;
  return `${first + 1}/${String((first + 2) % 100).padStart(2, '0')}`;
}

/**
 * Whether a membership of `season` is active on `today`. Without a season (the club card) it
 * is from the day it is issued; a season the shop cannot read never starts (the membership stays
 * ready, where support sees it).
 */
export function hasSeasonStarted(season: string | null, today: CalendarDay): boolean {
  if (season === null) return true;
  const start = seasonStartDay(season);
  return start !== null && today >= start;
}

/** The status a membership takes when issued, or when a gift's holder is chosen: active once its season has started. */
export function issuedStatusOf({ season, hasHolder }: { season: string | null; hasHolder: boolean }, today: CalendarDay): 'ready' | 'active' {
  return hasHolder && hasSeasonStarted(season, today) ? 'active' : 'ready';
}
