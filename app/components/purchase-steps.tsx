import { PURCHASE_STEPS, type PurchaseStep } from '../domain/steps';
import { useShopTranslation } from '../i18n/use-shop-translation';
import { StepsIndicator } from './ui/steps-indicator';

/**
 * The purchase flow's steps (configure → cart → checkout → pay) with the fan on `current`: shown
 * under the breadcrumb of each of those pages, in their own namespace so only they load it.
 */
export function PurchaseSteps({ current }: { current: PurchaseStep }) {
  const { t } = useShopTranslation('purchaseSteps');
  return (
    <StepsIndicator
      label={t('label')}
      steps={PURCHASE_STEPS.map((id) => ({ id, name: t(`step.${id}`) }))}
      current={current}
      doneText={t('done')}
    />
  );
}
