import { MembershipListPage } from '../../components/memberships/membership-list-page';
import { shopContext } from '../../context';
import { parseMembershipTab } from '../../domain/membership-manage';
import { pageMeta } from '../../domain/page-meta';
import { signedIn } from '../../.server/auth/guards';
import { describePage } from '../../.server/http/page-seo';
import { getInstance, getLanguage } from '../../middleware/i18next';
import type { RouteHandle } from '../../root';
import { membershipCardView } from './membership-view.server';
import type { Route } from './+types/list';

// Tabs and cards are links: no JavaScript.
export const handle: RouteHandle = { hydrate: false, styles: ['components', 'ui', 'membership'] };

/** The fan's live memberships of one tab (`?tab=yours|gifted|managed|redeemed`; secured). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, customer } = signedIn(context);
  const { t } = getInstance(context);
  const tab = parseMembershipTab(new URL(request.url).searchParams.get('tab'));
  const rows = await context.get(shopContext).services.memberships.list({ customerId: customer.id, subject: user.subject }, tab);
  const language = getLanguage(context);
  return {
    seo: describePage(context, request, { title: `${t(`membership:list.tabs.${tab}`)} – ${t('membership:list.metaTitle')}`, robots: 'noindex' }),
    tab,
    memberships: rows.map((row) => membershipCardView(row, language)),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function MyMembershipList({ loaderData }: Route.ComponentProps) {
  return <MembershipListPage tab={loaderData.tab} memberships={loaderData.memberships} />;
}
