import { useShopTranslation } from '../../i18n/use-shop-translation';
import { Form } from 'react-router';
import { ITALY } from '../../domain/countries';
import { PROFILE_DEPENDENT_FIELDS, PROFILE_FIELDS, type profileCompletionSchema } from '../../forms/profile';
import type { DependentFormView } from '../../forms/refresh';
import { RefreshButton, RefreshHint, useDependentFields } from '../form/dependent-fields';
import { ErrorSummary } from '../form/error-summary';
import { RadioGroupField } from '../form/radio-group-field';
import { SelectField, type SelectOption } from '../form/select-field';
import { SubmitButton } from '../form/submit-button';
import { TextField } from '../form/text-field';
import { useShopForm } from '../form/use-shop-form';

const FORM_ID = 'profile';
const { remembered: TRIGGERS } = PROFILE_DEPENDENT_FIELDS;

type ProfileCompletionFormProps = {
  /** The schema the action checks with, built for this fan and request. */
  schema: ReturnType<typeof profileCompletionSchema>;
  /** The values to show (loaded, refreshed or refused) and the birth-place lists for them. */
  view: DependentFormView<
    (typeof PROFILE_FIELDS)[number],
    { choices: { countries: SelectOption[]; provinces: SelectOption[]; cities: SelectOption[] } }
  >;
  phoneRequired: boolean;
};

/**
 * The profile-completion form. The province and municipality are asked only for an Italian
 * birth country; the lists narrow with the date, country and province (dependent-fields.tsx):
 * the server's answers update it in place.
 */
export function ProfileCompletionForm({ schema, view, phoneRequired }: ProfileCompletionFormProps) {
  const { t } = useShopTranslation(['account', 'forms']);
  const { form, fields, formProps, summary } = useShopForm(schema, {
    id: FORM_ID,
    lastResult: view.result,
    refreshed: view.refresh?.result,
    fieldOrder: [...PROFILE_FIELDS],
    defaultValue: view.values,
  });
  const dependent = useDependentFields({ form, view, remembered: TRIGGERS, triggers: TRIGGERS });
  const bornInItaly = view.values.birthCountryCode.trim().toUpperCase() === ITALY;
  const provinceChosen = view.choices.cities.length > 0;
  return (
    <>
      <ErrorSummary
        key={summary.key}
        errors={summary.errors}
        labels={{
          dob: t('fields.dob'),
          gender: t('fields.gender'),
          phone: t('fields.phone'),
          birthCountryCode: t('fields.birthCountry'),
          birthProvinceCode: t('fields.birthProvince'),
          birthCityCode: t('fields.birthCity'),
          taxCode: t('fields.taxCode'),
        }}
      />
      <Form method="post" {...formProps} {...dependent.handlers} className="form">
        {dependent.previousInputs}
        <TextField
          field={fields.dob}
          label={t('fields.dob')}
          type="date"
          autoComplete="bday"
          focusOnLoad={dependent.focusOnLoad('dob')}
        />
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
          <RefreshHint>{t('complete.refreshHint')}</RefreshHint>
          <SelectField
            field={fields.birthCountryCode}
            label={t('fields.birthCountry')}
            options={view.choices.countries}
            focusOnLoad={dependent.focusOnLoad('birthCountryCode')}
          />
          {bornInItaly ? (
            <>
              <SelectField
                field={fields.birthProvinceCode}
                label={t('fields.birthProvince')}
                options={view.choices.provinces}
                focusOnLoad={dependent.focusOnLoad('birthProvinceCode')}
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
          <RefreshButton />
        </fieldset>
        <TextField field={fields.taxCode} label={t('fields.taxCode')} autoComplete="off" hint={t('complete.taxCodeHint')} />
        <SubmitButton>{t('complete.submit')}</SubmitButton>
      </Form>
    </>
  );
}
