import type { FieldMetadata } from '@conform-to/react';
import { RadioGroupField } from '../form/radio-group-field';

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
  return (
    <RadioGroupField
      field={field}
      legend={legend}
      optionsClassName="form-field__options--sizes"
      options={options.map((option) => ({ value: option.value, label: describe(option), disabled: option.soldOut }))}
    />
  );
}
