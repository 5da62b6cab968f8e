import { refusalWordingKey } from '../../domain/payment-attempt';
import { useShopTranslation } from '../../i18n/use-shop-translation';

/**
 * A refused payment's reason in the page's language, with its code (spec §8: "error with refusal
 * reason and code"): worded by Adyen's code, never Adyen's English text (domain/payment-attempt.ts).
 */
export function RefusalText({ refusal }: { refusal: { reason: string; code: string | null } }) {
  const { t } = useShopTranslation('payment');
  if (!refusal.reason && refusal.code === null) return null;
  const reason = t(`gateway.refusals.${refusalWordingKey(refusal.code)}`);
  return <p>{refusal.code ? t('gateway.refusalWithCode', { reason, code: refusal.code }) : t('gateway.refusal', { reason })}</p>;
}
