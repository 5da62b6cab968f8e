import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { writeReadableStreamToWritable } from '@react-router/node';
import compression from 'compression';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { balancedDrainListeners } from './drain-listeners';

const warnings: Error[] = [];
const onWarning = (warning: Error) => warnings.push(warning);

afterEach(() => {
  process.off('warning', onWarning);
  warnings.length = 0;
});

/** A gzip response written as React Router writes a streamed page: many refused writes. */
async function streamLargePage(withFix: boolean): Promise<number> {
  const app = express();
  app.use(compression());
  if (withFix) app.use(balancedDrainListeners);
  app.get('/', (_req, res) => {
    res.type('text/plain');
    let sent = 0;
    const page = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ === 40) controller.close();
        else controller.enqueue(new Uint8Array(randomBytes(64 * 1024)));
      },
    });
    void writeReadableStreamToWritable(page, res);
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    return (await response.arrayBuffer()).byteLength;
  } finally {
    server.close();
    // Node reports the warning on a later tick.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('balancedDrainListeners', () => {
  it('streams a large gzip page without piling up drain listeners', async () => {
    process.on('warning', onWarning);
    expect(await streamLargePage(true)).toBe(40 * 64 * 1024);
    expect(warnings.filter((warning) => warning.name === 'MaxListenersExceededWarning')).toEqual([]);
  });
});
