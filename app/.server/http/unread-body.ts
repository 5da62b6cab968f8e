import type { RequestHandler } from 'express';

/**
 * A request answered before its body was read whole (a form over the cap, see `readFormData`)
 * has its rest read and thrown away, as Node does for bodies nobody touched: memory stays flat,
 * the keep-alive connection stays usable, and `server.requestTimeout` (start.js) bounds how long
 * a huge or slow upload can go on.
 */
export const discardUnreadBody: RequestHandler = (req, res, next) => {
  res.on('finish', () => {
    if (req.complete || req.destroyed) return;
    // Whoever was reading (React Router's stream) keeps nothing more.
    req.removeAllListeners('data');
    req.resume();
  });
  next();
};
