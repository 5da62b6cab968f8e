import { describe, expect, it } from 'vitest';
import { formatPrice } from './price';

// Intl separates number and sign with a no-break space in Italian.
const normalise = (text: string) => text.replace(/\u00a0/g, ' ');

describe('formatPrice', () => {
  it.each([
    [5000, '50 €', '€50'],
    [4990, '49,9 €', '€49.9'],
    [4995, '49,95 €', '€49.95'],
    [0, '0 €', '€0'],
    [5, '0,05 €', '€0.05'],
    [149900, '1499 €', '€1,499'],
    [1234500, '12.345 €', '€12,345'],
  ])('formats %i cents', (cents, italian, english) => {
    expect(normalise(formatPrice(cents, 'it'))).toBe(italian);
    expect(normalise(formatPrice(cents, 'en'))).toBe(english);
  });

  it('refuses fractional cents', () => {
    expect(() => formatPrice(49.5, 'it')).toThrow(RangeError);
  });
});
