import type { FieldMetadata } from '@conform-to/react';
import { isItaly } from '../../domain/countries';
import { VAT_COUNTRY_SEARCH_MIN } from '../../domain/vat-invoicing';
import { MAX_INVOICING_INPUT_LENGTH } from '../../forms/checkout-invoicing';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import { CheckboxField } from '../configure/checkbox-field';
import { SearchableSelectField } from '../form/searchable-select-field';
import type { SelectOption } from '../form/select-field';
import { TextField } from '../form/text-field';

type InvoicingFields = Record<'invoiceWithVat' | 'vatCountry' | 'vatNumber' | 'receiverCode' | 'emailPec', FieldMetadata<string>>;

/**
 * Spec "Checkout screen": invoicing with a VAT number, offered when there is something to pay.
 * The toggle reveals the fields, and Italy the receiver code and PEC: CSS reads the checkbox
 * and the chosen country, so it works without JavaScript; a browser without `:has()` simply
 * shows every field. The server ignores the fields while the toggle is off. With JavaScript the
 * country becomes searchable once the toggle is on (the search code loads only then).
 */
export function InvoicingSection({ fields, countries }: { fields: InvoicingFields; countries: readonly SelectOption[] }) {
  const { t } = useShopTranslation('checkout');
  const italian = isItaly(String(fields.vatCountry.value ?? ''));
  return (
    <section className="checkout__section checkout-vat" aria-labelledby="vat-heading">
      <h2 id="vat-heading">{t('vat.heading')}</h2>
      <CheckboxField field={fields.invoiceWithVat} label={t('labels.invoiceWithVat')} hint={t('vat.toggleHint')} />
      <div className="checkout-vat__fields">
        <SearchableSelectField
          field={fields.vatCountry}
          label={t('labels.vatCountry')}
          options={countries}
          autoComplete="country"
          minSearchLength={VAT_COUNTRY_SEARCH_MIN}
          wanted={fields.invoiceWithVat.value === 'on'}
        />
        <TextField
          field={fields.vatNumber}
          label={t('labels.vatNumber')}
          autoComplete="off"
          hint={t(italian ? 'vat.numberHintItalian' : 'vat.numberHint', { max: MAX_INVOICING_INPUT_LENGTH })}
          digitsOnly={italian}
        />
        <div className="checkout-vat__italy">
          <TextField field={fields.receiverCode} label={t('labels.receiverCode')} autoComplete="off" hint={t('vat.receiverCodeHint')} />
          <TextField field={fields.emailPec} label={t('labels.emailPec')} type="email" autoComplete="off" hint={t('vat.emailPecHint')} />
        </div>
      </div>
    </section>
  );
}
