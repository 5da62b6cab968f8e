import { z } from 'zod';
import { FIELD_MESSAGES as M } from './messages';

export const MAX_EMAIL_LENGTH = 254;
/** Long enough for any passphrase, short enough that hashing it is cheap. */
export const MAX_PASSWORD_LENGTH = 256;

export const emailField = z
  .email({ error: (issue) => (issue.input === undefined ? M.required : M.email) })
  .max(MAX_EMAIL_LENGTH, { error: M.tooLong });

/** Sign-in at the embedded sign-in service: fields `email`, `password`. */
export const signInSchema = z.object({
  email: emailField,
  password: z.string({ error: M.required }).max(MAX_PASSWORD_LENGTH, { error: M.tooLong }),
});

export type SignInValues = z.infer<typeof signInSchema>;
