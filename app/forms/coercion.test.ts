import type * as conformZod from '@conform-to/zod/v4';
import { describe, expect, it, vi } from 'vitest';
import { addressSchema, chooseAddressSchema } from './address';
import { dataNotValidFallback } from './parse';
import { profileCompletionSchema } from './profile';
import { restockSchema, sellOutSchema } from './restock';
import { signInSchema } from './sign-in';
import { signUpSchema } from './sign-up';

/**
 * The browser build gives conform's coercion `zod/mini` where it imports `zod/v4`
 * (vite/conform-zod-mini.ts); the server and the other tests keep classic zod. Both builds of
 * conform parse the same forms here and must answer alike. Needs `@conform-to/zod` inlined
 * (vitest.config.ts), or the mock would not reach its imports.
 */
type Conform = typeof conformZod;
const classic: Conform = await import('@conform-to/zod/v4');
vi.resetModules();
vi.doMock('zod/v4', () => import('zod/mini'));
const mini: Conform = await import('@conform-to/zod/v4');

const profile = profileCompletionSchema({
  holder: { firstName: 'Mario', lastName: 'Rossi' },
  requested: ['taxcode', 'phone'],
  today: '2026-11-22',
  countryNationalCodes: { FR: 'Z110' },
});

const long = 'x'.repeat(300);
/** Each form with submissions that take every path of its fields: valid, empty, blank, malformed, oversized. */
const CASES = {
  signIn: [signInSchema, [{}, { email: 'fan@example.org', password: 'x' }, { email: ' ', password: '' }, { email: 'nope', password: long }]],
  signUp: [
    signUpSchema,
    [
      {},
      { firstName: ' Ada ', lastName: "D'Angelo", email: 'ada@example.org', password: '0123456789' },
      { firstName: '--', lastName: 'A4', email: 'ada@', password: '012345678', stray: 'x' },
    ],
  ],
  address: [
    addressSchema,
    [
      {},
      { countryCode: 'IT' },
      { firstName: 'Ada', lastName: 'Rossi', phone: '333 1234567', street: 'Via Roma', countryCode: 'IT', provinceCode: 'TO', cityCode: 'L219', postalCode: '10121' },
      { firstName: 'Ada', lastName: 'Rossi', phone: '12', street: long, countryCode: 'FR', city: 'Paris', postalCode: '1234567890', number: '', extraInfo: ' ' },
    ],
  ],
  chooseAddress: [chooseAddressSchema, [{}, { addressId: 'a1' }, { addressId: '' }]],
  profile: [
    profile,
    [
      {},
      { birthCountryCode: 'it' },
      { dob: '1980-01-01', gender: 'M', phone: '+39 333 123 4567', birthCountryCode: 'IT', birthProvinceCode: 'rm', birthCityCode: 'h501', taxCode: 'rssmra 80a01 h501u' },
      { dob: '2030-01-01', gender: 'X', phone: '', birthCountryCode: 'FR', birthProvinceCode: '', taxCode: long },
    ],
  ],
  restock: [restockSchema, [{}, { productId: 'young', quantity: '1.000' }, { productId: ' ', variantId: '', quantity: '0' }, { productId: 'y', quantity: 'five' }]],
  sellOut: [sellOutSchema, [{}, { productId: 'young' }]],
} as const satisfies Record<string, readonly [unknown, readonly Record<string, string>[]]>;

function form(entries: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.set(name, value);
  return data;
}

describe("conform's coercion built on zod/mini (the browser's) answers as the classic one (the server's)", () => {
  it('builds its coercion pipes from zod/mini here, from classic zod in the other tests', () => {
    const traitsOf = (conform: Conform) => [...conform.unstable_coerceFormValue(signInSchema)._zod.traits];
    expect(traitsOf(mini)).toContain('ZodMiniPipe');
    expect(traitsOf(classic)).toContain('ZodPipe');
    expect(traitsOf(classic)).not.toContain('ZodMiniPipe');
  });

  describe.each(Object.entries(CASES))('%s', (_name, [schema, submissions]) => {
    const label = (entries: Record<string, string>) =>
      JSON.stringify(entries, (_key, value: unknown) => (value === long ? `x×${long.length}` : value));
    it.each(submissions.map((entries) => [label(entries), entries]))('%s', (_label, entries) => {
      const read = (conform: Conform) => {
        const submission = conform.parseWithZod(form(entries), { schema, error: dataNotValidFallback });
        return { ...submission, reply: submission.reply() };
      };
      expect(read(mini)).toEqual(read(classic));
    });
  });
});
