import type { ReversalReason } from '../../domain/payment-ledger';
import { formatPrice } from '../../domain/price';
import type { orders } from '../db/schema';
import { translatorFor, type ComposedMail } from './compose';

/**
 * The mail that tells a fan the shop gave one of their payments back (issues 14 and 29), worded
 * by why: it came after the order had closed, the order was already paid (another tab, a double
 * click), or its amount was not the order's. Its amount is the payment's, not the order's.
 */
export function composePaymentCancelledMail(input: {
  order: typeof orders.$inferSelect;
  reason: ReversalReason;
  amountCents: number;
  publicUrl: string;
}): ComposedMail {
  const { order } = input;
  const t = translatorFor(order.language);
  const values = {
    shopName: t('common:shopName'),
    number: String(order.number),
    firstName: order.buyer.firstName,
    amount: formatPrice(input.amountCents, order.language),
    link: `${input.publicUrl}/account/orders/${order.id}`,
  };
  return { subject: t('mail:paymentCancelled.subject', values), text: t(`mail:paymentCancelled.${input.reason}`, values) };
}
