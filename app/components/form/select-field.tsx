import type { FieldMetadata } from '@conform-to/react';
import { getSelectProps } from '@conform-to/react';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import { FieldMessages, hintIdOf } from './field-messages';

export type SelectOption = { value: string; label: string };

export type SelectFieldProps = {
  field: FieldMetadata<string>;
  label: string;
  options: readonly SelectOption[];
  autoComplete?: string;
  hint?: string;
  /** Disabled until an earlier choice is made (the hint should say which). */
  disabled?: boolean;
  /** Focused when the page loads: the list a no-JavaScript refresh came from (dependent-fields.tsx). */
  focusOnLoad?: boolean;
  /**
   * A combobox shows the field instead (searchable-select-field.tsx): the select stays in the
   * form with its value, hidden, without the label, messages and id that are now the combobox's.
   */
  replaced?: boolean;
};

/**
 * Label, hint, a native `<select>` (accessible and usable without JavaScript) and its error.
 * An empty list shows the spec's "No data" placeholder.
 */
export function SelectField({ field, label, options, autoComplete, hint, disabled, focusOnLoad, replaced }: SelectFieldProps) {
  const { t } = useShopTranslation('forms');
  const hintId = hintIdOf(field, hint);
  const { key, ...selectProps } = getSelectProps(field, { ariaDescribedBy: hintId });
  const errors = field.errors ?? [];
  return (
    <div className="form-field" data-invalid={errors.length > 0 || undefined} hidden={replaced}>
      {replaced ? null : (
        <label htmlFor={field.id} className="form-field__label">
          {label}
        </label>
      )}
      {replaced ? null : <FieldMessages field={field} hint={hint} />}
      <select
        key={key}
        {...selectProps}
        {...(replaced ? { id: undefined, 'aria-describedby': undefined, 'aria-invalid': undefined } : {})}
        autoComplete={autoComplete}
        disabled={disabled}
        // Only where a no-JavaScript refresh came from: the fan returns to the list they changed.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus={focusOnLoad}
        className="form-field__input form-field__select"
      >
        <option value="">{options.length === 0 ? t('forms:select.noData') : t('forms:select.choose')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
