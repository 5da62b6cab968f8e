import type { FieldMetadata } from '@conform-to/react';
import { FieldMessages, hintIdOf } from './field-messages';

/** `disabled`: shown but not choosable (a sold-out size). */
export type RadioOption = { value: string; label: string; disabled?: boolean };

type RadioGroupFieldProps = {
  field: FieldMetadata<string>;
  legend: string;
  options: readonly RadioOption[];
  hint?: string;
  /** An extra class for the options' container (e.g. a grid of sizes). */
  optionsClassName?: string;
};

/**
 * A `<fieldset>` of native radio buttons: the legend names the group, arrow keys move between
 * the options, and it works without JavaScript. The first radio carries the field's id so the
 * error summary's link lands on the group; hint and error describe every radio.
 */
export function RadioGroupField({ field, legend, options, hint, optionsClassName }: RadioGroupFieldProps) {
  const errors = field.errors ?? [];
  const hintId = hintIdOf(field, hint);
  const describedBy = [hintId, errors.length > 0 ? field.errorId : undefined].filter(Boolean).join(' ') || undefined;
  const checked = typeof field.initialValue === 'string' ? field.initialValue : undefined;
  // The summary's link lands on the first option that can be chosen.
  const firstEnabled = Math.max(0, options.findIndex((option) => !option.disabled));
  return (
    <fieldset
      key={field.key}
      className="form-field form-field--group"
      data-invalid={errors.length > 0 || undefined}
    >
      <legend className="form-field__label">{legend}</legend>
      <FieldMessages field={field} hint={hint} />
      <div className={optionsClassName ? `form-field__options ${optionsClassName}` : 'form-field__options'}>
        {options.map((option, index) => {
          const id = index === firstEnabled ? field.id : `${field.id}-${option.value}`;
          return (
            <div key={option.value} className="form-field__option">
              <input
                type="radio"
                id={id}
                name={field.name}
                form={field.formId}
                value={option.value}
                defaultChecked={checked === option.value}
                disabled={option.disabled}
                required={field.required}
                aria-invalid={errors.length > 0 || undefined}
                aria-describedby={describedBy}
              />
              <label htmlFor={id}>{option.label}</label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
