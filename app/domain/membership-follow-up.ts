/**
 * Upgrades and renewals (issue 15; spec catalogue-cart §2 routes, §4 "Product rules in the
 * cart"): cart items that follow one of the fan's memberships instead of configuring a product
 * from nothing. Decisions: docs/decisions/memberships.md, "Upgrade = …" and "Renewal = …".
 *
 * - An upgrade replaces an active membership by its product's `upgradeTo` for the rest of the
 *   same season; the fan pays the difference between the target's price now and what the
 *   replaced membership cost them (never below 0).
 * - A renewal buys the same kind of membership for the next season, for the same holder.
 */
import type { ConfigureProcess } from './configure';
import { isLive, upgradeRefusal, type MembershipParties, type UpgradeRefusal } from './membership-manage';
import { nextSeason } from './season';

export const FOLLOW_UP_PROCESSES = ['upgrade', 'renewal'] as const;
export type FollowUpProcess = (typeof FOLLOW_UP_PROCESSES)[number];

/** Every process a cart item (and an order item) can have. */
export type CartProcess = ConfigureProcess | FollowUpProcess;

export function isFollowUpProcess(process: CartProcess): process is FollowUpProcess {
  return (FOLLOW_UP_PROCESSES as readonly string[]).includes(process);
}

/**
 * The season an item's membership is for: a renewal's is the one after the renewed membership's;
 * anything else is the product's own.
 */
export function itemSeason(process: CartProcess, productSeason: string, previousSeason: string | null): string {
  if (process !== 'renewal' || previousSeason === null) return productSeason;
  return nextSeason(previousSeason) ?? productSeason;
}

/** What an upgrade costs: the target's price now less the credit, never below nothing; other items have no credit. */
export function upgradePriceCents(targetPriceCents: number, creditCents: number): number {
  return Math.max(0, targetPriceCents - creditCents);
}

function withCartItem(path: string, cartItemId: string | null): string {
  return cartItemId === null ? path : `${path}?cartItem=${encodeURIComponent(cartItemId)}`;
}

/** Spec §2: `/products/{id}/upgrade/{membershipCode}`, `{id}` the target product; `cartItem` to edit. */
export function upgradePath(targetProductId: string, membershipCode: string, cartItemId: string | null = null): string {
  return withCartItem(`/products/${encodeURIComponent(targetProductId)}/upgrade/${encodeURIComponent(membershipCode)}`, cartItemId);
}

/** Spec §2: `/products/{id}/renewal/{renewedMembership}`, `{id}` the product bought for the next season. */
export function renewalPath(productId: string, membershipCode: string, cartItemId: string | null = null): string {
  return withCartItem(`/products/${encodeURIComponent(productId)}/renewal/${encodeURIComponent(membershipCode)}`, cartItemId);
}

/** What the rules need of the membership an upgrade or a renewal follows. */
export type FollowedMembership = MembershipParties & {
  type: 'membership' | 'card' | 'other';
  season: string | null;
  /** Its holder is known (a redeemed gift waits for its manager to choose one). */
  hasHolder: boolean;
  /** Its product's `upgradeTo` in the catalogue now (null: none, or the product is gone). */
  upgradeTo: string | null;
  /** Its product's kind of membership (the catalogue's membership code, `BW`), null if the product is gone. */
  kindCode: string | null;
  /** A membership was already issued that upgrades it, or renews it. */
  upgraded: boolean;
  renewed: boolean;
  /** An order not closed (awaiting payment, or paid) already upgrades it, or renews it. */
  upgradeOrdered: boolean;
  renewalOrdered: boolean;
};

/**
 * Why the fan may not upgrade `followed` to `targetProductId` (spec §4; the upgrade section's
 * own rule first: manager, active, an upgrade exists), then: the page's product is not the
 * target, it was upgraded already, or an open order of theirs upgrades it.
 */
export type FollowUpUpgradeRefusal = UpgradeRefusal | 'other-target' | 'already-upgraded' | 'ordered';

export function checkUpgrade(followed: FollowedMembership, customerId: string, targetProductId: string): FollowUpUpgradeRefusal | null {
  const refusal = upgradeRefusal(followed, customerId, followed.upgradeTo);
  if (refusal !== null) return refusal;
  if (followed.upgradeTo !== targetProductId) return 'other-target';
  if (followed.upgraded) return 'already-upgraded';
  if (followed.upgradeOrdered) return 'ordered';
  return null;
}

/**
 * Why the fan may not renew `followed` with the product of kind `productKindCode`: only its
 * manager (who pays it), while it is active or ready, a membership with a season (the club card
 * has none) and a holder (a renewal is for the same person), the same kind, once.
 */
export type RenewalRefusal = 'not-manager' | 'not-live' | 'not-renewable' | 'other-kind' | 'already-renewed' | 'ordered';

export function checkRenewal(followed: FollowedMembership, customerId: string, productKindCode: string): RenewalRefusal | null {
  if (followed.managerCustomerId !== customerId) return 'not-manager';
  if (!isLive(followed.status)) return 'not-live';
  if (followed.type !== 'membership' || followed.season === null || nextSeason(followed.season) === null) return 'not-renewable';
  if (!followed.hasHolder) return 'not-renewable';
  if (followed.kindCode !== productKindCode) return 'other-kind';
  if (followed.renewed) return 'already-renewed';
  if (followed.renewalOrdered) return 'ordered';
  return null;
}

/** Why a cart item that follows `followed` can no longer be bought (the cart and checkout ask). */
export type FollowUpRefusal = FollowUpUpgradeRefusal | RenewalRefusal;

export function followUpRefusal(
  item: { process: FollowUpProcess; productId: string; productKindCode: string | null },
  followed: FollowedMembership,
  customerId: string,
): FollowUpRefusal | null {
  if (item.process === 'upgrade') return checkUpgrade(followed, customerId, item.productId);
  return item.productKindCode === null ? 'other-kind' : checkRenewal(followed, customerId, item.productKindCode);
}
