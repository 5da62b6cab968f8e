// Fulfilling a paid order (issue 13), exactly once: the status move `paid → fulfilled` is one
// conditional UPDATE, so of two runs (a replayed webhook, a retrying job) only one goes on;
// each item's membership is unique by item and the mail by its dedupe key besides.
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { GIFT_CODE_BYTES, MEMBERSHIP_CODE_BYTES, giftCodeOf, membershipCodeOf } from '../../domain/issued-codes';
import type { ShopDb } from '../db/client';
import { gifts, mailOutbox, memberships, orderItems, orders } from '../db/schema';
import { giftDeliveryOf } from '../../domain/gift-delivery';
import { composeGiftDeliveryMail } from '../mail/gift-delivery';
import { composeOrderConfirmationMail, type IssuedGift } from '../mail/order-confirmation';

export type FulfilOutcome = 'fulfilled' | 'not-paid';

/** SHA-256 of a gift code: what the gifts table keeps (the code itself is only mailed). */
export function giftCodeHash(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

/**
 * Issues what a paid order bought, in the caller's transaction: a membership per item (status
 * ready; holder, manager and gifter by how it was bought), a gift code per gift (mailed to its
 * recipient when the gifter gave their e-mail: domain/gift-delivery.ts), and the confirmation
 * mail in the order's language. An order not (or no longer) `paid` gets nothing.
 */
export async function fulfilOrder(tx: ShopDb, orderId: string, { now, publicUrl }: { now: Date; publicUrl: string }): Promise<FulfilOutcome> {
  const [order] = await tx
    .update(orders)
    .set({ status: 'fulfilled', fulfilledAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'paid')))
    .returning();
  if (!order) return 'not-paid';
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.position));
  const issuedGifts: IssuedGift[] = [];
  const membershipCodes = new Map<string, string>();
  for (const item of items) {
    const isGift = item.process === 'gift';
    const forMyself = item.buyFor === 'BUY_CARD';
    const [membership] = await tx
      .insert(memberships)
      .values({
        code: membershipCodeOf(randomBytes(MEMBERSHIP_CODE_BYTES)),
        orderItemId: item.id,
        productId: item.productId,
        type: item.kind,
        season: item.season,
        status: 'ready',
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
      })
      .onConflictDoNothing({ target: memberships.orderItemId })
      .returning({ id: memberships.id, code: memberships.code });
    if (!membership) continue;
    membershipCodes.set(item.id, membership.code);
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
 * An unpaid order's payment arrived: `paid`, then fulfilled, in the caller's transaction. False
 * when the order was not awaiting payment (a replay, or closed meanwhile): nothing changes.
 */
export async function payAndFulfil(tx: ShopDb, orderId: string, { now, publicUrl }: { now: Date; publicUrl: string }): Promise<boolean> {
  const [paid] = await tx
    .update(orders)
    .set({ status: 'paid', paidAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'awaiting_payment')))
    .returning({ id: orders.id });
  if (!paid) return false;
  await fulfilOrder(tx, orderId, { now, publicUrl });
  return true;
}
