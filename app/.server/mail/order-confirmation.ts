import type { Gift } from '../../domain/gift';
import { giftDeliveryOf, redeemGiftPath } from '../../domain/gift-delivery';
import { formatShopDate } from '../../domain/display-format';
import { formatPrice } from '../../domain/price';
import { withdrawalChoiceOf, withdrawalNoteOf } from '../../domain/withdrawal';
import type { orderItems, orders } from '../db/schema';
import { translatorFor, type ComposedMail } from './compose';

/** A gift made by fulfilment: its code exists only now (the database keeps its hash). */
export type IssuedGift = { itemId: string; membershipCode: string; giftCode: string; gift: Gift };

export type OrderConfirmation = {
  order: typeof orders.$inferSelect;
  items: (typeof orderItems.$inferSelect)[];
  /** By order item: the membership issued for it. */
  membershipCodes: ReadonlyMap<string, string>;
  gifts: readonly IssuedGift[];
  publicUrl: string;
};

/**
 * The order confirmation (issue 13) in the order's language: the summary as on the receipt,
 * each membership's code and the buyer's withdrawal choice with its start (issue 30), and for
 * a gift the link that redeems it (spec: /redeem-gift with `code` and `giftCode`) — or, when
 * the link went to the recipient, where it went (issue 15).
 * Plain text, as all the shop's mail.
 */
export function composeOrderConfirmationMail({ order, items, membershipCodes, gifts, publicUrl }: OrderConfirmation): ComposedMail {
  const t = translatorFor(order.language);
  const price = (cents: number) => formatPrice(cents, order.language);
  const lines = items.map((item) => {
    const holder = item.holder ? `${item.holder.firstName} ${item.holder.lastName}` : t('mail:orderConfirmation.giftHolder');
    const code = membershipCodes.get(item.id);
    const line = t('mail:orderConfirmation.line', { name: item.name[order.language], holder, price: price(item.unitPriceCents) });
    const withdrawal = withdrawalChoiceOf(item, order.paidAt);
    const notes = [
      ...(code ? [t('mail:orderConfirmation.membershipCode', { code })] : []),
      ...(withdrawal
        ? [
            t(`mail:orderConfirmation.withdrawal.${withdrawalNoteOf(withdrawal, order.paidAt !== null)}`, {
              date: withdrawal.activatesAt ? formatShopDate(withdrawal.activatesAt, order.language) : '',
            }),
          ]
        : []),
    ];
    return [line, ...notes.map((note) => `  ${note}`)].join('\n');
  });
  // A link sent to its recipient is not repeated here: the gifter learns where it went.
  const giftLinks = gifts.map((issued) => {
    const delivery = giftDeliveryOf(issued.gift);
    const values = { code: issued.membershipCode, link: `${publicUrl}${redeemGiftPath(issued.membershipCode, issued.giftCode)}` };
    if (delivery.to === 'recipient') return t('mail:orderConfirmation.giftSent', { ...values, email: delivery.email });
    return delivery.phone ? t('mail:orderConfirmation.giftByPhone', { ...values, phone: delivery.phone }) : t('mail:orderConfirmation.giftLink', values);
  });
  const totals = [
    t('mail:orderConfirmation.subtotal', { amount: price(order.subtotalCents) }),
    ...(order.voucherDiscountCents > 0 ? [t('mail:orderConfirmation.voucher', { code: order.voucherCode ?? '', amount: price(order.voucherDiscountCents) })] : []),
    t('mail:orderConfirmation.shipping', { amount: price(order.shippingCents) }),
    t('mail:orderConfirmation.total', { amount: price(order.totalCents) }),
  ];
  const values = { shopName: t('common:shopName'), number: String(order.number), firstName: order.buyer.firstName };
  const sections = [
    t('mail:orderConfirmation.greeting', values),
    t('mail:orderConfirmation.intro', values),
    lines.join('\n'),
    totals.join('\n'),
    ...(giftLinks.length > 0 ? [[t('mail:orderConfirmation.giftsIntro'), ...giftLinks].join('\n')] : []),
    t('mail:orderConfirmation.receipt', { link: `${publicUrl}/account/orders/${order.id}` }),
    t('mail:orderConfirmation.signature', values),
  ];
  return { subject: t('mail:orderConfirmation.subject', values), text: sections.join('\n\n') };
}
