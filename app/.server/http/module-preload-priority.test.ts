import { describe, expect, it } from 'vitest';
import { burstStream } from './burst-stream';
import { lowerModulePreloads, modulePreloadLowerer } from './module-preload-priority';

const PRELOADS =
  '<link rel="modulepreload" href="/assets/entry.client.js"/><link rel="modulepreload" href="/assets/root.js"/>';
const LOWERED =
  '<link rel="modulepreload" fetchpriority="low" href="/assets/entry.client.js"/><link rel="modulepreload" fetchpriority="low" href="/assets/root.js"/>';

/** Runs `pieces` through a lowerer as separate chunks and joins what comes out. */
function throughLowerer(pieces: string[]): string {
  const lowerer = modulePreloadLowerer();
  return pieces.map((piece) => lowerer.take(Buffer.from(piece)).toString()).join('') + lowerer.end().toString();
}

describe('lowerModulePreloads', () => {
  it('gives every module preload a low fetch priority and leaves the rest as it was', () => {
    const html = `<p>€ 89,90</p>${PRELOADS}<link rel="preload" as="font" href="/f.woff2"/><script type="module">import("/a.js")</script>`;
    expect(lowerModulePreloads(Buffer.from(html)).toString()).toBe(
      `<p>€ 89,90</p>${LOWERED}<link rel="preload" as="font" href="/f.woff2"/><script type="module">import("/a.js")</script>`,
    );
  });

  it('returns a page without preloads untouched', () => {
    const html = Buffer.from('<main>nothing to preload</main>');
    expect(lowerModulePreloads(html)).toBe(html);
  });
});

describe('modulePreloadLowerer', () => {
  it('finds a tag cut between two chunks, wherever the cut falls', () => {
    const html = `<body>${PRELOADS}</body>`;
    for (let cut = 0; cut <= html.length; cut++) {
      expect(throughLowerer([html.slice(0, cut), html.slice(cut)]), `cut at ${cut}`).toBe(`<body>${LOWERED}</body>`);
    }
  });

  it('holds back only what may begin a tag, and gives it at the end', () => {
    const lowerer = modulePreloadLowerer();
    expect(lowerer.take(Buffer.from('<p>x</p><link rel="mod')).toString()).toBe('<p>x</p>');
    expect(lowerer.end().toString()).toBe('<link rel="mod');
    expect(lowerer.take(Buffer.from('<p>done</p>')).toString()).toBe('<p>done</p>');
  });

  it('as the page stream rewrites it: bytes and order kept, every preload lowered', async () => {
    const stream = burstStream(undefined, modulePreloadLowerer());
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise((resolve) => stream.on('end', resolve));
    const page = Buffer.from(`<html><p>€ 89,90</p>${PRELOADS}</html>`);
    stream.write(page.subarray(0, 30));
    await new Promise((resolve) => setImmediate(resolve));
    stream.end(page.subarray(30));
    await ended;
    expect(Buffer.concat(chunks).toString()).toBe(`<html><p>€ 89,90</p>${LOWERED}</html>`);
  });
});
