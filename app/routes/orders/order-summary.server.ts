// An order as the thank-you page, the receipt and the orders list show it, worded on the server
// (prices, Rome times, statuses in words), so the browser needs no order code at all.
import type { TFunction } from 'i18next';
import type { OrderListRow } from '../../components/orders/order-list-page';
import type { OrderSummaryData, OrderSummaryLine } from '../../components/orders/order-summary';
import type { Language } from '../../domain/catalogue-types';
import { formatShopDate, formatShopDateTime, lastDayBefore } from '../../domain/display-format';
import { missingCodeReason, receiptPath, showsPayBy } from '../../domain/order-pages';
import type { OrderStatus } from '../../domain/order-status';
import { payOrderPath } from '../../domain/payment-attempt';
import { formatPrice } from '../../domain/price';
import { withdrawalNoteOf } from '../../domain/withdrawal';
import type { OrderLineView, OrderSummary, OrderView } from '../../.server/services/orders-contract';

/** The status in the fan's words (`orders:status.*`). */
export function statusInWords(status: OrderStatus, t: TFunction): string {
  return t(`orders:status.${status}`);
}

/** Who holds the line: the typed or own holder; a gift's holder is whoever redeems it. */
export function holderOf(line: OrderLineView, order: OrderView, t: TFunction): string {
  if (line.process === 'gift' && !line.holder) return t('orders:summary.giftHolder');
  const { firstName, lastName } = line.holder ?? order.buyer;
  return t('orders:summary.holderName', { name: `${firstName} ${lastName}` });
}

/** The line's withdrawal choice and when it becomes active (issue 30); null for a line that asked nothing. */
function withdrawalOf(line: OrderLineView, order: OrderView, language: Language, t: TFunction): string | null {
  if (!line.withdrawal) return null;
  const { activatesAt } = line.withdrawal;
  const date = activatesAt ? formatShopDate(activatesAt, language) : '';
  return t(`orders:summary.withdrawal.${withdrawalNoteOf(line.withdrawal, order.paidAt !== null)}`, { date });
}

/** The last day (Rome) an item may still be withdrawn: `until` is the first instant it may not. */
export function lastWithdrawalDay(until: Date, language: Language): string {
  return formatShopDate(lastDayBefore(until), language);
}

/** Where a withdrawn item's money stands, and a coupon given back (issue 31). */
function withdrawnOf(line: OrderLineView, language: Language, t: TFunction): string[] {
  if (!line.withdrawn) return [];
  const { state, at, refundCents, couponCode } = line.withdrawn;
  const stateText = t(`orders:summary.withdrawn.${state}`, { date: formatShopDate(at, language), amount: formatPrice(refundCents, language) });
  return couponCode ? [stateText, t('orders:summary.withdrawn.coupon', { code: couponCode })] : [stateText];
}

function lineOf(line: OrderLineView, order: OrderView, language: Language, t: TFunction): OrderSummaryLine {
  const reason = missingCodeReason(order.status);
  return {
    id: line.id,
    name: line.name[language],
    imageUrl: line.imageUrl,
    holder: holderOf(line, order, t),
    follows: line.follows ? t(`orders:summary.follows.${line.follows.process}`, { code: line.follows.membershipCode }) : null,
    withdrawal: withdrawalOf(line, order, language, t),
    withdrawable: line.withdrawable ? t('orders:summary.withdrawable', { date: lastWithdrawalDay(line.withdrawable.until, language) }) : null,
    withdrawn: withdrawnOf(line, language, t),
    membershipCode: line.membershipCode,
    codeNote: line.membershipCode ? null : t(reason === 'pending' ? 'orders:summary.codePending' : 'orders:summary.codeNone'),
    price: formatPrice(line.unitPriceCents, language),
  };
}

/** The summary the thank-you page and the receipt share. */
export function orderSummaryData(order: OrderView, language: Language, t: TFunction): OrderSummaryData {
  const money = (cents: number) => formatPrice(cents, language);
  return {
    number: String(order.number),
    placedAt: formatShopDateTime(order.placedAt, language),
    status: statusInWords(order.status, t),
    payBy: showsPayBy(order.status) ? formatShopDateTime(order.payBy, language) : null,
    payHref: showsPayBy(order.status) ? payOrderPath(order.id) : null,
    lines: order.lines.map((line) => lineOf(line, order, language, t)),
    totals: {
      subtotal: money(order.subtotalCents),
      voucher:
        order.voucherDiscountCents > 0
          ? { label: t('orders:summary.voucher', { code: order.voucherCode ?? '' }), amount: `−${money(order.voucherDiscountCents)}` }
          : null,
      shipping: money(order.shippingCents),
      total: money(order.totalCents),
      // What withdrawals gave back, shown once there is any.
      refunded: order.refunds.refundedCents > 0 ? `−${money(order.refunds.refundedCents)}` : null,
      refundPending: order.refunds.pendingCents > 0 ? `−${money(order.refunds.pendingCents)}` : null,
    },
  };
}

/** The orders list's rows, in the order given (the service answers newest first). */
export function orderListRows(orders: readonly OrderSummary[], language: Language, t: TFunction): OrderListRow[] {
  return orders.map((order) => ({
    id: order.id,
    href: receiptPath(order.id),
    title: t('orders:list.order', { number: String(order.number) }),
    placedOn: formatShopDate(order.placedAt, language),
    status: statusInWords(order.status, t),
    itemCount: String(order.itemCount),
    total: formatPrice(order.totalCents, language),
    // An order still waiting for its money is paid from the list too (issue 30), as from its receipt.
    payHref: showsPayBy(order.status) ? payOrderPath(order.id) : null,
    payLabel: t('orders:list.payNowLabel', { number: String(order.number) }),
  }));
}
