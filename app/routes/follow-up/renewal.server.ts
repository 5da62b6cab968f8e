// How the renewal page words the cart service's answer (issue 15, item 6): what is bought for
// which season and for how much, and the renewal preferences the item starts from.
import type { RenewalPurchaseView } from '../../components/follow-up/renewal-purchase-page';
import type { Language } from '../../domain/catalogue-types';
import { membershipSectionPath } from '../../domain/membership-manage';
import { formatPrice } from '../../domain/price';
import { renewalPrefill } from '../../domain/renewal-prefill';
import { needsShipping } from '../../domain/shipping';
import type { FollowUpPage } from '../../.server/services/cart-follow-ups';
import { describeRenewalAddress } from '../memberships/membership-view.server';
import { followedFacts, type FollowUpRoute, type Translate } from './follow-up.server';

export async function renewalView(page: FollowUpPage, language: Language, t: Translate): Promise<RenewalPurchaseView> {
  const { membership, product } = page;
  const preferences = membership.membership;
  const shipsHome = needsShipping({ virtual: product.virtual, process: 'renewal' });
  const size = product.variants.find((variant) => variant.variantSize === preferences.preferredVariantSize);
  // A new item takes the preferences as they are now; the saved addresses only decide how it
  // keeps them, which the page need not say.
  const prefill = renewalPrefill(preferences, { variants: product.variants, shipsHome }, new Set());
  const problem = page.editing === null && !prefill.ok ? t(`followUp:renewal.problem.${prefill.problem}`) : null;
  return {
    product: { name: product.name[language], href: `/products/${encodeURIComponent(product.id)}` },
    season: page.season,
    membership: followedFacts(page, language),
    price: formatPrice(page.itemPriceCents, language),
    preferences: {
      href: membershipSectionPath(membership.code, 'renewal'),
      size: product.variants.length > 0 ? (size?.label ?? null) : undefined,
      shipping: shipsHome ? await describeRenewalAddress(preferences.shippingAddress, language) : undefined,
      billing: await describeRenewalAddress(preferences.billingAddress, language),
    },
    automaticRenewal: page.editing?.automaticRenewal ?? preferences.automaticRenewal,
    editing: page.editing !== null,
    refusal: page.refusal !== null ? t(`followUp:renewal.refusal.${page.refusal}`) : problem,
  };
}

export const RENEWAL_ROUTE: FollowUpRoute<RenewalPurchaseView> = { process: 'renewal', viewOf: renewalView };
