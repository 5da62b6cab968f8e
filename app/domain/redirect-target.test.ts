import { describe, expect, it } from 'vitest';
import { languageSwitchReturnPath, safeRedirectPath } from './redirect-target';

describe('safeRedirectPath', () => {
  it.each([
    ['/cart', '/cart'],
    ['/products/jcard?x=1#top', '/products/jcard?x=1#top'],
    ['/a/../cart', '/cart'],
    ['/./cart', '/cart'],
    ['/cart//items', '/cart//items'],
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
    // Dot segments that URL parsing folds into a protocol-relative "//host".
    ['/.//evil.example'],
    ['/..//evil.example'],
    ['/%2e//evil.example'],
    ['/%2E%2E//evil.example'],
    ['/x/..//evil.example'],
    ['/x/../..//evil.example/path?q=1'],
    ['/./\\evil.example'],
    ['/.\\/evil.example'],
    ['/./\t/evil.example'],
    ['/.\r\n//evil.example'],
    ['/%2e/%2e//evil.example'],
  ])('refuses %j', (target) => {
    expect(safeRedirectPath(target, '/fallback')).toBe('/fallback');
  });

  it('refuses what is not a string', () => {
    expect(safeRedirectPath(null)).toBe('/');
    expect(safeRedirectPath(['/cart'])).toBe('/');
  });
});

describe('languageSwitchReturnPath', () => {
  it('keeps the fragment the page sent, so the fan stays at the same place', () => {
    expect(languageSwitchReturnPath('/products/J1897#benefits', '/products')).toBe('/products/J1897#benefits');
  });

  it("drops the page's own ?lng= but no other parameter", () => {
    expect(languageSwitchReturnPath('/products?lng=it&sort=price#top', '/products')).toBe('/products?sort=price#top');
  });

  it('falls back for anything that is not a same-origin path', () => {
    expect(languageSwitchReturnPath('https://evil.example/#x', '/products')).toBe('/products');
    expect(languageSwitchReturnPath(null, '/products')).toBe('/products');
  });
});
