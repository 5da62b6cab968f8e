import { describe, expect, it, vi } from 'vitest';
import { burstStream } from './burst-stream';

/** Collects what the stream passes on, chunk by chunk. */
function collect(stream: ReturnType<typeof burstStream>) {
  const chunks: string[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  const ended = new Promise<string[]>((resolve) => stream.on('end', () => resolve(chunks)));
  return { chunks, ended };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('burstStream', () => {
  it('passes the pieces written in one turn on as one chunk', async () => {
    const stream = burstStream();
    const { ended } = collect(stream);
    for (const piece of ['<html>', '<body>', '<main>']) stream.write(piece);
    await nextTurn();
    stream.end('</html>');
    expect(await ended).toEqual(['<html><body><main>', '</html>']);
  });

  it('passes each burst on as soon as its turn ends, before the page is complete', async () => {
    const stream = burstStream();
    const { chunks, ended } = collect(stream);
    stream.write('shell');
    stream.write(' done');
    await nextTurn();
    await nextTurn();
    expect(chunks).toEqual(['shell done']);
    stream.write('boundary');
    await nextTurn();
    await nextTurn();
    expect(chunks).toEqual(['shell done', 'boundary']);
    stream.end();
    expect(await ended).toEqual(['shell done', 'boundary']);
  });

  it('keeps bytes and order, whatever the pieces (a multi-byte character split in two)', async () => {
    const euro = Buffer.from('€ 89,90');
    const stream = burstStream();
    const { ended } = collect(stream);
    stream.write(euro.subarray(0, 2));
    stream.write(euro.subarray(2));
    stream.end();
    expect((await ended).join('')).toBe('€ 89,90');
  });

  it('calls onEnd once, when the page ends', async () => {
    const onEnd = vi.fn();
    const stream = burstStream(onEnd);
    const { ended } = collect(stream);
    stream.write('a');
    expect(onEnd).not.toHaveBeenCalled();
    stream.end('b');
    await ended;
    expect(onEnd).toHaveBeenCalledTimes(1);
  });
});
