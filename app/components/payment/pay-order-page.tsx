import type { SubmissionResult } from '@conform-to/react';
import { Form, Link } from 'react-router';
import { payOrderSchema } from '../../forms/payment';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import type { PayOrderView } from '../../routes/payment/pay-order.server';
import { ErrorSummary } from '../form/error-summary';
import { SubmitButton } from '../form/submit-button';
import { useShopForm } from '../form/use-shop-form';
import { PaymentMethodField } from './payment-method-field';
import { RefusalText } from './refusal-text';
import { PurchaseSteps } from '../purchase-steps';
import { Notice } from '../ui/notice';

const FIELD_ORDER = ['paymentMethod'] as const;

/** The pay page (issue 14): an order awaiting payment, its last refusal, and the way to the PSP's page. */
export function PayOrderPage({ view, result }: { view: PayOrderView; result: SubmissionResult<string[]> | undefined }) {
  const { t } = useShopTranslation('payment');
  if (view.state === 'signed-out') {
    return (
      <div className="order-page">
        <h1>{t('pay.metaTitle')}</h1>
        <p>{t('pay.signedOut')}</p>
        <p>
          <Link to={view.signInHref} className="button button--primary">
            {t('pay.signIn')}
          </Link>
        </p>
      </div>
    );
  }
  if (view.state !== 'payable') {
    return (
      <div className="order-page">
        <h1>{t('pay.heading', { number: view.number })}</h1>
        <p>{view.state === 'paid' ? t('pay.paid') : t('pay.closed')}</p>
        <p>
          <Link to={view.receiptHref}>{t('pay.receipt')}</Link>
        </p>
      </div>
    );
  }
  return <PayableOrder view={view} result={result} />;
}

function PayableOrder({ view, result }: { view: Extract<PayOrderView, { state: 'payable' }>; result: SubmissionResult<string[]> | undefined }) {
  const { t } = useShopTranslation('payment');
  const { t: tMethod } = useShopTranslation('paymentMethod');
  const { fields, formProps, summary } = useShopForm(payOrderSchema, {
    id: 'pay-order',
    lastResult: result,
    fieldOrder: FIELD_ORDER,
    defaultValue: { paymentMethod: 'scheme' },
  });
  return (
    <div className="order-page">
      <PurchaseSteps current="pay" />
      <h1>{t('pay.heading', { number: view.number })}</h1>
      <ErrorSummary key={summary.key} errors={summary.errors} labels={{ paymentMethod: tMethod('legend') }} />
      {view.refusal ? (
        <Notice tone="error">
          <p>{t('pay.lastRefusal')}</p>
          <RefusalText refusal={view.refusal} />
        </Notice>
      ) : null}
      <p>{t('pay.amount', { amount: view.amount })}</p>
      <p>{t('pay.payBy', { time: view.payBy })}</p>
      <Form method="post" {...formProps} noValidate>
        <PaymentMethodField field={fields.paymentMethod} savedCards={view.savedCards} />
        <SubmitButton>{t('pay.submit')}</SubmitButton>
      </Form>
      <p>
        <Link to={view.receiptHref}>{t('pay.receipt')}</Link>
      </p>
    </div>
  );
}
