import { data, type MiddlewareFunction } from 'react-router';
import { availabilityContext } from '../context';

/**
 * While the database is known to be down, every page and action answers the 503 error screen
 * at once instead of waiting on a dead connection; the shop recovers by itself when a probe
 * reaches the database again (app/.server/db/availability.ts).
 */
export const availabilityMiddleware: MiddlewareFunction<Response> = ({ context }, next) => {
  if (!context.get(availabilityContext).isAvailable()) throw data(null, { status: 503 });
  return next();
};
