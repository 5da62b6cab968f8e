// The withdrawal page's three steps (issue 31), worded on the server: the choice of items (when
// none or a bad one came), the confirmation of a preview, and why items may not be withdrawn.
import type { TFunction } from 'i18next';
import { brandName } from '../../../components/payment/payment-method-field';
import type { ConfirmStep, ChooseStep, RefusedStep } from '../../../components/orders/withdrawal-page';
import type { Language } from '../../../domain/catalogue-types';
import { receiptPath } from '../../../domain/order-pages';
import { formatPrice } from '../../../domain/price';
import { WITHDRAWAL_FORM_PATH } from '../../../domain/terms-pages';
import type { OrderView } from '../../../.server/services/orders-contract';
import type { RefundMethod, WithdrawalPreview, WithdrawalRefusals } from '../../../.server/services/withdrawals-contract';
import { holderOf, lastWithdrawalDay } from '../../orders/order-summary.server';
import { withdrawalOptions } from './receipt.server';
import { withdrawalPath } from './withdrawal-paths';

function common(order: OrderView, t: TFunction) {
  const number = String(order.number);
  return {
    title: t('orders:withdrawal.heading', { number }),
    receiptTitle: t('orders:receipt.heading', { number }),
    backHref: receiptPath(order.id),
    backLabel: t('orders:withdrawal.back', { number }),
    modelFormHref: WITHDRAWAL_FORM_PATH,
  };
}

/** The choice of items; `error` (a message key) when the one sent was empty or not valid. */
export function chooseStep(order: OrderView, language: Language, t: TFunction, error: string | null): ChooseStep {
  return { step: 'choose', ...common(order, t), action: withdrawalPath(order.id), options: withdrawalOptions(order, language, t), error };
}

/** Where the money goes back: the card (brand and last four when known), PayPal, or nowhere (a free order). */
function methodText(method: RefundMethod, t: TFunction): string {
  if (method === null) return t('orders:withdrawal.method.free');
  if (method.method === 'paypal') return t('orders:withdrawal.method.paypal');
  return method.brand && method.lastFour
    ? t('orders:withdrawal.method.card', { brand: brandName(method.brand), lastFour: method.lastFour })
    : t('orders:withdrawal.method.cardUnknown');
}

/** The confirmation of `preview`, posting `key` (new for every page shown); `error` after a refused post. */
export function confirmStep(order: OrderView, preview: WithdrawalPreview, key: string, language: Language, t: TFunction, error: string | null = null): ConfirmStep {
  const money = (cents: number) => formatPrice(cents, language);
  return {
    step: 'confirm',
    ...common(order, t),
    action: withdrawalPath(order.id),
    key,
    itemIds: preview.lines.map((line) => line.itemId),
    lines: preview.lines.map((line) => ({
      id: line.itemId,
      name: line.name[language],
      holder: line.holder ? t('orders:summary.holderName', { name: `${line.holder.firstName} ${line.holder.lastName}` }) : t('orders:summary.giftHolder'),
      membershipCode: line.membershipCode,
      amount: money(line.refundCents),
      couponBack: line.couponCode ? t('orders:withdrawal.couponBack', { code: line.couponCode }) : null,
    })),
    shipping: preview.shippingRefundCents > 0 ? money(preview.shippingRefundCents) : null,
    total: money(preview.refundCents),
    method: methodText(preview.method, t),
    deadline: t('orders:withdrawal.deadline', { date: lastWithdrawalDay(preview.until, language) }),
    error,
  };
}

/** Why the chosen items may not be withdrawn, item by item (nothing was). */
export function refusedStep(order: OrderView, refusals: WithdrawalRefusals, language: Language, t: TFunction): RefusedStep {
  const lines = new Map(order.lines.map((line) => [line.id, line]));
  return {
    step: 'refused',
    ...common(order, t),
    chooseHref: withdrawalPath(order.id),
    canChooseAgain: withdrawalOptions(order, language, t).length > 0,
    refusals: Object.entries(refusals).map(([id, reason]) => {
      const line = lines.get(id);
      return {
        id,
        name: line ? `${line.name[language]} – ${holderOf(line, order, t)}` : t('orders:withdrawal.unknownItem'),
        reason: t(`orders:withdrawal.refusals.${reason}`),
      };
    }),
  };
}
