import type { FieldMetadata } from '@conform-to/react';
import { getInputProps } from '@conform-to/react';
import { FieldMessages, hintIdOf } from '../form/field-messages';

/** A single checkbox sending `on` when ticked (automatic renewal). */
export function CheckboxField({ field, label, hint }: { field: FieldMetadata<string>; label: string; hint?: string }) {
  const hintId = hintIdOf(field, hint);
  const { key, ...inputProps } = getInputProps(field, { type: 'checkbox', value: 'on', ariaDescribedBy: hintId });
  return (
    <div className="form-field form-field--checkbox" data-invalid={(field.errors?.length ?? 0) > 0 || undefined}>
      <input key={key} {...inputProps} className="form-field__checkbox" />
      <label htmlFor={field.id}>{label}</label>
      <FieldMessages field={field} hint={hint} />
    </div>
  );
}
