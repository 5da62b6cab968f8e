import { describe, expect, it } from 'vitest';
import { seasonalTheme } from './seasonal-theme';

const christmas = { from: '2026-12-01', to: '2026-12-28' };

describe('seasonalTheme', () => {
  it.each([
    ['2026-11-30T22:59:59Z', null], // 30/11 23:59:59 in Rome
    ['2026-11-30T23:00:00Z', 'christmas'], // 1/12 00:00 in Rome
    ['2026-12-28T22:59:59Z', 'christmas'], // last second of 28/12 in Rome
    ['2026-12-28T23:00:00Z', null],
  ])('at %s the Christmas theme is %s', (instant, expected) => {
    expect(seasonalTheme(new Date(instant), christmas)).toBe(expected);
  });

  it.each([
    ['2022-11-20T22:59:59Z', null],
    ['2022-11-20T23:00:00Z', 'black-friday'],
    ['2022-11-29T22:59:59Z', 'black-friday'],
    ['2022-11-29T23:00:00Z', null],
  ])('at %s the Black Friday theme is %s', (instant, expected) => {
    expect(seasonalTheme(new Date(instant), christmas)).toBe(expected);
  });

  it('prefers Black Friday when a configured Christmas window overlaps it', () => {
    expect(seasonalTheme(new Date('2022-11-25T12:00:00Z'), { from: '2022-11-01', to: '2022-12-28' })).toBe(
      'black-friday',
    );
  });
});
