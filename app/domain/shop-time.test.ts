import { describe, expect, it } from 'vitest';
import { formatShopDateTime } from './shop-time';

describe('formatShopDateTime', () => {
  it('shows Rome time, winter and summer, in both languages', () => {
    expect(formatShopDateTime(new Date('2026-01-15T23:30:05Z'), 'it')).toBe('16/01/26, 00:30:05');
    expect(formatShopDateTime(new Date('2026-07-01T10:00:00Z'), 'en')).toBe('01/07/2026, 12:00:00');
  });
});
