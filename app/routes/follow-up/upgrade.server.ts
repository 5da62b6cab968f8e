// What the upgrade page needs from the outside world (issue 15): the page's target from its URL,
// the cart service's answer worded in the fan's language, and the HTTP status of each refusal.
import type { UpgradePurchaseView } from '../../components/follow-up/upgrade-purchase-page';
import type { Language } from '../../domain/catalogue-types';
import type { FollowUpRefusal } from '../../domain/membership-follow-up';
import { membershipPath } from '../../domain/membership-manage';
import { formatPrice } from '../../domain/price';
import type { CartOwner } from '../../.server/services/cart-contract';
import type { FollowUpPage, FollowUpTarget } from '../../.server/services/cart-follow-ups';

type Translate = (key: string, values?: Record<string, string>) => string;

/** The page's product (`{id}`, the target), membership (`{membershipCode}`) and `?cartItem=`. */
export function upgradeTargetOf(owner: CartOwner, params: { id: string; membershipCode: string }, url: URL): FollowUpTarget {
  return { owner, process: 'upgrade', productId: params.id, membershipCode: params.membershipCode, cartItemId: url.searchParams.get('cartItem') };
}

/**
 * The status a refusal answers: someone who is not its manager 403 (spec: "cannot upgrade
 * without being manager"); a product that is not this membership's upgrade 404 ("not found
 * product"); a state that forbids it now — not active, upgraded, in an open order — 409.
 */
export function upgradeRefusalStatus(refusal: FollowUpRefusal): 403 | 404 | 409 {
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

export function upgradeView(page: FollowUpPage, language: Language, t: Translate): UpgradePurchaseView {
  const { membership, product } = page;
  return {
    from: membership.productName[language],
    to: product.name[language],
    targetHref: `/products/${encodeURIComponent(product.id)}`,
    membership: { code: membership.code, href: membershipPath(membership.code), holder: page.holderName, season: membership.season ?? page.season },
    price: { target: formatPrice(page.priceCents, language), credit: formatPrice(page.creditCents, language), total: formatPrice(page.itemPriceCents, language) },
    automaticRenewal: page.editing?.automaticRenewal ?? membership.membership.automaticRenewal,
    editing: page.editing !== null,
    refusal: page.refusal === null ? null : t(`upgrade:refusal.${page.refusal}`),
  };
}
