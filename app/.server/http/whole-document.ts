import type { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';

/**
 * zlib's fastest family (levels 1–3 skip lazy matching): a page costs a third of level 6's CPU
 * for 7–11 % more bytes (docs/decisions/performance.md, "Documents gzipped at level 3").
 */
export const DOCUMENT_GZIP_LEVEL = 3;

/**
 * A page for a browser that takes gzip, rendered whole and gzipped in one call
 * (docs/decisions/performance.md, "Documents gzipped whole"): streamed through `compression`,
 * each burst of the render cost a hand-off to zlib's thread pool, a flush and its events, about
 * a sixth of `/products`' CPU. The shop's pages wait for nothing once their loaders are done, so
 * holding the render until it is complete costs the fan nothing; `compression` leaves a response
 * that is already encoded alone. Synchronous: handing a page to zlib's thread pool cost more CPU
 * than the deflate of a page at this level, and the pool shares the instance's core anyway.
 */
export async function gzippedWhole(page: Readable, headers: Headers, status: number): Promise<Response> {
  const parts: Buffer[] = [];
  for await (const part of page) parts.push(Buffer.isBuffer(part) ? part : Buffer.from(String(part)));
  const zipped = gzipSync(Buffer.concat(parts), { level: DOCUMENT_GZIP_LEVEL });
  headers.set('Content-Encoding', 'gzip');
  headers.set('Content-Length', String(zipped.length));
  if (!/\baccept-encoding\b/i.test(headers.get('Vary') ?? '')) headers.append('Vary', 'Accept-Encoding');
  return new Response(new Uint8Array(zipped), { headers, status });
}
