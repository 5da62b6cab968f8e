// Fulfilling a paid order (issue 13), exactly once: the status move `paid → fulfilled` is one
// conditional UPDATE, so of two runs (a replayed webhook, a retrying job) only one goes on;
// each item's membership is unique by item and the mail by its dedupe key besides.
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { GIFT_CODE_BYTES, MEMBERSHIP_CODE_BYTES, giftCodeOf, membershipCodeOf } from '../../domain/issued-codes';
import type { ShopDb } from '../db/client';
import { gifts, mailOutbox, memberships, orderItemDocuments, orderItems, orders } from '../db/schema';
import { giftDeliveryOf } from '../../domain/gift-delivery';
import { composeGiftDeliveryMail } from '../mail/gift-delivery';
import { composeOrderConfirmationMail, type IssuedGift } from '../mail/order-confirmation';
import { needsDocumentsMail } from '../../domain/reload-docs';
import { issuedStatusOf } from '../../domain/season';
import { romeDate } from '../../domain/shop-time';
import { isWithdrawalOver, keptWithdrawalEnd } from '../../domain/withdrawal';
import { queueReloadDocsMail } from './reload-docs-mail';
import type { ReloadDocsLinks } from './reload-docs-link';

/** What fulfilment writes links with: the shop's address and the reload-docs link's key. */
export type FulfilmentContext = { now: Date; publicUrl: string; reloadDocs: ReloadDocsLinks };

export type FulfilOutcome = 'fulfilled' | 'not-paid';

/** SHA-256 of a gift code: what the gifts table keeps (the code itself is only mailed). */
export function giftCodeHash(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

/**
 * Issues what a paid order bought, in the caller's transaction: a membership per item (active
 * or ready by its season and the buyer's withdrawal choice; holder, manager and gifter by how
 * it was bought), a gift code per gift (mailed to its recipient when the gifter gave their
 * e-mail: domain/gift-delivery.ts), and the confirmation
 * mail in the order's language, and for a card without its front document a mail asking for
 * it with the reload-docs link (issue 15). An order not (or no longer) `paid` gets nothing.
 */
export async function fulfilOrder(tx: ShopDb, orderId: string, { now, publicUrl, reloadDocs }: FulfilmentContext): Promise<FulfilOutcome> {
  const [order] = await tx
    .update(orders)
    .set({ status: 'fulfilled', fulfilledAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'paid')))
    .returning();
  if (!order) return 'not-paid';
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.position));
  const issuedGifts: IssuedGift[] = [];
  const today = romeDate(now);
  const membershipCodes = new Map<string, string>();
  // The withdrawal period runs from the payment, whenever fulfilment runs (a retry).
  const paidAt = order.paidAt ?? now;
  for (const item of items) {
    const isGift = item.process === 'gift';
    const forMyself = item.buyFor === 'BUY_CARD';
    const withdrawalEndsAt = keptWithdrawalEnd({ kind: item.kind, process: item.process, waived: item.withdrawalWaivedAt !== null }, paidAt);
    const status = isWithdrawalOver(withdrawalEndsAt, now) ? issuedStatusOf({ season: item.season, hasHolder: item.holder !== null }, today) : 'ready';
    const [membership] = await tx
      .insert(memberships)
      .values({
        code: membershipCodeOf(randomBytes(MEMBERSHIP_CODE_BYTES)),
        orderItemId: item.id,
        productId: item.productId,
        type: item.kind,
        season: item.season,
        // Active at once during its season; a gift waits for its holder (gifts.ts), later seasons for
        // their first day, and a kept right of withdrawal for the period's end (the activation job).
        status,
        withdrawalEndsAt,
        holder: item.holder,
        holderCustomerId: forMyself ? order.customerId : null,
        // A gift is managed by whoever redeems it (issue 15); anything else by its buyer.
        managerCustomerId: isGift ? null : order.customerId,
        gifterCustomerId: isGift ? order.customerId : null,
        automaticRenewal: item.automaticRenewal,
        preferredVariantSize: item.variantSize,
        shippingAddress: item.shippingAddress,
        billingAddress: order.billingAddress,
        createdAt: now,
        // Placement let one open order follow a membership at a time: a second is a bug, not a retry.
        upgradeOf: item.process === 'upgrade' ? item.previousMembershipId : null,
        renewalOf: item.process === 'renewal' ? item.previousMembershipId : null,
      })
      .onConflictDoNothing({ target: memberships.orderItemId })
      .returning({ id: memberships.id, code: memberships.code });
    if (!membership) continue;
    membershipCodes.set(item.id, membership.code);
    // An upgrade waiting for its withdrawal period leaves the old one active until it starts (the activation job retires it then).
    if (item.process === 'upgrade' && item.previousMembershipId !== null && status === 'active') await retireUpgraded(tx, item.previousMembershipId);
    if (isGift && item.gift) {
      const giftCode = giftCodeOf(randomBytes(GIFT_CODE_BYTES));
      await tx.insert(gifts).values({ membershipId: membership.id, codeHash: giftCodeHash(giftCode), recipient: item.gift, createdAt: now });
      issuedGifts.push({ itemId: item.id, membershipCode: membership.code, giftCode, gift: item.gift });
      const delivery = giftDeliveryOf(item.gift);
      if (delivery.to === 'recipient') {
        const mail = composeGiftDeliveryMail({
          language: order.language,
          gifterFirstName: order.buyer.firstName,
          productName: item.name[order.language],
          message: item.gift.message,
          membershipCode: membership.code,
          giftCode,
          publicUrl,
        });
        await tx
          .insert(mailOutbox)
          .values({ dedupeKey: `gift-delivery:${item.id}`, kind: 'gift-delivery', toAddress: delivery.email, language: order.language, subject: mail.subject, textBody: mail.text })
          .onConflictDoNothing({ target: mailOutbox.dedupeKey });
      }
    }
  }
  await askForMissingDocuments(tx, order, items, reloadDocs, now);
  const mail = composeOrderConfirmationMail({ order, items, membershipCodes, gifts: issuedGifts, publicUrl });
  await tx
    .insert(mailOutbox)
    .values({
      dedupeKey: `order-confirmation:${order.id}`,
      kind: 'order-confirmation',
      toAddress: order.buyer.email,
      language: order.language,
      subject: mail.subject,
      textBody: mail.text,
    })
    .onConflictDoNothing({ target: mailOutbox.dedupeKey });
  return 'fulfilled';
}

