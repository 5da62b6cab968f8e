import { formatPrice } from '../../domain/price';
import type { orders } from '../db/schema';
import { translatorFor, type ComposedMail } from './compose';

/**
 * The mail that tells a fan a payment came too late for its order (issue 14): the order had
 * expired or was already paid, so the authorisation is cancelled and no money is taken.
 */
export function composePaymentCancelledMail({ order, publicUrl }: { order: typeof orders.$inferSelect; publicUrl: string }): ComposedMail {
  const t = translatorFor(order.language);
  const values = {
    shopName: t('common:shopName'),
    number: String(order.number),
    firstName: order.buyer.firstName,
    amount: formatPrice(order.totalCents, order.language),
    link: `${publicUrl}/account/orders/${order.id}`,
  };
  return { subject: t('mail:paymentCancelled.subject', values), text: t('mail:paymentCancelled.body', values) };
}
