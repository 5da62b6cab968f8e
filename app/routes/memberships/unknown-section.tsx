import { data } from 'react-router';
import type { Route } from './+types/unknown-section';

/**
 * `/mymembership/manage/{id}/{section}` for a section other than `upgrade` and `renewal` (those
 * have routes of their own): the shop's 404 page, whoever asks, rather than the catch-all's
 * redirect home — the address names a membership page, just not one that exists.
 */
export function loader(_args: Route.LoaderArgs): never {
  throw data({ reason: 'membership-section-not-found' }, { status: 404 });
}

export function action(_args: Route.ActionArgs): never {
  throw data({ reason: 'membership-section-not-found' }, { status: 404 });
}

/** Never rendered (the loader always throws): a page route, so the 404 is the shop's page, not JSON. */
export default function UnknownSection() {
  return null;
}
