import { requireCustomerMiddleware } from '../.server/auth/guards';
import { noStore } from '../.server/http/no-store';
import type { Route } from './+types/secured';

/**
 * The layout of every page that needs a signed-in customer (account, cart, notify-me; later
 * configure, checkout, memberships). It renders only its child; its middleware sends anyone
 * else to /login and back, and hands the customer to the child's loader and action. Nothing
 * here may be cached (`noStore`).
 */
export const middleware: Route.MiddlewareFunction[] = [noStore, requireCustomerMiddleware];
