import type { FieldMetadata } from '@conform-to/react';
import { getInputProps, getTextareaProps } from '@conform-to/react';
import { useState } from 'react';
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

export type SizeOption = { value: string; label: string; itLabel: string; ukLabel: string; soldOut: boolean };

/**
 * The sizes of a product with variants (spec §3 size catalogue): native radios, each with its
 * Italian and UK equivalents; a sold-out size is shown disabled and says so.
 */
export function SizeField({
  field,
  legend,
  options,
  describe,
}: {
  field: FieldMetadata<string>;
  legend: string;
  options: readonly SizeOption[];
  /** "M (IT 48, UK 38)", and "sold out" for a size without stock. */
  describe: (option: SizeOption) => string;
}) {
  const errors = field.errors ?? [];
  const checked = typeof field.initialValue === 'string' ? field.initialValue : undefined;
  const firstEnabled = options.findIndex((option) => !option.soldOut);
  return (
    <fieldset key={field.key} className="form-field form-field--group" data-invalid={errors.length > 0 || undefined}>
      <legend className="form-field__label">{legend}</legend>
      <FieldMessages field={field} />
      <div className="form-field__options form-field__options--sizes">
        {options.map((option, index) => {
          // The summary's link lands on the first size that can be chosen.
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
                disabled={option.soldOut}
                required={field.required}
                aria-invalid={errors.length > 0 || undefined}
                aria-describedby={errors.length > 0 ? field.errorId : undefined}
              />
              <label htmlFor={id}>{describe(option)}</label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

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
}: {
  field: FieldMetadata<string>;
  label: string;
  hint: string;
  maxLength: number;
  charactersLeft: (left: number) => string;
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
        onInput={(event) => setLeft(maxLength - event.currentTarget.value.replace(/\r\n/g, '\n').length)}
      />
      <p className="form-field__hint" aria-live="polite">
        {left === null ? charactersLeft(maxLength - initial.length) : charactersLeft(left)}
      </p>
    </div>
  );
}
