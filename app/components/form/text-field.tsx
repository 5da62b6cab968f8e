import type { FieldMetadata } from '@conform-to/react';
import { getInputProps } from '@conform-to/react';
import { FieldMessages, hintIdOf } from './field-messages';

type TextFieldProps = {
  field: FieldMetadata<string>;
  label: string;
  type?: 'text' | 'email' | 'password' | 'tel' | 'date';
  autoComplete: string;
  hint?: string;
};

/** Label, optional hint, input and its error message, wired for assistive technology. */
export function TextField({ field, label, type = 'text', autoComplete, hint }: TextFieldProps) {
  const hintId = hintIdOf(field, hint);
  const { key, ...inputProps } = getInputProps(field, { type, ariaDescribedBy: hintId });
  const errors = field.errors ?? [];
  return (
    <div className="form-field" data-invalid={errors.length > 0 || undefined}>
      <label htmlFor={field.id} className="form-field__label">
        {label}
      </label>
      <FieldMessages field={field} hint={hint} />
      <input key={key} {...inputProps} autoComplete={autoComplete} className="form-field__input" />
    </div>
  );
}
