import type { FieldMetadata } from '@conform-to/react';
import { useTranslation } from 'react-i18next';
import { Form, type FormProps } from 'react-router';
import { ITALY } from '../../domain/profile-completeness';
import { PREVIOUS_FIELDS, type ProfileFormField, type ProfileFormValues } from '../../forms/profile';
import { ErrorSummary, type SummaryError } from '../form/error-summary';
import { RadioGroupField } from '../form/radio-group-field';
import { RefreshButton, SelectField, type SelectOption } from '../form/select-field';
import { SubmitButton } from '../form/submit-button';
import { TextField } from '../form/text-field';

export const REFRESH_BUTTON_ID = 'profile-refresh';

type ProfileCompletionFormProps = {
  fields: Record<ProfileFormField, FieldMetadata<string>>;
  /** `useShopForm`'s props for `<Form>` (id, submit handling, no native validation). */
  formProps: Omit<FormProps, 'method' | 'children'>;
  summary: { key: number; errors: SummaryError[] };
  /** The values the page was rendered with (sent back as `previous…`) and the lists for them. */
  view: {
    values: ProfileFormValues;
    choices: { countries: SelectOption[]; provinces: SelectOption[]; cities: SelectOption[] };
  };
  phoneRequired: boolean;
};

/**
 * The fields of the profile-completion page. The province and municipality are asked only
 * for an Italian birth country; with JavaScript the country and province lists press the
 * refresh button themselves, without it the fan does.
 */
export function ProfileCompletionForm({ fields, formProps, summary, view, phoneRequired }: ProfileCompletionFormProps) {
  const { t } = useTranslation('account');
  const bornInItaly = view.values.birthCountryCode.trim().toUpperCase() === ITALY;
  const provinceChosen = view.choices.cities.length > 0;
  return (
    <>
      <ErrorSummary key={summary.key} errors={summary.errors} />
      <Form method="post" {...formProps} className="form">
        {(Object.entries(PREVIOUS_FIELDS) as [keyof typeof PREVIOUS_FIELDS, string][]).map(([field, name]) => (
          <input key={name} type="hidden" name={name} value={view.values[field]} />
        ))}
        <TextField field={fields.dob} label={t('fields.dob')} type="date" autoComplete="bday" />
        <RadioGroupField
          field={fields.gender}
          legend={t('fields.gender')}
          options={[
            { value: 'F', label: t('gender.F') },
            { value: 'M', label: t('gender.M') },
          ]}
        />
        <TextField
          field={fields.phone}
          label={phoneRequired ? t('fields.phone') : `${t('fields.phone')} ${t('forms:optional')}`}
          type="tel"
          autoComplete="tel"
        />
        <fieldset className="form-fieldset">
          <legend className="form-fieldset__legend">{t('complete.birthPlaceLegend')}</legend>
          <p className="form-field__hint">{t('complete.refreshHint')}</p>
          <SelectField
            field={fields.birthCountryCode}
            label={t('fields.birthCountry')}
            options={view.choices.countries}
            refreshWith={REFRESH_BUTTON_ID}
          />
          {bornInItaly ? (
            <>
              <SelectField
                field={fields.birthProvinceCode}
                label={t('fields.birthProvince')}
                options={view.choices.provinces}
                refreshWith={REFRESH_BUTTON_ID}
              />
              <SelectField
                field={fields.birthCityCode}
                label={t('fields.birthCity')}
                options={view.choices.cities}
                disabled={!provinceChosen}
                hint={provinceChosen ? undefined : t('complete.cityHint')}
              />
            </>
          ) : null}
          <RefreshButton id={REFRESH_BUTTON_ID} />
        </fieldset>
        <TextField field={fields.taxCode} label={t('fields.taxCode')} autoComplete="off" hint={t('complete.taxCodeHint')} />
        <SubmitButton>{t('complete.submit')}</SubmitButton>
      </Form>
    </>
  );
}
