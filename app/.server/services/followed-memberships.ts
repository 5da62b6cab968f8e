// The memberships that upgrades and renewals follow (issue 15), with everything their rules ask
// (domain/membership-follow-up.ts): parties, status, the product's upgrade and kind in the
// catalogue now, whether an issued membership or an open order already follows them, and what
// each was worth (an upgrade's credit). Read in one query, inside a transaction when given one.
import { eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { LocalizedText } from '../../domain/catalogue-types';
import type { FollowedMembership } from '../../domain/membership-follow-up';
import type { ShopDb } from '../db/client';
import { gifts, membershipCodes, memberships, orderItems, products } from '../db/schema';

export type FollowedMembershipRow = FollowedMembership & {
  id: string;
  code: string;
  productId: string;
  /** Its product's name as it was bought. */
  productName: LocalizedText;
  /** What it cost: its item's price plus the credit an upgrade to it already got. */
  worthCents: number;
  membership: typeof memberships.$inferSelect;
};

/** Whether an order that can still be paid, or has been, already holds an upgrade (or renewal) of the membership. */
function followedByOpenOrder(process: 'upgrade' | 'renewal') {
  return sql<boolean>`exists (select 1 from order_items followed_item inner join orders followed_order on followed_order.id = followed_item.order_id
    where followed_item.previous_membership_id = ${memberships.id} and followed_item.process = ${process}
    and followed_order.status in ('awaiting_payment', 'paid'))`;
}

/**
 * The memberships with these ids (unknown ids are left out). `lock`: inside a transaction, their
 * rows stay locked until it ends, so two orders of the same upgrade or renewal go one by one.
 */
export async function loadFollowedMemberships(
  db: ShopDb,
  ids: readonly string[],
  { lock = false }: { lock?: boolean } = {},
): Promise<Map<string, FollowedMembershipRow>> {
  if (ids.length === 0) return new Map();
  if (lock) await db.select({ id: memberships.id }).from(memberships).where(inArray(memberships.id, [...ids])).orderBy(memberships.id).for('update');
  const upgrade = alias(memberships, 'upgrade');
  const renewal = alias(memberships, 'renewal');
  const rows = await db
    .select({
      membership: memberships,
      giftId: gifts.id,
      giftRedeemedAt: gifts.redeemedAt,
      upgradeTo: products.upgradeTo,
      kindCode: membershipCodes.code,
      productName: orderItems.name,
      paidCents: orderItems.unitPriceCents,
      creditCents: orderItems.creditCents,
      upgradedId: upgrade.id,
      renewedId: renewal.id,
      upgradeOrdered: followedByOpenOrder('upgrade'),
      renewalOrdered: followedByOpenOrder('renewal'),
    })
    .from(memberships)
    .innerJoin(orderItems, eq(orderItems.id, memberships.orderItemId))
    .leftJoin(gifts, eq(gifts.membershipId, memberships.id))
    .leftJoin(products, eq(products.id, memberships.productId))
    .leftJoin(membershipCodes, eq(membershipCodes.id, products.membershipCodeId))
    .leftJoin(upgrade, eq(upgrade.upgradeOf, memberships.id))
    .leftJoin(renewal, eq(renewal.renewalOf, memberships.id))
    .where(inArray(memberships.id, [...ids]));
  return new Map(
    rows.map((row) => {
      const { membership } = row;
      const followed: FollowedMembershipRow = {
        id: membership.id,
        code: membership.code,
        productId: membership.productId,
        productName: row.productName,
        membership,
        status: membership.status,
        holderCustomerId: membership.holderCustomerId,
        managerCustomerId: membership.managerCustomerId,
        gifterCustomerId: membership.gifterCustomerId,
        gift: row.giftId === null ? null : { redeemed: row.giftRedeemedAt !== null },
        type: membership.type,
        season: membership.season,
        hasHolder: membership.holder !== null,
        upgradeTo: row.upgradeTo ?? null,
        kindCode: row.kindCode ?? null,
        upgraded: row.upgradedId !== null,
        renewed: row.renewedId !== null,
        upgradeOrdered: row.upgradeOrdered,
        renewalOrdered: row.renewalOrdered,
        worthCents: row.paidCents + row.creditCents,
      };
      return [membership.id, followed] as const;
    }),
  );
}

/** One membership by its code (what the pages' URLs carry), or null. */
export async function findFollowedByCode(db: ShopDb, code: string): Promise<FollowedMembershipRow | null> {
  const [row] = await db.select({ id: memberships.id }).from(memberships).where(eq(memberships.code, code)).limit(1);
  if (!row) return null;
  return (await loadFollowedMemberships(db, [row.id])).get(row.id) ?? null;
}
