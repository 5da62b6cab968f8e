import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './redirect-target';

describe('safeRedirectPath', () => {
  it.each([
    ['/cart', '/cart'],
    ['/products/jcard?x=1#top', '/products/jcard?x=1#top'],
    ['/a/../cart', '/cart'],
  ])('accepts the same-origin path %s', (target, expected) => {
    expect(safeRedirectPath(target)).toBe(expected);
  });

  it.each([
    ['https://evil.example/'],
    ['//evil.example'],
    ['/\\evil.example'],
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['javascript:alert(1)'],
    ['cart'],
    [''],
    ['/' + 'a'.repeat(2048)],
  ])('refuses %j', (target) => {
    expect(safeRedirectPath(target, '/fallback')).toBe('/fallback');
  });

  it('refuses what is not a string', () => {
    expect(safeRedirectPath(null)).toBe('/');
    expect(safeRedirectPath(['/cart'])).toBe('/');
  });
});
