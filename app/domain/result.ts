/**
 * The one answer shape of the shop's use cases (services): the value, or why not. A failure
 * has one reason for the whole call ('invalid', 'not-found', 'unknown-product', …) and, for bad
 * input, a domain reason code per field ('required', 'notInList', a tax-code check's reason…).
 * Reason codes are not messages: the caller (a form, later a JSON API) words them.
 */
export type Result<Value, Reason extends string = never, Field extends string = string> =
  | { ok: true; value: Value }
  | Failure<Reason, Field>;

export type Failure<Reason extends string, Field extends string = string> = {
  ok: false;
  reason: Reason;
  /** Per field, what is wrong with it (empty unless the input was refused). */
  fields: FieldProblems<Field>;
};

export type FieldProblems<Field extends string = string> = Partial<Record<Field, string>>;

export function success<Value>(value: Value): { ok: true; value: Value } {
  return { ok: true, value };
}

export function failure<Reason extends string, Field extends string = string>(
  reason: Reason,
  fields: FieldProblems<Field> = {},
): Failure<Reason, Field> {
  return { ok: false, reason, fields };
}

/** Bad input: 'invalid' with the field problems, or null when there are none. */
export function refuseInvalid<Field extends string>(fields: FieldProblems<Field>): Failure<'invalid', Field> | null {
  return Object.keys(fields).length > 0 ? failure('invalid', fields) : null;
}
