import type { FieldMetadata } from '@conform-to/react';
import { trimPersonName } from '../../domain/person-name';
import { TextField } from './text-field';

type PersonNameFieldsProps = {
  firstName: FieldMetadata<string>;
  lastName: FieldMetadata<string>;
  labels: { firstName: string; lastName: string };
};

/**
 * First and last name as every form asks them (sign-up, address, later buyer and holder):
 * autocomplete hints, and the spec's trimming on blur (the schema trims on the server too).
 */
export function PersonNameFields({ firstName, lastName, labels }: PersonNameFieldsProps) {
  return (
    <>
      <TextField field={firstName} label={labels.firstName} autoComplete="given-name" normaliseOnBlur={trimPersonName} />
      <TextField field={lastName} label={labels.lastName} autoComplete="family-name" normaliseOnBlur={trimPersonName} />
    </>
  );
}
