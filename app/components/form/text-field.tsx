import type { FieldMetadata } from '@conform-to/react';
import { getInputProps } from '@conform-to/react';
import { keepDigitsAtCaret } from '../../domain/digits';
import { FieldMessages, hintIdOf } from './field-messages';

type TextFieldProps = {
  field: FieldMetadata<string>;
  label: string;
  type?: 'text' | 'email' | 'password' | 'tel' | 'date';
  autoComplete: string;
  hint?: string;
  /** Focused when the page loads (a no-JavaScript refresh came from this field). */
  focusOnLoad?: boolean;
  /**
   * Rewrites the value when the field loses focus (e.g. `trimPersonName`), before conform
   * validates it; the schema applies the same function on the server, with or without JavaScript.
   */
  normaliseOnBlur?: (value: string) => string;
  /** A number input (spec §5): a numeric keyboard, and non-digits vanish as they are typed. */
  digitsOnly?: boolean;
  /**
   * The field's real limit where it is data (the product's, for the name on the card), tighter
   * than the schema's bound on what is read: the hint, `maxlength` and the server say one number.
   */
  maxLength?: number;
};

/** Label, optional hint, input and its error message, wired for assistive technology. */
export function TextField({
  field,
  label,
  type = 'text',
  autoComplete,
  hint,
  focusOnLoad,
  normaliseOnBlur,
  digitsOnly,
  maxLength,
}: TextFieldProps) {
  const hintId = hintIdOf(field, hint);
  const { key, ...inputProps } = getInputProps(field, { type, ariaDescribedBy: hintId });
  const errors = field.errors ?? [];
  return (
    <div className="form-field" data-invalid={errors.length > 0 || undefined}>
      <label htmlFor={field.id} className="form-field__label">
        {label}
      </label>
      <FieldMessages field={field} hint={hint} />
      <input
        key={key}
        {...inputProps}
        autoComplete={autoComplete}
        maxLength={maxLength ?? inputProps.maxLength}
        // Only where a no-JavaScript refresh came from (dependent-fields.tsx), never on arrival.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus={focusOnLoad}
        className="form-field__input"
        inputMode={digitsOnly ? 'numeric' : undefined}
        // React's handlers run before conform's listeners on the document, so conform
        // validates the rewritten value.
        onInput={digitsOnly ? (event) => stripNonDigits(event.currentTarget) : undefined}
        onBlur={normaliseOnBlur ? (event) => rewrite(event.currentTarget, normaliseOnBlur) : undefined}
      />
    </div>
  );
}

function stripNonDigits(input: HTMLInputElement) {
  const { value, caret } = keepDigitsAtCaret(input.value, input.selectionStart ?? input.value.length);
  if (value === input.value) return;
  input.value = value;
  input.setSelectionRange(caret, caret);
}

/** Sets a new value as if typed: an `input` event tells conform (dirty state, revalidation). */
function rewrite(input: HTMLInputElement, normalise: (value: string) => string) {
  const value = normalise(input.value);
  if (value === input.value) return;
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
}
