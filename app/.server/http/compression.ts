import compression from 'compression';
import type { RequestHandler } from 'express';
import { balancedDrainListeners } from './drain-listeners';

/**
 * What the shop compresses itself (docs/decisions/performance.md, "The app gzips"): gzip only, with
 * `compression`'s defaults (level 6, nothing under 1 KB), and at most one flush per burst of writes.
 * Brotli is left to a reverse proxy or CDN: negotiated here it cost 3–12 ms per streamed page.
 */
export function appCompression(): RequestHandler[] {
  return [offerGzipOnly, compression(), coalescedFlushes, balancedDrainListeners];
}

/**
 * `compression` always prefers Brotli when offered and has no option to leave it out, so it is
 * shown the client's Accept-Encoding without `br` (nothing after it reads that header).
 */
export const offerGzipOnly: RequestHandler = (req, _res, next) => {
  const accepted = req.headers['accept-encoding'];
  if (accepted && /\bbr\b/i.test(accepted)) {
    req.headers['accept-encoding'] = accepted
      .split(',')
      .filter((coding) => coding.split(';')[0]?.trim().toLowerCase() !== 'br')
      .join(',');
  }
  next();
};

/**
 * React Router calls `res.flush()` after every chunk it writes (2 KB pieces of a React render),
 * and `compression` flushes gzip with Z_FULL_FLUSH, which also resets the dictionary: costly, and
 * the page barely compresses. Flushing once after the current burst (setImmediate runs after the
 * chunks already rendered are written) still sends each streamed part as soon as it is ready.
 * Register right after `compression()`.
 */
export const coalescedFlushes: RequestHandler = (_req, res, next) => {
  const flushable = res as typeof res & { flush?: () => void };
  const flush = flushable.flush;
  if (typeof flush === 'function') {
    let scheduled = false;
    flushable.flush = () => {
      if (scheduled) return;
      scheduled = true;
      setImmediate(() => {
        scheduled = false;
        flush.call(res);
      });
    };
  }
  next();
};
