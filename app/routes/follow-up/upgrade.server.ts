// How the upgrade page words the cart service's answer (issue 15, item 5).
import type { UpgradePurchaseView } from '../../components/follow-up/upgrade-purchase-page';
import type { Language } from '../../domain/catalogue-types';
import { formatPrice } from '../../domain/price';
import type { FollowUpPage } from '../../.server/services/cart-follow-ups';
import { followedFacts, type FollowUpRoute, type Translate } from './follow-up.server';

export function upgradeView(page: FollowUpPage, language: Language, t: Translate): UpgradePurchaseView {
  const { membership, product } = page;
  return {
    to: product.name[language],
    targetHref: `/products/${encodeURIComponent(product.id)}`,
    membership: followedFacts(page, language),
    price: { target: formatPrice(page.priceCents, language), credit: formatPrice(page.creditCents, language), total: formatPrice(page.itemPriceCents, language) },
    automaticRenewal: page.editing?.automaticRenewal ?? membership.membership.automaticRenewal,
    editing: page.editing !== null,
    refusal: page.refusal === null ? null : t(`followUp:upgrade.refusal.${page.refusal}`),
  };
}

export const UPGRADE_ROUTE: FollowUpRoute<UpgradePurchaseView> = { process: 'upgrade', viewOf: upgradeView };
