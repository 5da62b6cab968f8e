import { describe, expect, it } from 'vitest';
import { pageAddress, pagePath } from './page-address';

const base = 'https://shop.example';

describe('pageAddress', () => {
  it('leaves document requests as they are', () => {
    expect(pagePath(`${base}/cart`)).toBe('/cart');
    expect(pagePath(`${base}/products?show=junior`)).toBe('/products?show=junior');
    expect(pagePath(`${base}/sign-in/abc/`)).toBe('/sign-in/abc/');
    expect(pagePath(`${base}/`)).toBe('/');
  });

  it('turns React Router data requests back into the page address', () => {
    expect(pagePath(`${base}/cart.data`)).toBe('/cart');
    expect(pagePath(`${base}/account/notify-me.data?_routes=root%2Croutes%2Faccount-notify-me`)).toBe(
      '/account/notify-me',
    );
    expect(pagePath(`${base}/sign-in/abc/_.data`)).toBe('/sign-in/abc/');
    expect(pagePath(`${base}/_.data`)).toBe('/');
    expect(pagePath(`${base}/_root.data`)).toBe('/');
  });

  it('keeps the page query, without React Router’s own parameter', () => {
    expect(pageAddress(`${base}/products.data?group=kids&_routes=routes%2Fproducts`)).toEqual({
      pathname: '/products',
      search: '?group=kids',
    });
  });

  it('does not touch a path that merely contains ".data"', () => {
    expect(pagePath(`${base}/products/my.database/x`)).toBe('/products/my.database/x');
  });
});
