import type { FieldMetadata } from '@conform-to/react';
import { getInputProps } from '@conform-to/react';
import { FieldMessages, hintIdOf } from '../form/field-messages';

/** A link to the text a box accepts (a terms page): its own name says which. */
export type CheckboxTextLink = { href: string; label: string };

/**
 * A single checkbox sending `on` when ticked (automatic renewal, terms). `textLink`: the text the
 * box accepts, linked under its label, outside the `<label>`, so following it never ticks the box.
 */
export function CheckboxField({ field, label, hint, textLink }: { field: FieldMetadata<string>; label: string; hint?: string; textLink?: CheckboxTextLink | null }) {
  const hintId = hintIdOf(field, hint);
  const { key, ...inputProps } = getInputProps(field, { type: 'checkbox', value: 'on', ariaDescribedBy: hintId });
  return (
    <div className="form-field form-field--checkbox" data-invalid={(field.errors?.length ?? 0) > 0 || undefined}>
      <input key={key} {...inputProps} className="form-field__checkbox" />
      <label htmlFor={field.id}>{label}</label>
      {textLink ? (
        <p className="form-field__text-link">
          <a href={textLink.href}>{textLink.label}</a>
        </p>
      ) : null}
      <FieldMessages field={field} hint={hint} />
    </div>
  );
}
