/**
 * Gives the page's module preloads `fetchpriority="low"` as its HTML streams out
 * (docs/decisions/performance.md, "Module preloads at low priority"). React Router's `<Scripts>`
 * writes one `<link rel="modulepreload">` per chunk of the page (~20 on the buy form, ~190 KB) and
 * takes no attribute for their priority. At Chrome's default, high, they compete with the font and
 * the card art that paint the page, and Lighthouse's simulation counts them as render-blocking,
 * though module scripts block nothing. The page works without them (it is HTML first), so they come
 * after what paints it.
 */
const PRELOAD = Buffer.from('<link rel="modulepreload"');
const LOW_PRIORITY_PRELOAD = Buffer.from('<link rel="modulepreload" fetchpriority="low"');

/** Adds the priority to every whole preload tag start in `html`. */
export function lowerModulePreloads(html: Buffer): Buffer {
  let at = html.indexOf(PRELOAD);
  if (at < 0) return html;
  const parts: Buffer[] = [];
  let from = 0;
  while (at >= 0) {
    parts.push(html.subarray(from, at), LOW_PRIORITY_PRELOAD);
    from = at + PRELOAD.length;
    at = html.indexOf(PRELOAD, from);
  }
  parts.push(html.subarray(from));
  return Buffer.concat(parts);
}

/** How many bytes at the end of `html` could begin a preload tag that the next chunk finishes. */
function partialPreloadAtEnd(html: Buffer): number {
  for (let length = Math.min(PRELOAD.length - 1, html.length); length > 0; length--) {
    if (html.subarray(html.length - length).equals(PRELOAD.subarray(0, length))) return length;
  }
  return 0;
}

/**
 * The rewrite for a stream of chunks: a tag cut between two chunks is still found, since the
 * end of a chunk that may begin one waits for the next (a few bytes at most). `end()` gives
 * what is left when the stream ends.
 */
export function modulePreloadLowerer(): { take(chunk: Buffer): Buffer; end(): Buffer } {
  let carried = Buffer.alloc(0);
  return {
    take(chunk) {
      const html = carried.length > 0 ? Buffer.concat([carried, chunk]) : chunk;
      const held = partialPreloadAtEnd(html);
      carried = Buffer.from(html.subarray(html.length - held));
      return lowerModulePreloads(html.subarray(0, html.length - held));
    },
    end() {
      const rest = carried;
      carried = Buffer.alloc(0);
      return rest;
    },
  };
}