/**
 * An upgraded membership is over: its upgrade replaces it for the rest of the season (`cancelled`,
 * which the lists leave out; `upgrade_of` on the new one says why).
 */
export async function retireUpgraded(tx: ShopDb, membershipId: string): Promise<void> {
  await tx
    .update(memberships)
    .set({ status: 'cancelled' })
    .where(and(eq(memberships.id, membershipId), inArray(memberships.status, ['ready', 'active'])));
}

/**
 * An unpaid order's payment arrived: `paid`, then fulfilled, in the caller's transaction. False
 * when the order was not awaiting payment (a replay, or closed meanwhile): nothing changes.
 */
export async function payAndFulfil(tx: ShopDb, orderId: string, context: FulfilmentContext): Promise<boolean> {
  const [paid] = await tx
    .update(orders)
    .set({ status: 'paid', paidAt: context.now })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'awaiting_payment')))
    .returning({ id: orders.id });
  if (!paid) return false;
  await fulfilOrder(tx, orderId, context);
  return true;
}

/**
 * A card always reaches its order with a front in this shop (the cart refuses one without), so
 * this is a safety net: a paid card item whose front is missing (lost, removed by support) gets
 * its buyer a mail with the reload-docs link, once (dedupe key `reload-docs:{item}:{exp}`).
 */
async function askForMissingDocuments(
  tx: ShopDb,
  order: typeof orders.$inferSelect,
  items: (typeof orderItems.$inferSelect)[],
  reloadDocs: ReloadDocsLinks,
  now: Date,
): Promise<void> {
  const cards = items.filter((item) => item.kind === 'card');
  if (cards.length === 0) return;
  const stored = await tx
    .select({ orderItemId: orderItemDocuments.orderItemId, side: orderItemDocuments.side })
    .from(orderItemDocuments)
    .where(inArray(orderItemDocuments.orderItemId, cards.map((item) => item.id)));
  for (const item of cards) {
    const sides = stored.filter((row) => row.orderItemId === item.id).map((row) => row.side);
    if (!needsDocumentsMail({ kind: item.kind, orderStatus: order.status, sides })) continue;
    await queueReloadDocsMail(tx, { order, item, frontDocumentId: null, links: reloadDocs, now });
  }
}
