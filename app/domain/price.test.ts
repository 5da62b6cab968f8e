import { describe, expect, it } from 'vitest';
import { formatPrice } from './price';

// Intl separates number and sign with a no-break space in Italian.
const normalise = (text: string) => text.replace(/\u00a0/g, ' ');

describe('formatPrice', () => {
  it.each([
    [0, '0 €', '€0'],
    [5000, '50 €', '€50'],
    [4990, '49,90 €', '€49.90'],
    [13910, '139,10 €', '€139.10'],
    [4995, '49,95 €', '€49.95'],
    [5, '0,05 €', '€0.05'],
    [10, '0,10 €', '€0.10'],
    [-13910, '-139,10 €', '-€139.10'],
    [-5000, '-50 €', '-€50'],
    [99900, '999 €', '€999'],
    [100000, '1.000 €', '€1,000'],
    [149910, '1.499,10 €', '€1,499.10'],
    [1234500, '12.345 €', '€12,345'],
    [123456789, '1.234.567,89 €', '€1,234,567.89'],
  ])('formats %i cents', (cents, italian, english) => {
    expect(normalise(formatPrice(cents, 'it'))).toBe(italian);
    expect(normalise(formatPrice(cents, 'en'))).toBe(english);
  });

  it('refuses fractional cents', () => {
    expect(() => formatPrice(49.5, 'it')).toThrow(RangeError);
  });
});
