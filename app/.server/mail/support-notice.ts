import { DEFAULT_LANGUAGE } from '../../domain/catalogue-types';
import type { NoticeKind } from '../../domain/payment-ledger';
import { formatPrice } from '../../domain/price';
import type { orders } from '../db/schema';
import { translatorFor, type ComposedMail } from './compose';

/**
 * What support staff are told of a payment that needs a person (issue 29: a chargeback, a failed
 * refund, capture or reversal, an amount that does not match, a late authorisation given back, a
 * fulfilled order's payment gone): what happened, what to do, and the references to look it up in
 * Adyen's Customer Area. In the shop's default language: support is the club's own staff.
 */
export function composeSupportNoticeMail(input: {
  order: typeof orders.$inferSelect;
  kind: NoticeKind;
  pspReference: string;
  amountCents: number | null;
}): ComposedMail {
  const { order } = input;
  const t = translatorFor(DEFAULT_LANGUAGE);
  const values = {
    shopName: t('common:shopName'),
    number: String(order.number),
    orderId: order.id,
    status: t(`orders:status.${order.status}`),
    what: t(`mail:supportNotice.kinds.${input.kind}.what`),
    explanation: t(`mail:supportNotice.kinds.${input.kind}.explanation`),
    pspReference: input.pspReference,
    amount: input.amountCents === null ? '—' : formatPrice(input.amountCents, DEFAULT_LANGUAGE),
    total: formatPrice(order.totalCents, DEFAULT_LANGUAGE),
    customer: `${order.buyer.firstName} ${order.buyer.lastName}`,
    email: order.buyer.email,
  };
  return { subject: t('mail:supportNotice.subject', values), text: t('mail:supportNotice.body', values) };
}
