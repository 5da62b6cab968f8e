import type { Language } from './catalogue-types';
import { SHOP_TIME_ZONE } from './seasonal-theme';

const LOCALE_OF: Record<Language, string> = { it: 'it-IT', en: 'en-GB' };

/** Date and time to the second in the shop's time zone (support compares it with logs). */
export function formatShopDateTime(date: Date, language: Language): string {
  return new Intl.DateTimeFormat(LOCALE_OF[language], {
    timeZone: SHOP_TIME_ZONE,
    dateStyle: 'short',
    timeStyle: 'medium',
  }).format(date);
}
