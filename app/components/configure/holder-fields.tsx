import type { FieldMetadata } from '@conform-to/react';
import { useState } from 'react';
import type { ProductKind } from '../../domain/cart-rules';
import { ITALY } from '../../domain/countries';
import { isHolderTaxCodeRequired } from '../../domain/holder-check';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import { CONFIGURE_DEPENDENT_FIELDS } from '../../forms/configure-refresh';
import { RefreshButton, RefreshHint, useDependentFields } from '../form/dependent-fields';
import { PersonNameFields } from '../form/person-name-fields';
import { RadioGroupField } from '../form/radio-group-field';
import { SelectField, type SelectOption } from '../form/select-field';
import { TextField } from '../form/text-field';

type HolderFieldName =
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phone'
  | 'dob'
  | 'gender'
  | 'birthCountryCode'
  | 'birthProvinceCode'
  | 'birthCityCode'
  | 'taxCode';

/**
 * The holder a fan buys for (on behalf of a minor): names, contact, birth data and tax code.
 * The birth-place lists narrow with the date, country and province (dependent-fields.tsx).
 */
export function HolderFields({
  fields,
  choices,
  birthCountryCode,
  productKind,
  form,
  view,
}: {
  fields: Record<HolderFieldName, FieldMetadata<string>>;
  choices: { countries: SelectOption[]; provinces: SelectOption[]; cities: SelectOption[] };
  birthCountryCode: string;
  productKind: ProductKind;
  /** The configure form (the refresh empties what went stale) and what the page shows. */
  form: Parameters<typeof useDependentFields>[0]['form'];
  view: Parameters<typeof useDependentFields>[0]['view'];
}) {
  // Only a holder has dependent lists: the refresh protocol lives with these fields.
  const { remembered } = CONFIGURE_DEPENDENT_FIELDS;
  const dependent = useDependentFields({ form, view, remembered, triggers: remembered });
  const { focusOnLoad } = dependent;
  const taxCodeRequired = isHolderTaxCodeRequired(productKind, birthCountryCode);
  const { t } = useShopTranslation(['configureParts', 'configure', 'forms']);
  const bornInItaly = birthCountryCode.trim().toUpperCase() === ITALY;
  const provinceChosen = choices.cities.length > 0;
  const optional = (label: string) => `${label} ${t('forms:optional')}`;
  const serverCheck = useServerTaxCodeCheck();
  return (
    <fieldset className="form-fieldset" {...dependent.handlers}>
      <legend className="form-fieldset__legend">{t('configureParts:holder.legend')}</legend>
      {dependent.previousInputs}
      <p className="form-field__hint">{t('configureParts:holder.intro')}</p>
      <PersonNameFields
        firstName={fields.firstName}
        lastName={fields.lastName}
        labels={{ firstName: t('configureParts:holder.firstName'), lastName: t('configureParts:holder.lastName') }}
      />
      <TextField field={fields.email} label={optional(t('configureParts:holder.email'))} type="email" autoComplete="off" />
      <TextField field={fields.phone} label={optional(t('configureParts:holder.phone'))} type="tel" autoComplete="off" />
      <TextField
        field={fields.dob}
        label={t('configureParts:holder.dob')}
        type="date"
        autoComplete="off"
        hint={t('configureParts:holder.dobHint')}
        focusOnLoad={focusOnLoad('dob')}
      />
      <RadioGroupField
        field={fields.gender}
        legend={t('configureParts:holder.gender')}
        options={[
          { value: 'F', label: t('configureParts:holder.female') },
          { value: 'M', label: t('configureParts:holder.male') },
        ]}
      />
      <RefreshHint>{t('configureParts:holder.refreshHint')}</RefreshHint>
      <SelectField
        field={fields.birthCountryCode}
        label={t('configureParts:holder.birthCountry')}
        options={choices.countries}
        focusOnLoad={focusOnLoad('birthCountryCode')}
      />
      {bornInItaly ? (
        <>
          <SelectField
            field={fields.birthProvinceCode}
            label={t('configureParts:holder.birthProvince')}
            options={choices.provinces}
            focusOnLoad={focusOnLoad('birthProvinceCode')}
          />
          <SelectField
            field={fields.birthCityCode}
            label={t('configureParts:holder.birthCity')}
            options={choices.cities}
            disabled={!provinceChosen}
            hint={provinceChosen ? undefined : t('configureParts:holder.cityHint')}
          />
        </>
      ) : null}
      <RefreshButton />
      {/* The tax code is the card holder's only (spec §2); the server checks it for one born in Italy. */}
      {productKind === 'card' ? (
        <div onBlur={(event) => bornInItaly && void serverCheck.run(event.target)}>
          <TextField
            field={fields.taxCode}
            label={taxCodeRequired ? t('configureParts:holder.taxCode') : optional(t('configureParts:holder.taxCode'))}
            autoComplete="off"
            hint={t('configureParts:holder.taxCodeHint')}
          />
          {/* The server's word, when the form's own check found nothing to say. */}
          <p className="form-field__error" aria-live="polite">
            {bornInItaly && (fields.taxCode.errors ?? []).length === 0 ? serverCheck.message : null}
          </p>
        </div>
      ) : null}
    </fieldset>
  );
}

/**
 * Spec §5: an Italian-born holder's tax code is checked by the server when the field is left
 * (`/configure/tax-code`, JSON). Only with JavaScript; the submit checks the same rules anyway.
 * A 400 (something it depends on is missing) or a failed request says nothing: the form's own
 * messages cover those.
 */
function useServerTaxCodeCheck() {
  const [message, setMessage] = useState<string | null>(null);
  async function run(target: EventTarget) {
    if (!(target instanceof HTMLInputElement) || target.name !== 'taxCode' || !target.form) return;
    const form = new FormData(target.form);
    const value = (name: string) => String(form.get(name) ?? '');
    const [year, month, day] = value('dob').split('-');
    const query = new URLSearchParams({
      surname: value('lastName'),
      name: value('firstName'),
      gender: value('gender'),
      birthDate: `${day}/${month}/${year}`,
      birthCountryCode: value('birthCountryCode'),
      birthCityCode: value('birthCityCode'),
      fiscalCode: target.value,
    });
    if (target.value.trim() === '') return setMessage(null);
    try {
      const response = await fetch(`/configure/tax-code?${query.toString()}`, { headers: { Accept: 'application/json' } });
      if (!response.ok) return setMessage(null);
      const answer = (await response.json()) as { code: number; message?: string };
      setMessage(answer.code === 0 ? null : (answer.message ?? null));
    } catch {
      setMessage(null);
    }
  }
  return { message, run };
}
