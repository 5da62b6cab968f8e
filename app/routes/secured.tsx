import { requireCustomerMiddleware } from '../.server/auth/guards';
import type { Route } from './+types/secured';

/**
 * The layout of every page that needs a signed-in customer (account, cart, notify-me; later
 * configure, checkout, memberships). It renders only its child; its middleware sends anyone
 * else to /login and back, and hands the customer to the child's loader and action.
 */
export const middleware: Route.MiddlewareFunction[] = [requireCustomerMiddleware];
