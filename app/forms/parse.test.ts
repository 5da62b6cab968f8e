import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FIELD_MESSAGES as M } from './messages';
import { parseForm } from './parse';
import { signInSchema } from './sign-in';

function form(entries: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.set(name, value);
  return data;
}

const errorsOf = (submission: { status?: string; error?: Record<string, string[] | null> | null }) =>
  submission.status === 'error' ? submission.error : undefined;

describe('parseForm', () => {
  it('says "Data not valid" for an issue no schema message covers, never zod English', () => {
    const schema = z.object({ count: z.number(), code: z.string().startsWith('A'), name: z.string() });
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
});
