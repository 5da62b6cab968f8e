import { data } from 'react-router';
import configureStylesUrl from '../../components/configure/configure.css?url';
import { UpgradePurchasePage, type UpgradePurchaseData } from '../../components/follow-up/upgrade-purchase-page';
import followUpStylesUrl from '../../components/follow-up/follow-up.css?url';
import { shopContext } from '../../context';
import { membershipPath } from '../../domain/membership-manage';
import { pagePath } from '../../domain/page-address';
import { pageMeta } from '../../domain/page-meta';
import { profileCompletionHref } from '../../domain/profile-completeness';
import { automaticRenewalRequested } from '../../forms/follow-up-item';
import { signedIn } from '../../.server/auth/guards';
import { expressContext } from '../../.server/auth/context';
import { redirectWithNotice } from '../../.server/http/flash';
import { readFormData } from '../../.server/http/form-data';
import { describePage } from '../../.server/http/page-seo';
import { getInstance, getLanguage } from '../../middleware/i18next';
import { requireSubmissionKey, submissionKeyOf } from '../configure/configure.server';
import { upgradeRefusalStatus, upgradeTargetOf, upgradeView } from './upgrade.server';
import type { Route } from './+types/upgrade';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: configureStylesUrl },
  { rel: 'stylesheet', href: followUpStylesUrl },
];

function begin({ request, context, params }: Pick<Route.LoaderArgs, 'request' | 'context' | 'params'>) {
  const { user, customer } = signedIn(context);
  const { services } = context.get(shopContext);
  const owner = { customerId: customer.id, subject: user.subject };
  const url = new URL(request.url);
  return { services, owner, url, target: upgradeTargetOf(owner, params, url) };
}

/**
 * `/products/{id}/upgrade/{membershipCode}?cartItem=` (spec §2, §4), secured: `{id}` is the
 * membership's upgrade. The fan's memberships only (else the 404 page); a refusal is shown with
 * its status (routes/follow-up/upgrade.server.ts); a profile missing what a purchase needs lists it.
 */
export async function loader(args: Route.LoaderArgs) {
  const { request, context } = args;
  const { services, owner, target } = begin(args);
  const { t } = getInstance(context);
  const seo = describePage(context, request, { title: t('upgrade:metaTitle', { code: target.membershipCode }), robots: 'noindex' });
  const page = await services.cart.followUpPage(target);
  if (!page.ok && page.reason === 'not-found') throw data(null, { status: 404 });
  if (!page.ok) {
    const missing: UpgradePurchaseData = {
      kind: 'missing',
      missing: page.missing,
      completeHref: profileCompletionHref(pagePath(request.url)),
      backHref: membershipPath(target.membershipCode),
    };
    return { seo, ...missing };
  }
  const { refusal, editing } = page.value;
  // A new item's page carries its submission key (as configure's does): a second submit adds nothing.
  if (refusal === null && editing === null) await requireSubmissionKey(services, owner, request.url, context.get(expressContext).req.method);
  const upgrade: UpgradePurchaseData = { kind: 'upgrade', view: upgradeView(page.value, getLanguage(context), t) };
  return data({ seo, ...upgrade }, refusal === null ? undefined : { status: upgradeRefusalStatus(refusal) });
}

/**
 * POST (the form's only field `automaticRenewal`): adds the upgrade to the cart, or saves the
 * edited item, then the cart with a notice; a refusal or a cart rule answers with its message.
 */
export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const { services, url, target } = begin(args);
  const formData = await readFormData(request);
  const saved = await services.cart.saveFollowUpItem({
    ...target,
    automaticRenewal: automaticRenewalRequested(formData),
    submissionKey: target.cartItemId === null ? submissionKeyOf(url) : null,
  });
  const { t } = getInstance(context);
  if (saved.ok) {
    const page = await services.cart.followUpPage(target);
    const name = page.ok ? page.value.product.name[getLanguage(context)] : '';
    return redirectWithNotice(request, context, '/cart', { key: target.cartItemId ? 'cart:notice.saved' : 'cart:notice.added', values: { name }, timing: 'cart' });
  }
  switch (saved.reason) {
    case 'not-found':
      throw data(null, { status: 404 });
    case 'profile-incomplete':
      // The page lists what is missing now.
      return data({ problem: null }, { status: 400 });
    case 'refused':
      return data({ problem: t(`upgrade:refusal.${saved.refusal}`) }, { status: upgradeRefusalStatus(saved.refusal) });
    case 'invalid':
      return data({ problem: t(`upgrade:problem.${saved.fields.product ?? 'other'}`) }, { status: 409 });
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function Upgrade({ loaderData, actionData }: Route.ComponentProps) {
  return <UpgradePurchasePage data={loaderData} problem={actionData?.problem ?? null} answer={actionData} />;
}
