import type { FieldMetadata } from '@conform-to/react';
import { getInputProps } from '@conform-to/react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from './messages';

type TextFieldProps = {
  field: FieldMetadata<string>;
  label: string;
  type?: 'text' | 'email' | 'password' | 'tel' | 'date';
  autoComplete: string;
  hint?: string;
};

/** Label, optional hint, input and its error message, wired for assistive technology. */
export function TextField({ field, label, type = 'text', autoComplete, hint }: TextFieldProps) {
  const { t, i18n } = useTranslation();
  const hintId = hint ? `${field.id}-hint` : undefined;
  const { key, ...inputProps } = getInputProps(field, { type, ariaDescribedBy: hintId });
  const errors = field.errors ?? [];
  return (
    <div className="form-field" data-invalid={errors.length > 0 || undefined}>
      <label htmlFor={field.id} className="form-field__label">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="form-field__hint">
          {hint}
        </p>
      ) : null}
      {errors.length > 0 ? (
        <p id={field.errorId} className="form-field__error">
          {errors.map((message) => translateMessage(t, i18n, message)).join(' ')}
        </p>
      ) : null}
      <input key={key} {...inputProps} autoComplete={autoComplete} className="form-field__input" />
    </div>
  );
}
