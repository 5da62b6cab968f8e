import { romeDate } from './shop-time';

/** Seasonal looks of the catalogue (spec §2, §9). */
export type SeasonalTheme = 'christmas' | 'black-friday';

/** Inclusive calendar-day windows, `YYYY-MM-DD` in the shop's time zone. */
export type DateWindow = { from: string; to: string };

/** The spec's Black Friday dates. */
export const BLACK_FRIDAY: DateWindow = { from: '2022-11-21', to: '2022-11-29' };

function isWithin(day: string, window: DateWindow): boolean {
  return day >= window.from && day <= window.to;
}

/** The theme of the day, Black Friday before Christmas should the windows ever overlap. */
export function seasonalTheme(now: Date, christmas: DateWindow): SeasonalTheme | null {
  const day = romeDate(now);
  if (isWithin(day, BLACK_FRIDAY)) return 'black-friday';
  if (isWithin(day, christmas)) return 'christmas';
  return null;
}
