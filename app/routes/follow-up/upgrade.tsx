import { UpgradePurchasePage } from '../../components/follow-up/upgrade-purchase-page';
import { pageMeta } from '../../domain/page-meta';
import { loadFollowUp, saveFollowUp } from './follow-up.server';
import { UPGRADE_ROUTE } from './upgrade.server';
import type { Route } from './+types/upgrade';
import type { RouteHandle } from '../../root';

export const handle: RouteHandle = { styles: ['components', 'forms', 'configure', 'follow-up'] };

/**
 * `/products/{id}/upgrade/{membershipCode}?cartItem=` (spec §2, §4), secured: `{id}` is the
 * membership's upgrade (routes/follow-up/follow-up.server.ts has what the renewal page shares).
 */
export function loader(args: Route.LoaderArgs) {
  return loadFollowUp(args, UPGRADE_ROUTE);
}

/** POST `automaticRenewal`: the upgrade into the cart, or the edited item saved. */
export function action(args: Route.ActionArgs) {
  return saveFollowUp(args, UPGRADE_ROUTE);
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function Upgrade({ loaderData, actionData }: Route.ComponentProps) {
  return <UpgradePurchasePage data={loaderData} problem={actionData?.problem ?? null} answer={actionData} />;
}
