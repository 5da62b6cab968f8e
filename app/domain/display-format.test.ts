import { describe, expect, it } from 'vitest';
import { countryList, formatShopDate, lastDayBefore } from './display-format';

describe('formatShopDate', () => {
  it('shows the Rome calendar day', () => {
    const endOf28December = lastDayBefore(new Date('2026-12-28T23:00:00Z'));
    expect(formatShopDate(endOf28December, 'it')).toBe('28/12/2026');
    expect(formatShopDate(endOf28December, 'en')).toBe('28/12/2026');
    expect(formatShopDate(new Date('2026-12-28T23:00:00Z'), 'it')).toBe('29/12/2026');
  });
});

describe('countryList', () => {
  it('names countries in the page language', () => {
    expect(countryList(['IT', 'SM', 'VA'], 'it')).toBe('Italia, San Marino e Città del Vaticano');
    expect(countryList(['IT', 'SM', 'VA'], 'en')).toBe('Italy, San Marino and Vatican City');
  });

});
