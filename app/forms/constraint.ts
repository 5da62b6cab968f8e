import { getZodConstraint } from '@conform-to/zod/v4';
import type * as z from 'zod/mini';

type Lengths = { minLength?: number; maxLength?: number };
/** What conform reads per field (`@conform-to/dom`'s `Constraint`, not exported by the packages we depend on). */
type FieldConstraint = ReturnType<typeof getZodConstraint>[string];

const constraints = new WeakMap<z.core.$ZodObject, Record<string, FieldConstraint>>();

/**
 * conform's constraint for a form schema, with the length bounds it no longer finds: since zod
 * 4.6 a `z.minLength`/`z.maxLength` check is kept only in `def.checks`, not in the `_zod.bag` that
 * `getZodConstraint` (conform 1.21) reads, so no `maxlength` reached the HTML at all. This walk
 * reads the checks themselves, through optionals, defaults and pipes (`z.transform`,
 * `z.pipe`), and adds `minLength`/`maxLength` to conform's result (`required` stays conform's).
 */
export function formConstraint(schema: z.core.$ZodObject): Record<string, FieldConstraint> {
  // Every render of a form asks again (useShopForm): the walk costs ~29 ms per render of checkout
  // at Lighthouse's 4× CPU slowdown, and a schema never changes once built.
  let constraint = constraints.get(schema);
  if (constraint) return constraint;
  constraint = getZodConstraint(schema);
  constraints.set(schema, constraint);
  for (const [name, lengths] of Object.entries(lengthsOfFields(schema))) {
    // Reading through conform's proxy gives the object it keeps: completing it is enough.
    const field = constraint[name];
    if (field) Object.assign(field, lengths);
  }
  return constraint;
}

/** The length bounds of each top-level field of an object schema (fields without any are left out). */
export function lengthsOfFields(schema: z.core.$ZodObject): Record<string, Lengths> {
  const result: Record<string, Lengths> = {};
  for (const [name, field] of Object.entries(schema._zod.def.shape)) {
    const lengths = lengthsOf(field as z.core.$ZodType);
    if (lengths.minLength !== undefined || lengths.maxLength !== undefined) result[name] = lengths;
  }
  return result;
}

function lengthsOf(schema: z.core.$ZodType, into: Lengths = {}): Lengths {
  const def = (schema as z.core.$ZodTypes)._zod.def;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
      return lengthsOf(def.innerType, into);
    case 'pipe':
      // Both ends check what was typed (or a transform of it): the tighter bound wins.
      return lengthsOf(def.out, lengthsOf(def.in, into));
    case 'string':
      for (const check of def.checks ?? []) narrow(into, check._zod.def);
      return into;
    default:
      return into;
  }
}

function narrow(into: Lengths, check: z.core.$ZodCheckDef) {
  const tighterMax = (value: number) => (into.maxLength = Math.min(into.maxLength ?? value, value));
  const tighterMin = (value: number) => (into.minLength = Math.max(into.minLength ?? value, value));
  if (check.check === 'max_length') tighterMax((check as z.core.$ZodCheckMaxLengthDef).maximum);
  if (check.check === 'min_length') tighterMin((check as z.core.$ZodCheckMinLengthDef).minimum);
  if (check.check === 'length_equals') {
    const { length } = check as z.core.$ZodCheckLengthEqualsDef;
    tighterMax(length);
    tighterMin(length);
  }
}
