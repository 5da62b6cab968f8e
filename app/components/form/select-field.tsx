import type { FieldMetadata } from '@conform-to/react';
import { getSelectProps } from '@conform-to/react';
import { useTranslation } from 'react-i18next';
import { FieldMessages, hintIdOf } from './field-messages';

export type SelectOption = { value: string; label: string };

type SelectFieldProps = {
  field: FieldMetadata<string>;
  label: string;
  options: readonly SelectOption[];
  autoComplete?: string;
  hint?: string;
  /** Disabled until an earlier choice is made (the hint should say which). */
  disabled?: boolean;
  /**
   * With JavaScript, choosing an option re-sends the form with this submit button (usually
   * the `intent=refresh` button) so the dependent lists narrow at once.
   */
  refreshWith?: string;
};

/**
 * Label, hint, a native `<select>` (accessible and usable without JavaScript) and its error.
 * An empty list shows the spec's "No data" placeholder.
 */
export function SelectField({ field, label, options, autoComplete, hint, disabled, refreshWith }: SelectFieldProps) {
  const { t } = useTranslation();
  const hintId = hintIdOf(field, hint);
  const { key, ...selectProps } = getSelectProps(field, { ariaDescribedBy: hintId });
  const errors = field.errors ?? [];
  return (
    <div className="form-field" data-invalid={errors.length > 0 || undefined}>
      <label htmlFor={field.id} className="form-field__label">
        {label}
      </label>
      <FieldMessages field={field} hint={hint} />
      <select
        key={key}
        {...selectProps}
        autoComplete={autoComplete}
        disabled={disabled}
        className="form-field__input form-field__select"
        onChange={(event) => {
          if (!refreshWith) return;
          const form = event.currentTarget.form;
          const button = form?.querySelector<HTMLButtonElement>(`#${CSS.escape(refreshWith)}`);
          if (form && button) form.requestSubmit(button);
        }}
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

/**
 * The secondary submit that narrows dependent lists without saving (`intent=refresh`).
 * It stays visible: without JavaScript it is how the lists update; with JavaScript the
 * selects press it themselves.
 */
export function RefreshButton({ id, children }: { id: string; children?: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <button id={id} type="submit" name="intent" value="refresh" formNoValidate className="button">
      {children ?? t('forms:refresh')}
    </button>
  );
}
