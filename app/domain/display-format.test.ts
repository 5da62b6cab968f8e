import { describe, expect, it } from 'vitest';
import { countryList, formatShopDate, formatShopDateTime, lastDayBefore } from './display-format';

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

describe('formatShopDateTime', () => {
  it('shows Rome time, winter and summer, in both languages', () => {
    expect(formatShopDateTime(new Date('2026-01-15T23:30:05Z'), 'it')).toBe('16/01/2026, 00:30:05');
    expect(formatShopDateTime(new Date('2026-01-15T23:30:05Z'), 'en')).toBe('16/01/2026, 00:30:05');
    expect(formatShopDateTime(new Date('2026-07-01T10:00:00Z'), 'it')).toBe('01/07/2026, 12:00:00');
    expect(formatShopDateTime(new Date('2026-07-01T10:00:00Z'), 'en')).toBe('01/07/2026, 12:00:00');
  });
});
