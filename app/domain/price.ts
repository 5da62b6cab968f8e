import type { Language } from './catalogue-types';

/** Number formats per shop language; English uses Ireland's euro conventions. */
const LOCALE_OF: Record<Language, string> = { it: 'it-IT', en: 'en-IE' };

type Formatters = { whole: Intl.NumberFormat; cents: Intl.NumberFormat };

const formatters = new Map<Language, Formatters>();

function formattersFor(language: Language): Formatters {
  let pair = formatters.get(language);
  if (!pair) {
    // 'always': Italian's CLDR default leaves four-digit amounts ungrouped ("1499 €"); shops write "1.499 €".
    const options = { style: 'currency', currency: 'EUR', useGrouping: 'always' } as const;
    pair = {
      whole: new Intl.NumberFormat(LOCALE_OF[language], { ...options, minimumFractionDigits: 0, maximumFractionDigits: 0 }),
      cents: new Intl.NumberFormat(LOCALE_OF[language], { ...options, minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    };
    formatters.set(language, pair);
  }
  return pair;
}

/**
 * A price in euro cents as fans read it: whole euros without decimals, otherwise always two
 * decimals (`50 €`, `49,90 €`, `49,95 €` in Italian; `€50`, `€49.90` in English). Issue 30 replaced
 * the spec's "1 or 2 decimals": `139,1 €` reads as a typo to Italians.
 */
export function formatPrice(cents: number, language: Language): string {
  if (!Number.isInteger(cents)) throw new RangeError(`price must be integer cents, got ${cents}`);
  const { whole, cents: withCents } = formattersFor(language);
  return (cents % 100 === 0 ? whole : withCents).format(cents / 100);
}
