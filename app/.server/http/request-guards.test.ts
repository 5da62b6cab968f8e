import { describe, expect, it } from 'vitest';
import { refusal, urlIsReadable } from './request-guards';

const get = (url: string, host?: string) => refusal({ method: 'GET', url, host });

describe('refusal', () => {
  it('lets ordinary requests through, IPv6 literals and ports included', () => {
    expect(get('/products?page=2', 'shop.example')).toBeNull();
    for (const host of ['localhost:3000', '127.0.0.1', '[::1]:3000', 'shop.example.', 'xn--caf-dma.example', 'shop_web:3000'])
      expect(get('/', host), host).toBeNull();
    expect(refusal({ method: 'POST', url: '/language', host: 'shop.example' })).toBeNull();
  });

  it('refuses TRACE, TRACK and CONNECT with 405', () => {
    for (const method of ['TRACE', 'track', 'CONNECT']) expect(refusal({ method, url: '/', host: 'shop.example' })).toBe(405);
  });

  it('refuses a missing Host or one with spaces, brackets or other odd characters', () => {
    for (const host of [undefined, '', 'evil example', '[evil', 'a]b', 'shop.example:80:80', 'user@shop.example', 'shop.example/x', '-shop'])
      expect(get('/', host), String(host)).toBe(400);
  });
});

describe('urlIsReadable', () => {
  it('is false for malformed percent-encoding and control characters in the path or query', () => {
    for (const url of ['/products/%', '/products/%E0%A4%A', '/products/a%00b', '/dev/outbox?to=a%00b', '/x?%0A=1', '/a%7Fb'])
      expect(urlIsReadable(url), url).toBe(false);
  });

  it('is true for encoded text, spaces and unusual but harmless queries', () => {
    for (const url of ['/products/caf%C3%A9', '/a%20b', '/dev/outbox?to=fan%40example.org', '/x?q=%', '/x?a&b=&=c'])
      expect(urlIsReadable(url), url).toBe(true);
  });
});
