import { useShopTranslation } from '../../i18n/use-shop-translation';
import { Form, Link } from 'react-router';
import { isItaly } from '../../domain/countries';
import { ADDRESS_DEPENDENT_FIELDS, ADDRESS_FIELD_ORDER, addressSchema, type AddressFormView } from '../../forms/address';
import { RefreshButton, RefreshHint, useDependentFields } from '../form/dependent-fields';
import { ErrorSummary } from '../form/error-summary';
import { PersonNameFields } from '../form/person-name-fields';
import { SelectField } from '../form/select-field';
import { SubmitButton } from '../form/submit-button';
import { TextField } from '../form/text-field';
import { useShopForm } from '../form/use-shop-form';

const FORM_ID = 'address';
/** The lists whose choice narrows the next one (the city enables the zip). */
const TRIGGERS = ['countryCode', 'provinceCode', 'cityCode'];

type AddressFormProps = {
  view: AddressFormView;
  submitLabel: string;
  /** Where "Cancel" goes: the caller's page or the address book. */
  cancelTo: string;
};

/**
 * The address form of the new and edit pages; its lists narrow as the fan chooses
 * (dependent-fields.tsx): the server's answers update it in place.
 */
export function AddressForm({ view, submitLabel, cancelTo }: AddressFormProps) {
  const { t } = useShopTranslation(['addresses', 'forms']);
  const { form, fields, formProps, summary } = useShopForm(addressSchema, {
    id: FORM_ID,
    lastResult: view.result,
    refreshed: view.refresh?.result,
    defaultValue: view.values,
    fieldOrder: [...ADDRESS_FIELD_ORDER],
  });
  const dependent = useDependentFields({ form, view, remembered: ADDRESS_DEPENDENT_FIELDS.remembered, triggers: TRIGGERS });

  const { values, options } = view;
  const italian = isItaly(values.countryCode ?? '');
  const optional = (label: string) => `${label} ${t('forms:optional')}`;
  const zipField = (
    <TextField
      field={fields.postalCode}
      label={t('form.postalCode')}
      autoComplete="postal-code"
      focusOnLoad={dependent.focusOnLoad('postalCode')}
    />
  );
  return (
    <>
      <ErrorSummary
        key={summary.key}
        errors={summary.errors}
        labels={{
          firstName: t('form.firstName'),
          lastName: t('form.lastName'),
          phone: t('form.phone'),
          countryCode: t('form.country'),
          provinceCode: t('form.province'),
          state: t('form.state'),
          cityCode: t('form.cityIt'),
          city: t('form.city'),
          postalCode: t('form.postalCode'),
          street: t('form.street'),
          number: t('form.number'),
          extraInfo: t('form.extraInfo'),
        }}
      />
      <Form
        method="post"
        {...formProps}
        {...dependent.handlers}
        className="form address-form"
      >
        <fieldset className="address-form__group">
          <legend>{t('form.recipient')}</legend>
          <PersonNameFields
            firstName={fields.firstName}
            lastName={fields.lastName}
            labels={{ firstName: t('form.firstName'), lastName: t('form.lastName') }}
          />
          <TextField
            field={fields.phone}
            label={t('form.phone')}
            type="tel"
            autoComplete="tel"
            hint={t('form.phoneHint')}
          />
        </fieldset>

        <fieldset className="address-form__group">
          <legend>{t('form.address')}</legend>
          <RefreshHint>{t('form.listsHint')}</RefreshHint>
          <SelectField
            field={fields.countryCode}
            label={t('form.country')}
            options={options.countries}
            autoComplete="country"
            hint={view.restrictedCountry ? t('forms:address.restrictedCountry') : undefined}
            focusOnLoad={dependent.focusOnLoad('countryCode')}
          />
          {italian ? (
            <>
              <SelectField
                field={fields.provinceCode}
                label={t('form.province')}
                options={options.provinces}
                focusOnLoad={dependent.focusOnLoad('provinceCode')}
              />
              <SelectField
                field={fields.cityCode}
                label={t('form.cityIt')}
                options={options.cities}
                disabled={!values.provinceCode}
                hint={values.provinceCode ? undefined : t('form.cityNeedsProvince')}
                focusOnLoad={dependent.focusOnLoad('cityCode')}
              />
              <RefreshButton />
              {/* A disabled fieldset disables the zip until a city is chosen (spec §5). */}
              <fieldset disabled={!values.cityCode} className="address-form__zip">
                <legend className="visually-hidden">{t('form.postalCode')}</legend>
                {values.cityCode ? null : <p className="form-field__hint">{t('form.zipNeedsCity')}</p>}
                {zipField}
              </fieldset>
            </>
          ) : (
            <>
              <RefreshButton />
              <TextField
                field={fields.state}
                label={optional(t('form.state'))}
                autoComplete="address-level1"
                focusOnLoad={dependent.focusOnLoad('state')}
              />
              <TextField
                field={fields.city}
                label={t('form.city')}
                autoComplete="address-level2"
                focusOnLoad={dependent.focusOnLoad('city')}
              />
              {zipField}
            </>
          )}
          <TextField field={fields.street} label={t('form.street')} autoComplete="address-line1" />
          <TextField field={fields.number} label={optional(t('form.number'))} autoComplete="off" />
          <TextField field={fields.extraInfo} label={optional(t('form.extraInfo'))} autoComplete="address-line2" />
        </fieldset>

        {dependent.previousInputs}
        <div className="form--inline">
          <SubmitButton>{submitLabel}</SubmitButton>
          <Link to={cancelTo} className="button">
            {t('form.cancel')}
          </Link>
        </div>
      </Form>
    </>
  );
}
