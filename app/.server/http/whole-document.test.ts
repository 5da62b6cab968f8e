import { Readable } from 'node:stream';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_GZIP_LEVEL, gzippedWhole } from './whole-document';

const page = (...parts: string[]) => Readable.from(parts.map((part) => Buffer.from(part)));

describe('gzippedWhole', () => {
  it('answers the whole page gzipped, with its length and the status given', async () => {
    const html = ['<!DOCTYPE html><html><body>', 'è'.repeat(5_000), '</body></html>'];
    const response = await gzippedWhole(page(...html), new Headers({ 'Content-Type': 'text/html; charset=utf-8' }), 404);
    const body = Buffer.from(await response.arrayBuffer());
    expect(response.status).toBe(404);
    expect(response.headers.get('Content-Encoding')).toBe('gzip');
    expect(response.headers.get('Content-Length')).toBe(String(body.length));
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(gunzipSync(body).toString()).toBe(html.join(''));
    expect(body.length).toBeLessThan(200);
  });

  it('says the answer depends on Accept-Encoding, once', async () => {
    const fresh = await gzippedWhole(page('<p>ok</p>'), new Headers(), 200);
    expect(fresh.headers.get('Vary')).toBe('Accept-Encoding');
    const already = await gzippedWhole(page('<p>ok</p>'), new Headers({ Vary: 'Cookie, Accept-Encoding' }), 200);
    expect(already.headers.get('Vary')).toBe('Cookie, Accept-Encoding');
  });

  it('deflates at the fast level the decision names, not zlib\'s default', async () => {
    // A page-like text: markup repeated with variations, where levels 3 and 6 differ.
    const html = Array.from({ length: 400 }, (_, row) => `<li class="line-${row % 7}"><a href="/products/j${1897 + row}">Item ${row * 31}</a></li>`).join('');
    const body = Buffer.from(await (await gzippedWhole(page(html), new Headers(), 200)).arrayBuffer());
    expect(DOCUMENT_GZIP_LEVEL).toBe(3);
    expect(body.equals(gzipSync(html, { level: 3 }))).toBe(true);
    expect(gzipSync(html, { level: 3 }).equals(gzipSync(html))).toBe(false);
  });
});
