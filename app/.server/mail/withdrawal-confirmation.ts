import type { Language } from '../../domain/catalogue-types';
import { formatShopDate, formatShopDateTime } from '../../domain/display-format';
import { formatPrice } from '../../domain/price';
import { translatorFor, type ComposedMail } from './compose';

export type WithdrawalConfirmationMail = {
  /** The fan's language when withdrawing. */
  language: Language;
  orderNumber: number;
  placedAt: Date;
  paidAt: Date | null;
  consumer: { firstName: string; lastName: string; email: string };
  /** The billing address in one line, or null (an order that cost nothing has none). */
  consumerAddress: string | null;
  lines: { name: string; holder: string | null; refundCents: number; couponCode: string | null }[];
  shippingRefundCents: number;
  refundCents: number;
  requestedAt: Date;
  /** Absolute: the order's receipt. */
  receiptUrl: string;
  /** Where fans write to the shop (config `SUPPORT_EMAIL`): the model form's "To"; left out when not given. */
  traderEmail?: string | null;
};

/**
 * The acknowledgement of a withdrawal on a durable medium (Directive 2011/83/EU art. 11(3),
 * Codice del Consumo art. 54(3)), in the fan's language: what was withdrawn, what comes back
 * and where to follow it, then the fan's notice written out as the model withdrawal form of
 * Annex I(B) (To …; "I hereby give notice …"; ordered/received on; name; address; date), so
 * the fan keeps the notice the shop received. Plain text, as all the shop's mail.
 */
export function composeWithdrawalConfirmationMail(mail: WithdrawalConfirmationMail): ComposedMail {
  const t = translatorFor(mail.language);
  const price = (cents: number) => formatPrice(cents, mail.language);
  const date = (instant: Date) => formatShopDate(instant, mail.language);
  const shopName = t('common:shopName');
  const number = String(mail.orderNumber);
  const key = (name: string) => `mail:withdrawalConfirmation.${name}`;

  // A coupon's item costs nothing: what comes back is its coupon.
  const lines = mail.lines.map((line) => {
    const what = line.couponCode && line.refundCents === 0 ? t(key('coupon'), { code: line.couponCode }) : price(line.refundCents);
    return t(key(line.holder ? 'line' : 'lineNoHolder'), { name: line.name, holder: line.holder ?? '', what });
  });
  const money = [
    ...(mail.shippingRefundCents > 0 ? [t(key('shipping'), { amount: price(mail.shippingRefundCents) })] : []),
    mail.refundCents > 0 ? t(key('total'), { amount: price(mail.refundCents) }) : t(key('free')),
  ];
  const unknown = t(key('unknown'));
  const email = mail.traderEmail ? t(key('formEmail'), { email: mail.traderEmail }) : '';
  const form = [
    t(key('formHeading')),
    t(key('formTo'), { trader: shopName, address: t('orders:withdrawalForm.traderAddress'), email }),
    t(key('formNotice')),
    ...mail.lines.map((line) => t(key('formLine'), { name: line.holder ? `${line.name} (${line.holder})` : line.name })),
    t(key('formOrdered'), { ordered: date(mail.placedAt), received: mail.paidAt ? date(mail.paidAt) : unknown }),
    t(key('formName'), { name: `${mail.consumer.firstName} ${mail.consumer.lastName}`, email: mail.consumer.email }),
    t(key('formAddress'), { address: mail.consumerAddress ?? unknown }),
    t(key('formDate'), { date: formatShopDateTime(mail.requestedAt, mail.language) }),
  ];
  const text = [
    t(key('greeting'), { firstName: mail.consumer.firstName }),
    '',
    t(key('intro'), { number, date: date(mail.requestedAt) }),
    '',
    t(key('itemsHeading')),
    ...lines,
    '',
    ...money,
    '',
    t(key('receipt'), { link: mail.receiptUrl }),
    '',
    ...form,
    '',
    t(key('signature'), { shopName }),
  ].join('\n');
  return { subject: t(key('subject'), { shopName, number }), text };
}
