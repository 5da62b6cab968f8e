import { getZodConstraint } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { addressSchema, chooseAddressSchema } from './address';
import { formConstraint } from './constraint';
import { profileCompletionSchema } from './profile';
import { restockSchema, sellOutSchema } from './restock';
import { MAX_PASSWORD_LENGTH, signInSchema } from './sign-in';
import { signUpSchema } from './sign-up';
import { MAX_TEXT_LENGTH } from './text';

describe('formConstraint', () => {
  it('finds the bounds conform misses with zod 4.6', () => {
    const schema = z.object({ name: z.string().check(z.trim(), z.maxLength(5)) });
    // The cause, kept visible: if conform reads lengths again one day, this wrapper can go.
    expect(getZodConstraint(schema).name?.maxLength).toBeUndefined();
    expect(formConstraint(schema).name).toEqual({ required: true, maxLength: 5 });
  });

  it('walks a schema once: each render of a form gets the same constraint back', () => {
    const schema = z.object({ name: z.string().check(z.maxLength(5)) });
    expect(formConstraint(schema)).toBe(formConstraint(schema));
    expect(formConstraint(z.object({ name: z.string() }))).not.toBe(formConstraint(schema));
  });

  it('reads through optionals, transforms and pipes, keeping the tighter bound', () => {
    const schema = z.object({
      optional: z.optional(z.string().check(z.maxLength(7))),
      transformed: z.pipe(
        z.string().check(z.minLength(2), z.maxLength(9)),
        z.transform((value: string) => value.toUpperCase()),
      ),
      piped: z.pipe(z.string().check(z.maxLength(40)), z.string().check(z.maxLength(30))),
      exact: z.string().check(z.length(16)),
      unbounded: z.string(),
    });
    expect(formConstraint(schema)).toEqual({
      optional: { required: false, maxLength: 7 },
      transformed: { required: true, minLength: 2, maxLength: 9 },
      piped: { required: true, maxLength: 30 },
      exact: { required: true, minLength: 16, maxLength: 16 },
      unbounded: { required: true },
    });
  });
});

/**
 * Every form's text inputs get a `maxlength` (spec §5: 255 unless stated). Fields chosen from
 * lists or radios send an option's value and are checked for its shape instead.
 */
describe('every form bounds its text fields', () => {
  const CHOSEN_FROM_LISTS = new Set([
    'countryCode',
    'provinceCode',
    'cityCode',
    'addressId',
    'gender',
    'birthCountryCode',
    'productId',
    'variantId',
  ]);
  /** Bounds the spec or the field's own rule state above the default. */
  const STATED: Record<string, number> = { password: MAX_PASSWORD_LENGTH };

  const profile = (requested: ('taxcode' | 'phone')[]) =>
    profileCompletionSchema({
      holder: { firstName: 'Ada', lastName: 'Rossi' },
      requested,
      today: '2026-11-22',
      countryNationalCodes: {},
    });
  const schemas: Record<string, z.ZodMiniObject> = {
    signIn: signInSchema,
    signUp: signUpSchema,
    address: addressSchema,
    chooseAddress: chooseAddressSchema,
    profile: profile([]),
    profileWithPhoneAndTaxCode: profile(['phone', 'taxcode']),
    restock: restockSchema,
    sellOut: sellOutSchema,
  };

  it.each(Object.entries(schemas))('%s', (_form, schema) => {
    const constraint = formConstraint(schema);
    for (const name of Object.keys(schema.shape)) {
      if (CHOSEN_FROM_LISTS.has(name)) continue;
      const maxLength = constraint[name]?.maxLength;
      expect(maxLength, name).toBeGreaterThan(0);
      expect(maxLength, name).toBeLessThanOrEqual(STATED[name] ?? MAX_TEXT_LENGTH);
    }
  });
});
