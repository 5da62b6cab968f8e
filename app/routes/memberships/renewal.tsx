import { RenewalPage } from '../../components/memberships/renewal-page';
import { ADDRESS_ID_PARAM } from '../../domain/address-chooser';
import { parseRenewalTab } from '../../domain/membership-manage';
import { pageMeta } from '../../domain/page-meta';
import { describePage } from '../../.server/http/page-seo';
import { readFormData } from '../../.server/http/form-data';
import { getInstance, getLanguage } from '../../middleware/i18next';
import { membershipCardView, membershipOr404 } from './membership-view.server';
import { addAddressPath, renewalView, submitManageForm } from './renewal.server';
import type { Route } from './+types/renewal';
import type { RouteHandle } from '../../root';

export const handle: RouteHandle = { styles: ['components', 'ui', 'forms', 'configure', 'membership'] };

// Forms with a pending state and inline checks: this page hydrates.
/** The Renewal preferences section (`?tab=shipping|billing`); the membership's parties only, else 404. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const membership = await membershipOr404(context, params.id);
  const { t } = getInstance(context);
  const language = getLanguage(context);
  const url = new URL(request.url);
  const tab = parseRenewalTab(url.searchParams.get('tab'));
  return {
    seo: describePage(context, request, { title: `${t('membership:renewal.metaTitle')} – ${membership.code}`, robots: 'noindex' }),
    card: membershipCardView(membership, language),
    tab,
    addAddressPath: addAddressPath(membership.code, tab),
    ...(await renewalView(context, membership, language, url.searchParams.get(ADDRESS_ID_PARAM))),
  };
}

/** The spec's manage call as a form: `action` (renewalShipment, renewalVariantSize, renewalBilling) and its config field. */
export async function action({ request, context, params }: Route.ActionArgs) {
  return submitManageForm(request, context, params.id, await readFormData(request));
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function MembershipRenewal({ loaderData, actionData }: Route.ComponentProps) {
  return <RenewalPage view={loaderData} answer={actionData ?? null} />;
}
