import { useEffect, useRef, type MutableRefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import { ADDRESS_LOCATION_FIELDS, isItaly } from '../../domain/address-form';
import {
  ADDRESS_FIELD_ORDER,
  addressSchema,
  PREVIOUS_FIELD_PREFIX,
  type AddressFormView,
} from '../../forms/address';
import { ErrorSummary } from '../form/error-summary';
import { RefreshButton, SelectField } from '../form/select-field';
import { SubmitButton } from '../form/submit-button';
import { TextField } from '../form/text-field';
import { useShopForm } from '../form/use-shop-form';

const FORM_ID = 'address';
const REFRESH_BUTTON_ID = 'address-refresh';

type AddressFormProps = {
  view: AddressFormView;
  submitLabel: string;
  /** Where "Cancel" goes: the caller's page or the address book. */
  cancelTo: string;
};

/**
 * The address form of the new and edit pages. Every answer of the server (a refresh or a
 * failed save) starts the form afresh from that answer's values (`key`), since the server may
 * have cleared fields the browser still shows; focus returns to where it was after a refresh.
 */
export function AddressForm(props: AddressFormProps) {
  const focusedBeforeSubmit = useRef<string | null>(null);
  return <AddressFormFields key={props.view.answerId} {...props} focusedBeforeSubmit={focusedBeforeSubmit} />;
}

function AddressFormFields({
  view,
  submitLabel,
  cancelTo,
  focusedBeforeSubmit,
}: AddressFormProps & { focusedBeforeSubmit: MutableRefObject<string | null> }) {
  const { t } = useTranslation('addresses');
  const { fields, formProps, summary } = useShopForm(addressSchema, {
    id: FORM_ID,
    lastResult: view.result,
    defaultValue: view.values,
    fieldOrder: [...ADDRESS_FIELD_ORDER],
  });
  useEffect(() => {
    // After a refresh (no messages) the narrowed form replaces the old one: keep the fan's place.
    const id = focusedBeforeSubmit.current;
    focusedBeforeSubmit.current = null;
    if (id && !view.result) document.getElementById(id)?.focus();
  }, [focusedBeforeSubmit, view.result]);

  const { values, options } = view;
  const italian = isItaly(values.countryCode ?? '');
  const optional = (label: string) => `${label} ${t('forms:optional')}`;
  const zipField = (
    <TextField field={fields.postalCode} label={t('form.postalCode')} autoComplete="postal-code" />
  );
  return (
    <>
      <ErrorSummary key={summary.key} errors={summary.errors} />
      <Form
        method="post"
        {...formProps}
        className="form address-form"
        onSubmitCapture={() => {
          focusedBeforeSubmit.current = document.activeElement?.id || null;
        }}
      >
        <fieldset className="address-form__group">
          <legend>{t('form.recipient')}</legend>
          <TextField field={fields.firstName} label={t('form.firstName')} autoComplete="given-name" />
          <TextField field={fields.lastName} label={t('form.lastName')} autoComplete="family-name" />
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
          <p className="form-field__hint">{t('form.listsHint')}</p>
          <SelectField
            field={fields.countryCode}
            label={t('form.country')}
            options={options.countries}
            autoComplete="country"
            hint={view.restrictedCountry ? t('restrictedCountry') : undefined}
            refreshWith={REFRESH_BUTTON_ID}
          />
          {italian ? (
            <>
              <SelectField
                field={fields.provinceCode}
                label={t('form.province')}
                options={options.provinces}
                refreshWith={REFRESH_BUTTON_ID}
              />
              <SelectField
                field={fields.cityCode}
                label={t('form.cityIt')}
                options={options.cities}
                disabled={!values.provinceCode}
                hint={values.provinceCode ? undefined : t('form.cityNeedsProvince')}
                refreshWith={REFRESH_BUTTON_ID}
              />
              <RefreshButton id={REFRESH_BUTTON_ID} />
              {/* A disabled fieldset disables the zip until a city is chosen (spec §5). */}
              <fieldset disabled={!values.cityCode} className="address-form__zip">
                <legend className="visually-hidden">{t('form.postalCode')}</legend>
                {values.cityCode ? null : <p className="form-field__hint">{t('form.zipNeedsCity')}</p>}
                {zipField}
              </fieldset>
            </>
          ) : (
            <>
              <RefreshButton id={REFRESH_BUTTON_ID} />
              <TextField field={fields.state} label={optional(t('form.state'))} autoComplete="address-level1" />
              <TextField field={fields.city} label={t('form.city')} autoComplete="address-level2" />
              {zipField}
            </>
          )}
          <TextField field={fields.street} label={t('form.street')} autoComplete="address-line1" />
          <TextField field={fields.number} label={optional(t('form.number'))} autoComplete="off" />
          <TextField field={fields.extraInfo} label={optional(t('form.extraInfo'))} autoComplete="address-line2" />
        </fieldset>

        {ADDRESS_LOCATION_FIELDS.map((name) => (
          <input key={name} type="hidden" name={`${PREVIOUS_FIELD_PREFIX}${name}`} value={values[name] ?? ''} />
        ))}
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
