import type { Language } from './catalogue-types';

/** Number formats per shop language; English uses Ireland's euro conventions. */
const LOCALE_OF: Record<Language, string> = { it: 'it-IT', en: 'en-IE' };

const formatters = new Map<Language, Intl.NumberFormat>();

function formatterFor(language: Language): Intl.NumberFormat {
  let formatter = formatters.get(language);
  if (!formatter) {
    formatter = new Intl.NumberFormat(LOCALE_OF[language], {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: 0,
      maximumFractionDigits: 2,
    });
    formatters.set(language, formatter);
  }
  return formatter;
}

/**
 * A price in euro cents as the spec shows it: whole euros without decimals, otherwise the
 * needed 1 or 2 decimals (`49,9 €`, `49,95 €`, `50 €` in Italian; `€49.9` in English).
 */
export function formatPrice(cents: number, language: Language): string {
  if (!Number.isInteger(cents)) throw new RangeError(`price must be integer cents, got ${cents}`);
  return formatterFor(language).format(cents / 100);
}
