import { data, type MiddlewareFunction } from 'react-router';
import { availabilityContext } from '../context';

/**
 * The routes that only redirect and read nothing (by React Router's pattern: the home page, the
 * catch-all, the misspelt gift link). They have no page of their own, so the 503 thrown for them
 * would reach the fan as a bare data answer; let through, they redirect to a page that shows the
 * 503 screen. `availability.test.ts` keeps this list to routes that redirect without the database.
 */
export const REDIRECT_ONLY_PATTERNS: ReadonlySet<string> = new Set(['/', '*', 'reedem-gift']);

/**
 * While the database is known to be down, every page and action answers the 503 error screen
 * at once instead of waiting on a dead connection; the shop recovers by itself when a probe
 * reaches the database again (app/.server/db/availability.ts).
 */
export const availabilityMiddleware: MiddlewareFunction<Response> = ({ context, pattern }, next) => {
  if (!REDIRECT_ONLY_PATTERNS.has(pattern) && !context.get(availabilityContext).isAvailable()) throw data(null, { status: 503 });
  return next();
};
