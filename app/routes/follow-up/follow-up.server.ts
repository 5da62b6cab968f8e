// What the upgrade and renewal pages share (issue 15): the page's target from its URL, the
// followed membership's facts, the status of each refusal, and the loader and action both run.
import type { RouterContextProvider } from 'react-router';
import { data } from 'react-router';
import type { FollowedFacts } from '../../components/follow-up/follow-up-parts';
import { shopContext } from '../../context';
import type { Language } from '../../domain/catalogue-types';
import type { FollowUpProcess } from '../../domain/membership-follow-up';
import { membershipPath } from '../../domain/membership-manage';
import { pagePath } from '../../domain/page-address';
import { profileCompletionHref, type ProfilePart } from '../../domain/profile-completeness';
import { automaticRenewalRequested } from '../../forms/follow-up-item';
import { signedIn } from '../../.server/auth/guards';
import { expressContext } from '../../.server/auth/context';
import { redirectWithNotice } from '../../.server/http/flash';
import { readFormData } from '../../.server/http/form-data';
import { describePage } from '../../.server/http/page-seo';
import type { FollowUpPage, FollowUpPageRefusal, FollowUpTarget } from '../../.server/services/cart-follow-ups';
import { getInstance, getLanguage } from '../../middleware/i18next';
import { requireSubmissionKey, submissionKeyOf } from '../configure/configure.server';
import { CART_PATH } from '../../domain/cart-summary';

export type Translate = (key: string, values?: Record<string, string>) => string;

type RouteArgs = { request: Request; context: Readonly<RouterContextProvider>; params: { id: string; membershipCode: string } };

/** How one page words its purchase (`followUp:{process}.*`): its process and view of the service's page. */
export type FollowUpRoute<View> = {
  process: FollowUpProcess;
  viewOf: (page: FollowUpPage, language: Language, t: Translate) => View | Promise<View>;
};

export type FollowUpMissingData = { kind: 'missing'; missing: ProfilePart[]; completeHref: string; backHref: string };

/**
 * The status a refusal answers: someone who is not its manager 403 (spec: "cannot upgrade
 * without being manager"); a product that does not follow this membership 404 ("not found
 * product"); a state that forbids it now — not active, over, already followed, in an open order —
 * or a product only a coupon buys, 409.
 */
export function followUpRefusalStatus(refusal: FollowUpPageRefusal): 403 | 404 | 409 {
  switch (refusal) {
    case 'not-manager':
      return 403;
    case 'no-upgrade':
    case 'other-target':
    case 'other-kind':
      return 404;
    default:
      return 409;
  }
}

/** The followed membership as both pages show it: code, product as bought, holder, season. */
export function followedFacts({ membership, holderName }: FollowUpPage, language: Language): FollowedFacts {
  return {
    code: membership.code,
    href: membershipPath(membership.code),
    product: membership.productName[language],
    holder: holderName,
    season: membership.season ?? '',
  };
}

function begin({ request, context, params }: RouteArgs, process: FollowUpProcess) {
  const { user, customer } = signedIn(context);
  const { services } = context.get(shopContext);
  const owner = { customerId: customer.id, subject: user.subject };
  const url = new URL(request.url);
  const target: FollowUpTarget = { owner, process, productId: params.id, membershipCode: params.membershipCode, cartItemId: url.searchParams.get('cartItem') };
  return { services, owner, url, target };
}

/**
 * The page: the fan's memberships only (else the 404 page); a refusal is shown with its status; a
 * profile missing what a purchase needs lists it. A new item's page carries its submission key
 * (as configure's does): a second submit adds nothing.
 */
export async function loadFollowUp<View>(args: RouteArgs, route: FollowUpRoute<View>) {
  const { request, context } = args;
  const { services, owner, target } = begin(args, route.process);
  const { t } = getInstance(context);
  const seo = describePage(context, request, { title: t(`followUp:${route.process}.metaTitle`, { code: target.membershipCode }), robots: 'noindex' });
  const page = await services.cart.followUpPage(target);
  if (!page.ok && page.reason === 'not-found') throw data(null, { status: 404 });
  if (!page.ok) {
    const missing: FollowUpMissingData = {
      kind: 'missing',
      missing: page.missing,
      completeHref: profileCompletionHref(pagePath(request.url)),
      backHref: membershipPath(target.membershipCode),
    };
    return { seo, ...missing };
  }
  const { refusal, editing } = page.value;
  if (refusal === null && editing === null) await requireSubmissionKey(services, owner, request.url, context.get(expressContext).req.method);
  const view = { kind: 'follow-up' as const, view: await route.viewOf(page.value, getLanguage(context), t) };
  return data({ seo, ...view }, refusal === null ? undefined : { status: followUpRefusalStatus(refusal) });
}

/**
 * POST (the form's only field `automaticRenewal`): adds the item to the cart, or saves the edited
 * one, then the cart with a notice; a refusal or a cart rule answers with its message.
 */
export async function saveFollowUp(args: RouteArgs, route: Pick<FollowUpRoute<unknown>, 'process'>) {
  const { request, context } = args;
  const { services, url, target } = begin(args, route.process);
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
    return redirectWithNotice(request, context, CART_PATH, { key: target.cartItemId ? 'cart:notice.saved' : 'cart:notice.added', values: { name }, timing: 'cart' });
  }
  switch (saved.reason) {
    case 'not-found':
      throw data(null, { status: 404 });
    case 'profile-incomplete':
      // The page lists what is missing now.
      return data({ problem: null }, { status: 400 });
    case 'refused':
      return data({ problem: t(`followUp:${route.process}.refusal.${saved.refusal}`) }, { status: followUpRefusalStatus(saved.refusal) });
    case 'invalid':
      return data({ problem: t(`followUp:${route.process}.problem.${saved.fields.product ?? 'other'}`) }, { status: 409 });
  }
}
