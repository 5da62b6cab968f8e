import { lazy } from 'react';
import { requireCustomerMiddleware } from '../.server/auth/guards';
import { noStore } from '../.server/http/no-store';
import type { Route } from './+types/secured';
import type { RouteHandle } from '../root';

export const handle: RouteHandle = { styles: ['components'] };

/**
 * The layout of every page that needs a signed-in customer (account, cart, notify-me; later
 * configure, checkout, memberships). It renders only its child; its middleware sends anyone
 * else to /login and back, and hands the customer to the child's loader and action. Nothing
 * here may be cached (`noStore`).
 */
export const middleware: Route.MiddlewareFunction[] = [noStore, requireCustomerMiddleware];

// An error of a secured page stops here, not at the root: after a failed action React Router
// then still runs the root loader, so the error page shows the fan signed in (issue 30).
const SiteErrorBoundary = lazy(() => import('../components/site-error-boundary'));

export function ErrorBoundary() {
  return <SiteErrorBoundary />;
}
