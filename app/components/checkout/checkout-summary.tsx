import type { FieldMetadata } from '@conform-to/react';
import { useNavigation } from 'react-router';
import { MAX_VOUCHER_CODE_LENGTH } from '../../domain/voucher';
import { PAY_INTENT, type CheckoutFormField } from '../../forms/checkout';
import { INTENT_FIELD } from '../../forms/intent';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import type { CheckoutPageData } from '../../routes/checkout/checkout.server';
import { useHydrated } from '../form/use-hydrated';
import { SubmitButton } from '../form/submit-button';
import { TextField } from '../form/text-field';
import { TotalsList } from '../ui/totals-list';

/**
 * Spec "Checkout screen": the cart summary (lines, subtotal, voucher, shipping, total), the
 * voucher box, and pay. `missing` is what the form still lacks, as the browser checks it.
 */
export function CheckoutSummary({
  page,
  voucherField,
  missing,
  labels,
  paying = false,
}: {
  page: CheckoutPageData;
  voucherField: FieldMetadata<string>;
  missing: readonly CheckoutFormField[];
  labels: Readonly<Record<CheckoutFormField, string>>;
  /** A payment is under way in Drop-in (no navigation shows it). */
  paying?: boolean;
}) {
  const { t } = useShopTranslation('checkout');
  const { totals } = page;
  return (
    <aside className="summary-box" aria-labelledby="summary-heading">
      <h2 id="summary-heading">{t('summary.heading')}</h2>
      <TotalsList
        lines={page.lines.map((line) => ({ id: line.id, label: t('summary.line', { name: line.name, holder: line.holder }), price: line.price, imageUrl: line.imageUrl }))}
        totals={totals}
        words={{
          subtotal: t('summary.subtotal'),
          voucher: t('summary.voucher', { code: page.voucher?.code ?? '' }),
          shipping: t('summary.shipping'),
          total: t('summary.total'),
        }}
      />
      <VoucherBox voucher={page.voucher} field={voucherField} />
      <PayButton missing={missing} labels={labels} free={page.rules.totalCents === 0} paying={paying} />
    </aside>
  );
}

function VoucherBox({ voucher, field }: { voucher: CheckoutPageData['voucher']; field: FieldMetadata<string> }) {
  const { t } = useShopTranslation('checkout');
  if (voucher) {
    return (
      <div className="checkout__voucher">
        <p>{t('voucher.applied', { code: voucher.code, discount: voucher.discount })}</p>
        {voucher.refusal ? <p className="form-field__error">{t(`voucher.refusal.${voucher.refusal}`)}</p> : null}
        <SubmitButton intent="removeVoucher" variant="secondary">
          {t('voucher.remove')}
          <span className="visually-hidden">{`: ${voucher.code}`}</span>
        </SubmitButton>
      </div>
    );
  }
  return (
    <div className="checkout__voucher">
      <TextField field={field} label={t('labels.voucherCode')} autoComplete="off" hint={t('voucher.hint', { max: MAX_VOUCHER_CODE_LENGTH })} />
      <SubmitButton intent="voucher" variant="secondary">
        {t('voucher.apply')}
      </SubmitButton>
    </div>
  );
}

/**
 * Pay. Without JavaScript it always submits, and the server answers with what is missing.
 * With JavaScript it says it is not ready yet (`aria-disabled`, so it stays focusable) and lists
 * why as visible text; pressed anyway, the error summary links each missing field.
 */
function PayButton({
  missing,
  labels,
  free,
  paying,
}: {
  missing: readonly CheckoutFormField[];
  labels: Readonly<Record<CheckoutFormField, string>>;
  free: boolean;
  paying: boolean;
}) {
  const { t } = useShopTranslation('checkout');
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const pending = paying || (navigation.state === 'submitting' && navigation.formData?.get(INTENT_FIELD) === PAY_INTENT);
  const incomplete = hydrated && missing.length > 0;
  return (
    <div className="checkout__pay">
      <button
        type="submit"
        name={INTENT_FIELD}
        value={PAY_INTENT}
        className="button button--primary checkout__pay-button"
        aria-disabled={pending || incomplete || undefined}
        aria-busy={pending || undefined}
        aria-describedby={incomplete ? 'pay-missing' : undefined}
        onClick={(event) => {
          if (pending) event.preventDefault();
        }}
      >
        {pending ? (
          t('common:pending')
        ) : (
          <>
            <span className="checkout__label-wide">{t(free ? 'summary.confirm' : 'summary.pay')}</span>
            <span className="checkout__label-narrow">{t(free ? 'summary.confirm' : 'summary.payMobile')}</span>
          </>
        )}
      </button>
      {incomplete ? (
        <div id="pay-missing" className="checkout__missing">
          <p>{t('summary.missingIntro')}</p>
          <ul>
            {missing.map((field) => (
              <li key={field}>{labels[field]}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
