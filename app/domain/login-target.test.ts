import { describe, expect, it } from 'vitest';
import { loginPath, signInHref, targetFromLoginUrl } from './login-target';

describe('loginPath', () => {
  it('carries the page, with its query, encoded', () => {
    expect(loginPath('/cart')).toBe('/login?redirectUri=%2Fcart');
    expect(loginPath('/cart/12?address_id=3&x=a b')).toBe('/login?redirectUri=%2Fcart%2F12%3Faddress_id%3D3%26x%3Da%2520b');
  });

  it('leaves out the home page and anything not same-origin', () => {
    expect(loginPath('/')).toBe('/login');
    expect(loginPath('//evil.example/x')).toBe('/login');
    expect(loginPath('https://evil.example/')).toBe('/login');
  });
});

describe('targetFromLoginUrl', () => {
  const at = (query: string) => new URL(`https://shop.example/login${query}`);

  it('returns a same-origin target as given', () => {
    expect(targetFromLoginUrl(at('?redirectUri=%2Fcart'))).toBe('/cart');
    expect(targetFromLoginUrl(at('?redirectUri=%2Fthankyou%3ForderId%3D7%23top'))).toBe('/thankyou?orderId=7#top');
  });

  it.each(['', '?redirectUri=', '?redirectUri=https%3A%2F%2Fevil.example', '?redirectUri=%2F%2Fevil.example', '?redirectUri=%2F%5Cevil', '?redirectUri=javascript%3Aalert(1)'])(
    'falls back to the home page for %s',
    (query) => {
      expect(targetFromLoginUrl(at(query))).toBe('/');
    },
  );
});

describe('signInHref', () => {
  it('comes back to the page it was clicked on', () => {
    expect(signInHref('/products?group=kids')).toBe('/login?redirectUri=%2Fproducts%3Fgroup%3Dkids');
  });

  it.each(['/login', '/login?redirectUri=%2Fcart', '/authorize?code=x', '/logout/do', '/sign-in/abc/', '/sign-in/abc/sign-up'])(
    'does not come back into the sign-in flow (%s)',
    (here) => {
      expect(signInHref(here)).toBe('/login');
    },
  );

  it('does not mistake a lookalike path for the flow', () => {
    expect(signInHref('/logins')).toBe('/login?redirectUri=%2Flogins');
  });

  it('leaves out the home page, and leaves the safety check to /login, which refuses a foreign target', () => {
    expect(signInHref('/')).toBe('/login');
    const odd = signInHref('//evil.example/x');
    expect(odd).toBe('/login?redirectUri=%2F%2Fevil.example%2Fx');
    expect(targetFromLoginUrl(new URL(odd, 'https://shop.example'))).toBe('/');
  });
});
