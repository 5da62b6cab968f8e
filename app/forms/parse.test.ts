import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { FIELD_MESSAGES as M } from './messages';
import { parseForm } from './parse';
import { signInSchema } from './sign-in';
import { MAX_PERSON_NAME_LENGTH } from './person-name-field';
import { signUpSchema } from './sign-up';
import { MAX_TEXT_LENGTH, requiredText } from './text';

function form(entries: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.set(name, value);
  return data;
}

const errorsOf = (submission: { status?: string; error?: Record<string, string[] | null> | null }) =>
  submission.status === 'error' ? submission.error : undefined;

describe('parseForm', () => {
  it('says "Data not valid" for an issue no schema message covers, never zod English', () => {
    const schema = z.object({ count: z.number(), code: z.string().check(z.startsWith('A')), name: z.string() });
    expect(errorsOf(parseForm(form({ count: 'many', code: 'B' }), schema))).toEqual({
      count: [M.dataNotValid],
      code: [M.dataNotValid],
      name: [M.dataNotValid],
    });
  });

  it("keeps the schema's own messages", () => {
    expect(errorsOf(parseForm(form({ email: 'nope' }), signInSchema))).toEqual({
      email: [M.email],
      password: [M.required],
    });
  });

  it('passes valid data through', () => {
    const submission = parseForm(form({ email: 'fan@example.org', password: 'x' }), signInSchema);
    expect(submission.status === 'success' && submission.value).toEqual({ email: 'fan@example.org', password: 'x' });
  });

  it("checks an oversized value whole but echoes back at most the field's maximum", () => {
    const huge = 'A'.repeat(50_000);
    const submission = parseForm(
      form({ firstName: huge, lastName: 'Rossi', email: 'ada@example.org', password: 'x', stray: huge }),
      signUpSchema,
    );
    expect(errorsOf(submission)?.firstName).toEqual([M.tooLong]);
    const { initialValue } = submission.reply({ hideFields: ['password'] }) as { initialValue: Record<string, unknown> };
    expect(initialValue.firstName).toBe('A'.repeat(MAX_PERSON_NAME_LENGTH));
    // A field the schema does not know is cut to the default maximum.
    expect(initialValue.stray).toBe('A'.repeat(MAX_TEXT_LENGTH));
    expect(initialValue.lastName).toBe('Rossi');
  });

  it('refuses control, bidi and zero-width characters in text fields with a field message', () => {
    const schema = z.object({ street: requiredText() });
    for (const street of ['Via\u0000Roma', 'Via Roma\u202E21', 'Via\u200BRoma'])
      expect(errorsOf(parseForm(form({ street }), schema)), JSON.stringify(street)).toEqual({ street: [M.invisibleCharacters] });
    expect(parseForm(form({ street: 'Via Roma 12' }), schema).status).toBe('success');
  });
});
