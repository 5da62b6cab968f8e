import type { RouteHandle } from '../../root';
import type { Route } from './+types/bench-floor';

export const handle: RouteHandle = { hydrate: false };

export const meta: Route.MetaFunction = () => [{ title: 'OK' }, { name: 'robots', content: 'noindex, nofollow' }];

/** A page with no data of its own: what the framework and layout cost per request (`npm run bench`). */
export default function BenchFloor() {
  return <h1>OK</h1>;
}
