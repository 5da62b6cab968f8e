import { RenewalPurchasePage } from '../../components/follow-up/renewal-purchase-page';
import { pageMeta } from '../../domain/page-meta';
import { loadFollowUp, saveFollowUp } from './follow-up.server';
import { RENEWAL_ROUTE } from './renewal.server';
import type { Route } from './+types/renewal';
import type { RouteHandle } from '../../root';

export const handle: RouteHandle = { styles: ['components', 'forms', 'configure', 'follow-up'] };

/**
 * `/products/{id}/renewal/{membershipCode}?cartItem=` (spec §2), secured: `{id}` is the product of
 * the membership's kind bought for the season after it; `/renewal?ms=` leads here.
 */
export function loader(args: Route.LoaderArgs) {
  return loadFollowUp(args, RENEWAL_ROUTE);
}

/** POST `automaticRenewal`: the renewal into the cart, from the membership's preferences, or the edited item saved. */
export function action(args: Route.ActionArgs) {
  return saveFollowUp(args, RENEWAL_ROUTE);
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function Renewal({ loaderData, actionData }: Route.ComponentProps) {
  return <RenewalPurchasePage data={loaderData} problem={actionData?.problem ?? null} answer={actionData} />;
}
