import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { writeReadableStreamToWritable } from '@react-router/node';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { appCompression } from './compression';

const piece = new TextEncoder().encode(`<li class="card"><a href="/products/j1897">Maglia</a><span>€ 89,90</span></li>`.repeat(25));

/** Serves `handler` behind the app's compression and answers the raw (still compressed) response. */
async function fetchRaw(handler: express.RequestHandler, acceptEncoding: string) {
  const app = express();
  app.use(appCompression());
  app.get('/', handler);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
      http
        .get({ port, host: '127.0.0.1', path: '/', headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
  } finally {
    server.close();
  }
}

/** A page written as React Router writes one: 20 chunks, each followed by a flush. */
const streamedPage: express.RequestHandler = (_req, res) => {
  res.type('html');
  let sent = 0;
  const page = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent++ === 20) controller.close();
      else controller.enqueue(piece);
    },
  });
  void writeReadableStreamToWritable(page, res);
};

describe('appCompression', () => {
  it('answers a browser with gzip, never Brotli', async () => {
    const { encoding, body } = await fetchRaw(streamedPage, 'gzip, deflate, br, zstd');
    expect(encoding).toBe('gzip');
    expect(gunzipSync(body).byteLength).toBe(20 * piece.byteLength);
  });

  it('does not compress for a client that accepts only Brotli', async () => {
    const { encoding, body } = await fetchRaw(streamedPage, 'br');
    expect(encoding).toBeUndefined();
    expect(body.byteLength).toBe(20 * piece.byteLength);
  });

  it('flushes a burst of chunks once, so the page compresses as a whole', async () => {
    // Flushed after every chunk (Z_FULL_FLUSH resets gzip's dictionary) each 2 KB piece compresses alone: ~20×.
    const { body } = await fetchRaw(streamedPage, 'gzip');
    const { body: alone } = await fetchRaw((_req, res) => {
      res.type('html').end(Buffer.from(piece));
    }, 'gzip');
    expect(body.byteLength).toBeLessThan(alone.byteLength * 6);
  });

  it('still sends a flushed part before the response ends', async () => {
    let finish: () => void = () => undefined;
    const firstPartArrived = new Promise<void>((resolve) => (finish = resolve));
    const app = express();
    app.use(appCompression());
    app.get('/', (_req, res) => {
      res.type('html');
      res.write(Buffer.from(piece));
      (res as typeof res & { flush: () => void }).flush();
      // The response ends only once the client has read the first part: without a flush this never happens.
      void firstPartArrived.then(() => res.end('</html>'));
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/`, { headers: { 'Accept-Encoding': 'gzip' } });
      const reader = response.body!.getReader();
      const first = await reader.read();
      expect(first.done).toBe(false);
      finish();
      while (!(await reader.read()).done) {
        // drain the rest
      }
    } finally {
      server.close();
    }
  });
});
