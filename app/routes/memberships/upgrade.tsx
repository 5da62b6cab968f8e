import { UpgradePage, type UpgradeView } from '../../components/memberships/upgrade-page';
import type { Language } from '../../domain/catalogue-types';
import { upgradePath } from '../../domain/membership-follow-up';
import { pageMeta } from '../../domain/page-meta';
import { describePage } from '../../.server/http/page-seo';
import type { MembershipDetail } from '../../.server/services/memberships-contract';
import { getInstance, getLanguage } from '../../middleware/i18next';
import type { RouteHandle } from '../../root';
import { membershipCardView, membershipOr404 } from './membership-view.server';
import type { Route } from './+types/upgrade';

// Information and links only: no JavaScript.
export const handle: RouteHandle = { hydrate: false, styles: ['components', 'ui', 'membership'] };

function upgradeView(membership: MembershipDetail, language: Language): UpgradeView {
  const { upgrade } = membership;
  // Withdrawn is why, whoever asks (its gifter too): said before any other reason.
  if (membership.withdrawnAt !== null) return { refusal: 'withdrawn', target: null };
  if (upgrade.refusal === null) {
    const { id, name } = upgrade.target;
    return { refusal: null, target: { name: name[language], href: `/products/${encodeURIComponent(id)}`, buyHref: upgradePath(id, membership.code) } };
  }
  // "Not active": not yet (ready), or no longer (expired, cancelled), worded apart.
  if (upgrade.refusal === 'not-active') return { refusal: membership.status === 'ready' ? 'notYetActive' : 'over', target: null };
  return { refusal: upgrade.refusal, target: null };
}

/** The Product upgrade section of one membership (spec §2); its parties only, else 404. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const membership = await membershipOr404(context, params.id);
  const { t } = getInstance(context);
  const language = getLanguage(context);
  return {
    seo: describePage(context, request, { title: `${t('membership:upgrade.metaTitle')} – ${membership.code}`, robots: 'noindex' }),
    card: membershipCardView(membership, language),
    upgrade: upgradeView(membership, language),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function MembershipUpgrade({ loaderData }: Route.ComponentProps) {
  return <UpgradePage card={loaderData.card} upgrade={loaderData.upgrade} />;
}
