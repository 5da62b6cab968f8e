import type { FieldProblems } from '../domain/result';

/**
 * A use case's refusal (domain reason codes per field) as conform's field errors: one message
 * key per field, worded by the form's own mapping.
 */
export function fieldErrorsOf<Field extends string>(
  problems: FieldProblems<Field>,
  messageOf: (field: Field, problem: string) => string,
): Record<string, string[]> {
  return Object.fromEntries(
    (Object.entries(problems) as [Field, string | undefined][]).flatMap(([field, problem]) =>
      problem ? [[field, [messageOf(field, problem)]]] : [],
    ),
  );
}
