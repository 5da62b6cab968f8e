import * as z from 'zod/mini';
import { MAX_EMAIL_LENGTH } from '../domain/email';
import { FIELD_MESSAGES as M } from './messages';

/** Long enough for any passphrase, short enough that hashing it is cheap. */
export const MAX_PASSWORD_LENGTH = 256;

export const emailField = z
  .email({ error: (issue) => (issue.input === undefined ? M.required : M.email) })
  .check(z.maxLength(MAX_EMAIL_LENGTH, { error: M.tooLong }));

/** Sign-in at the embedded sign-in service: fields `email`, `password`. */
export const signInSchema = z.object({
  email: emailField,
  password: z.string({ error: M.required }).check(z.maxLength(MAX_PASSWORD_LENGTH, { error: M.tooLong })),
});

export type SignInValues = z.infer<typeof signInSchema>;
