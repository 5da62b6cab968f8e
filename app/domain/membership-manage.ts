/**
 * My Membership (spec §2, §4 "My Membership", §6 roles): who a fan is to a membership, which
 * list tab shows it, and what they may change. Decisions: docs/decisions/memberships.md,
 * "My Membership" and "Renewal preferences".
 */

export const MEMBERSHIP_STATUSES = ['ready', 'active', 'expired', 'cancelled'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

/** The statuses the lists show and the only ones manage actions are allowed for (spec §3, §7). */
export const LIVE_STATUSES: readonly MembershipStatus[] = ['active', 'ready'];

export function isLive(status: MembershipStatus): boolean {
  return LIVE_STATUSES.includes(status);
}

/** What the rules need of a membership: its status, its three parties and whether it came as a gift. */
export type MembershipParties = {
  status: MembershipStatus;
  holderCustomerId: string | null;
  managerCustomerId: string | null;
  gifterCustomerId: string | null;
  /** Null unless it was bought as a gift; `redeemed` once a fan redeemed its link. */
  gift: { redeemed: boolean } | null;
};

export const MEMBERSHIP_ROLES = ['holder', 'manager', 'gifter'] as const;
export type MembershipRole = (typeof MEMBERSHIP_ROLES)[number];

/** The fan's roles, in the spec's order; none: the membership is none of their business (404). */
export function rolesOf(membership: MembershipParties, customerId: string): MembershipRole[] {
  const ids: Record<MembershipRole, string | null> = {
    holder: membership.holderCustomerId,
    manager: membership.managerCustomerId,
    gifter: membership.gifterCustomerId,
  };
  return MEMBERSHIP_ROLES.filter((role) => ids[role] === customerId);
}

/**
 * A gifter who is neither holder nor manager sees the membership without the holder's personal
 * data: they gave it, the holder's name, birth and contacts are not theirs to read.
 */
export function seesHolderData(roles: readonly MembershipRole[]): boolean {
  return roles.includes('holder') || roles.includes('manager');
}

/**
 * Redeemed from someone else's gift: it came as a gift and whoever manages it now is not who
 * gave it (a gift the gifter redeemed for themselves is theirs as any other).
 */
export function isGiftFromSomeoneElse(membership: MembershipParties): boolean {
  return membership.gift !== null && membership.gifterCustomerId !== membership.managerCustomerId;
}

export const MEMBERSHIP_TABS = ['yours', 'gifted', 'managed', 'redeemed'] as const;
export type MembershipTab = (typeof MEMBERSHIP_TABS)[number];

/** `?tab=`: one of the four, anything else (or none) is the first, Your Membership. */
export function parseMembershipTab(value: string | null): MembershipTab {
  return (MEMBERSHIP_TABS as readonly string[]).includes(value ?? '') ? (value as MembershipTab) : 'yours';
}

/**
 * Whether `tab` is one of the membership's places for the fan, by their roles alone. A membership
 * may be in more than one tab (bought for myself: mine, and nobody else's business; redeemed on
 * behalf: Managed and Redeemed). Whether it is listed at all (live, or withdrawn this football
 * year) is domain/membership-listing.ts's `isListedInTab`.
 */
export function isInTab(membership: MembershipParties, customerId: string, tab: MembershipTab): boolean {
  const { holderCustomerId: holder, managerCustomerId: manager, gifterCustomerId: gifter } = membership;
  switch (tab) {
    case 'yours':
      return holder === customerId;
    case 'managed':
      return manager === customerId && holder !== customerId;
    case 'gifted':
      return gifter === customerId;
    case 'redeemed':
      return manager === customerId && membership.gift?.redeemed === true && isGiftFromSomeoneElse(membership);
  }
}

export const MEMBERSHIP_SECTIONS = ['upgrade', 'renewal'] as const;
export type MembershipSection = (typeof MEMBERSHIP_SECTIONS)[number];

export function parseMembershipSection(value: string | undefined): MembershipSection | null {
  return (MEMBERSHIP_SECTIONS as readonly string[]).includes(value ?? '') ? (value as MembershipSection) : null;
}

export const RENEWAL_TABS = ['shipping', 'billing'] as const;
export type RenewalTab = (typeof RENEWAL_TABS)[number];

export function parseRenewalTab(value: string | null): RenewalTab {
  return value === 'billing' ? 'billing' : 'shipping';
}

/** The spec's manage actions and the config field each needs (spec §5 "Manage call"). */
export const MANAGE_CONFIG_FIELDS = {
  renewalShipment: 'shippingAddress',
  renewalVariantSize: 'preferredVariantSize',
  renewalBilling: 'billingAddress',
} as const;
export type ManageAction = keyof typeof MANAGE_CONFIG_FIELDS;
export type ManageConfigField = (typeof MANAGE_CONFIG_FIELDS)[ManageAction];
export const MANAGE_ACTIONS = Object.keys(MANAGE_CONFIG_FIELDS) as ManageAction[];

export function parseManageAction(value: unknown): ManageAction | null {
  return typeof value === 'string' && Object.hasOwn(MANAGE_CONFIG_FIELDS, value) ? (value as ManageAction) : null;
}

/** Why the fan may not change renewal preferences; the checks run in this order. */
export type ManageRefusal = 'not-manager' | 'not-live' | 'gift-from-someone-else';

/**
 * Every manage action is a renewal preference. Only the manager chooses them (they pay the
 * renewal); only while active or ready — "not active" in spec §4 read as over (expired,
 * cancelled), since the manage call allows ready explicitly; never for a gift from someone else.
 */
export function manageRefusal(membership: MembershipParties, customerId: string): ManageRefusal | null {
  if (membership.managerCustomerId !== customerId) return 'not-manager';
  if (!isLive(membership.status)) return 'not-live';
  if (isGiftFromSomeoneElse(membership)) return 'gift-from-someone-else';
  return null;
}

export type UpgradeRefusal = 'not-manager' | 'not-active' | 'no-upgrade';

/**
 * Spec §4: "Only the manager can upgrade; a not yet active membership cannot be upgraded" —
 * nor one that is over. `upgradeTo` is the catalogue's target of the membership's product.
 */
export function upgradeRefusal(membership: MembershipParties, customerId: string, upgradeTo: string | null): UpgradeRefusal | null {
  if (membership.managerCustomerId !== customerId) return 'not-manager';
  if (membership.status !== 'active') return 'not-active';
  if (upgradeTo === null) return 'no-upgrade';
  return null;
}

/** A submitted preferred size: one of the product's sizes (`36`…`64`), else null. */
export function parsePreferredSize(value: string, sizes: readonly number[]): number | null {
  if (!/^\d{1,3}$/.test(value)) return null;
  const size = Number(value);
  return sizes.includes(size) ? size : null;
}

/** The list, a membership's page and its sections (`id` is the membership code). */
export const MY_MEMBERSHIP_PATH = '/mymembership/manage';

export function membershipListPath(tab: MembershipTab = 'yours'): string {
  return tab === 'yours' ? MY_MEMBERSHIP_PATH : `${MY_MEMBERSHIP_PATH}?tab=${tab}`;
}

export function membershipPath(code: string): string {
  return `${MY_MEMBERSHIP_PATH}/${encodeURIComponent(code)}`;
}

export function membershipSectionPath(code: string, section: MembershipSection, tab?: RenewalTab): string {
  const path = `${membershipPath(code)}/${section}`;
  return tab === undefined || tab === 'shipping' ? path : `${path}?tab=${tab}`;
}
