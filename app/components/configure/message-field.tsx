import type { FieldMetadata } from '@conform-to/react';
import { getTextareaProps } from '@conform-to/react';
import { useState } from 'react';
import { FieldMessages, hintIdOf } from '../form/field-messages';

/**
 * A message box with `maxlength` (the browser stops at the limit without JavaScript) and, once
 * hydrated, a polite live count of the characters left, counted as `maxlength` counts them.
 */
export function MessageField({
  field,
  label,
  hint,
  maxLength,
  charactersLeft,
  leftOf,
}: {
  field: FieldMetadata<string>;
  label: string;
  hint: string;
  maxLength: number;
  charactersLeft: (left: number) => string;
  /** How many characters are left for a value, as the server counts them (domain rule). */
  leftOf: (value: string) => number;
}) {
  const hintId = hintIdOf(field, hint);
  const initial = typeof field.initialValue === 'string' ? field.initialValue : '';
  const [left, setLeft] = useState<number | null>(null);
  const { key, ...textareaProps } = getTextareaProps(field, { ariaDescribedBy: hintId });
  return (
    <div className="form-field" data-invalid={(field.errors?.length ?? 0) > 0 || undefined}>
      <label htmlFor={field.id} className="form-field__label">
        {label}
      </label>
      <FieldMessages field={field} hint={hint} />
      <textarea
        key={key}
        {...textareaProps}
        maxLength={maxLength}
        rows={3}
        className="form-field__input"
        onInput={(event) => setLeft(leftOf(event.currentTarget.value))}
      />
      <p className="form-field__hint" aria-live="polite">
        {charactersLeft(left ?? leftOf(initial))}
      </p>
    </div>
  );
}
