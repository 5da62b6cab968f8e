import { EventEmitter } from 'node:events';
import type { RequestHandler } from 'express';

/**
 * Keeps `drain` listeners on a compressed response balanced (issue 9, MaxListenersExceededWarning
 * under load). `compression` forwards `res.on('drain')` to its gzip stream but not `off`, so React
 * Router's adapter — `res.once('drain')` each time a write is refused, `res.off` after — leaves one
 * listener behind on the gzip stream per wait: a large page to a slow client passes Node's 10.
 * Here the response's drain listeners live in an emitter of ours, fed by one forwarded listener.
 * Register right after `compression()`.
 */
export const balancedDrainListeners: RequestHandler = (_req, res, next) => {
  const drains = new EventEmitter();
  const { on, once, off, removeListener } = res;
  let forwarding = false;
  type Listener = (...args: unknown[]) => void;
  /** Replaces one of the response's listener methods for 'drain' only. */
  const drainAware = <Method extends (event: string | symbol, listener: Listener) => unknown>(
    original: Method,
    forDrain: (listener: Listener) => void,
  ) =>
    ((event: string | symbol, listener: Listener) => {
      if (event !== 'drain') return original.call(res, event, listener);
      forDrain(listener);
      return res;
    }) as Method;
  const subscribe = (listener: Listener, onlyOnce: boolean) => {
    if (!forwarding) {
      forwarding = true;
      on.call(res, 'drain', () => drains.emit('drain'));
    }
    if (onlyOnce) drains.once('drain', listener);
    else drains.on('drain', listener);
  };
  res.on = drainAware(on, (listener) => subscribe(listener, false));
  res.once = drainAware(once, (listener) => subscribe(listener, true));
  res.off = drainAware(off, (listener) => drains.off('drain', listener));
  res.removeListener = drainAware(removeListener, (listener) => drains.off('drain', listener));
  next();
};
