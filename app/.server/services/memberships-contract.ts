// What the memberships use cases answer (My Membership, issue 15): shapes only.
import type { BillingAddress } from '../../domain/billing';
import type { LocalizedText, ProductVariant } from '../../domain/catalogue-types';
import type { HolderDraft } from '../../domain/holder-draft';
import type { ManageAction, ManageConfigField, ManageRefusal, MembershipParties, MembershipRole, UpgradeRefusal } from '../../domain/membership-manage';
import type { Result } from '../../domain/result';
import type { PostalAddress } from '../../domain/shipping';

/** A renewal's shipping address: the saved address as chosen, with its id (to show it chosen again). */
export type RenewalShippingAddress = PostalAddress & { addressId?: string };

/** One membership as a list shows it. */
export type MembershipListRow = {
  code: string;
  productId: string;
  productName: LocalizedText;
  status: MembershipParties['status'];
  season: string | null;
  roles: MembershipRole[];
  /** The holder's name; null when the fan may not see it (a gifter) or nobody holds it yet. */
  holderName: string | null;
  /** The card art of the product (the catalogue's image), null when the product is gone. */
  imageUrl: string | null;
  /**
   * When a `ready` membership with a holder becomes active (its season's first day, the end of
   * the withdrawal period its buyer kept: domain/withdrawal.ts); null otherwise.
   */
  activatesAt: Date | null;
  /**
   * When its buyer withdrew from it (issue 31): it is then `cancelled` for good, and the lists show
   * it as withdrawn for the rest of that football year (domain/membership-listing.ts); null otherwise.
   */
  withdrawnAt: Date | null;
};

/** One membership as its page shows it (to a holder, manager or gifter). */
export type MembershipDetail = MembershipListRow & {
  type: 'membership' | 'card' | 'other';
  parties: MembershipParties;
  /** The holder's data, only for holder and manager. */
  holder: HolderDraft | null;
  automaticRenewal: boolean;
  preferredVariantSize: number | null;
  /** The product's sizes, as the size catalogue names them (empty: it has none to prefer). */
  sizes: Pick<ProductVariant, 'variantSize' | 'label' | 'itLabel' | 'ukLabel'>[];
  shippingAddress: RenewalShippingAddress | null;
  billingAddress: BillingAddress | null;
  /** Why renewal preferences cannot be changed by this fan, or null when they can. */
  manageRefusal: ManageRefusal | null;
  upgrade: { refusal: UpgradeRefusal; target: null } | { refusal: null; target: { id: string; name: LocalizedText } };
  /** The renewal this fan can buy now (domain checkRenewal): its page and season; null: none. */
  renewal: { href: string; season: string } | null;
};

/** A manage call as the spec's PATCH carries it: the action and its config, values as submitted. */
export type ManageRequest = {
  action: unknown;
  config: Partial<Record<ManageConfigField, string>>;
};

/**
 * `not-found`: not the fan's (404); `invalid-action`: not one of the spec's three
 * (`manage.invalid_action`); `invalid-config`: the action's config missing (`manage.invalid_confg`,
 * its field named); the refusals of domain/membership-manage; `invalid`: a value that is not a
 * choice (an address not in the fan's book, a size the product does not have).
 */
export type ManageResult = Result<{ action: ManageAction }, 'not-found' | 'invalid-action' | 'invalid-config' | ManageRefusal | 'invalid', ManageConfigField>;
