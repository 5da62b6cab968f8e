import { MembershipDetailPage } from '../../components/memberships/membership-detail-page';
import { seesHolderData } from '../../domain/membership-manage';
import { pageMeta } from '../../domain/page-meta';
import { describePage } from '../../.server/http/page-seo';
import { getInstance, getLanguage } from '../../middleware/i18next';
import type { RouteHandle } from '../../root';
import { holderView, membershipCardView, membershipOr404 } from './membership-view.server';
import type { Route } from './+types/detail';

// Read-only, with links to its sections: no JavaScript.
export const handle: RouteHandle = { hydrate: false, styles: ['components', 'ui', 'membership'] };

/** One membership (`id` is its code) for its holder, manager or gifter; anyone else: 404. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const membership = await membershipOr404(context, params.id);
  const { t } = getInstance(context);
  const sees = seesHolderData(membership.roles);
  return {
    seo: describePage(context, request, { title: t('membership:detail.metaTitle', { code: membership.code }), robots: 'noindex' }),
    view: {
      card: membershipCardView(membership, getLanguage(context)),
      holder: sees && membership.holder ? holderView(membership.holder) : null,
      seesHolderData: sees,
      gift: membership.parties.gift,
      automaticRenewal: membership.automaticRenewal,
      renewal: membership.renewal,
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function MembershipDetail({ loaderData }: Route.ComponentProps) {
  return <MembershipDetailPage view={loaderData.view} />;
}
