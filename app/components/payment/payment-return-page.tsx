import { Link } from 'react-router';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import { RefusalText } from './refusal-text';
import type { PaymentReturnView } from '../../routes/payment/payment-return.server';
import { Notice } from '../ui/notice';

/**
 * The payment-return page (spec §4): while the outcome is unknown, the loading message of its
 * process and, after 10 s, the notice that there seems to be a problem; otherwise what happened
 * — refused (with reason and code), not completed, too late — and the way on.
 */
export function PaymentReturnPage({ view }: { view: PaymentReturnView }) {
  const { t } = useShopTranslation('payment');
  return (
    <div className="order-page payment-return">
      {view.kind === 'waiting' ? (
        <>
          <h1 aria-live="polite">{t(`process.${view.process}`)}</h1>
          <p>{t('gateway.waitingHint')}</p>
          {view.problem ? (
            <Notice tone="warning" announce>
              <p>{t('gateway.problem')}</p>
            </Notice>
          ) : null}
        </>
      ) : null}
      {view.kind === 'refused' ? (
        <>
          <h1>{t('gateway.refusedHeading')}</h1>
          {view.refusal ? <RefusalText refusal={view.refusal} /> : null}
          <p>{t('gateway.refusedBody')}</p>
        </>
      ) : null}
      {view.kind === 'not-completed' ? (
        <>
          <h1>{t('gateway.notCompletedHeading')}</h1>
          <p>{t('gateway.notCompletedBody')}</p>
        </>
      ) : null}
      {view.kind === 'too-late' ? (
        <>
          <h1>{t('gateway.tooLateHeading')}</h1>
          <p>{t('gateway.tooLateBody')}</p>
        </>
      ) : null}
      {view.kind === 'unknown' ? (
        <>
          <h1>{t('gateway.errorHeading')}</h1>
          <p>{t('gateway.errorBody')}</p>
        </>
      ) : null}
      <ul className="order-page__links">
        {view.tryAgainHref ? (
          <li>
            <Link to={view.tryAgainHref} className="button button--primary">
              {t('gateway.tryAgain')}
            </Link>
          </li>
        ) : null}
        <li>
          <Link to="/" className="button">
            {t('gateway.home')}
          </Link>
        </li>
      </ul>
    </div>
  );
}
