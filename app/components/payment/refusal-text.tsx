import { useShopTranslation } from '../../i18n/use-shop-translation';

/** A refused payment's reason, with its code when known (spec §8: "error with refusal reason and code"). */
export function RefusalText({ refusal }: { refusal: { reason: string; code: string | null } }) {
  const { t } = useShopTranslation('payment');
  if (!refusal.reason) return null;
  return <p>{refusal.code ? t('gateway.refusalWithCode', { reason: refusal.reason, code: refusal.code }) : t('gateway.refusal', { reason: refusal.reason })}</p>;
}
