import type { FieldMetadata } from '@conform-to/react';
import { FieldMessages } from '../form/field-messages';

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
