import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import { signInSchema } from './sign-in';
import { signUpSchema } from './sign-up';

/** The field errors of a submission (none when it succeeded). */
function errorsOf(submission: { status?: string; error?: unknown } | object): Record<string, string[] | null> {
  return ('error' in submission ? submission.error : undefined) as Record<string, string[] | null> ?? {};
}

function form(entries: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.set(name, value);
  return data;
}

describe('sign-in form', () => {
  it('accepts an e-mail and a password', () => {
    const submission = parseWithZod(form({ email: 'fan@example.org', password: 'x' }), { schema: signInSchema });
    expect(submission.status).toBe('success');
  });

  it('names missing and malformed fields with translation keys', () => {
    const submission = parseWithZod(form({ email: 'not-an-email', password: '' }), { schema: signInSchema });
    expect(submission.status).toBe('error');
    expect(errorsOf(submission)).toEqual({ email: ['forms:fields.email'], password: ['forms:fields.required'] });
    expect(errorsOf(parseWithZod(form({}), { schema: signInSchema })).email).toEqual(['forms:fields.required']);
  });
});

describe('sign-up form', () => {
  const valid = { firstName: 'Ada', lastName: "D'Angelo", email: 'ada@example.org', password: '0123456789' };

  it('accepts a complete form and trims names', () => {
    const submission = parseWithZod(form({ ...valid, firstName: ' Ada ' }), { schema: signUpSchema });
    expect(submission.status === 'success' && submission.value.firstName).toBe('Ada');
  });

  it('wants at least 10 characters of password (9 is refused, 10 accepted)', () => {
    expect(errorsOf(parseWithZod(form({ ...valid, password: '012345678' }), { schema: signUpSchema })).password).toEqual([
      'auth:fields.passwordTooShort',
    ]);
    expect(parseWithZod(form({ ...valid, password: '0123456789' }), { schema: signUpSchema }).status).toBe('success');
  });

  it('refuses names with digits or doubled separators', () => {
    const submission = parseWithZod(form({ ...valid, firstName: 'A4da', lastName: 'De  Rossi' }), { schema: signUpSchema });
    expect(errorsOf(submission)).toMatchObject({ firstName: ['forms:fields.invalidName'], lastName: ['forms:fields.invalidName'] });
  });

  it('requires every field', () => {
    const submission = parseWithZod(form({}), { schema: signUpSchema });
    expect(Object.keys(errorsOf(submission)).sort()).toEqual(['email', 'firstName', 'lastName', 'password']);
  });
});
