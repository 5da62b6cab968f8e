import * as z from 'zod/mini';
import { FIELD_MESSAGES as M } from './messages';
import { personNameField } from './person-name-field';
import { emailField, MAX_PASSWORD_LENGTH } from './sign-in';

export const MIN_PASSWORD_LENGTH = 10;

/** Sign-up at the embedded sign-in service: fields `firstName`, `lastName`, `email`, `password`. */
export const signUpSchema = z.object({
  firstName: personNameField,
  lastName: personNameField,
  email: emailField,
  password: z
    .string({ error: M.required })
    .check(
      z.minLength(MIN_PASSWORD_LENGTH, { error: M.passwordTooShort }),
      z.maxLength(MAX_PASSWORD_LENGTH, { error: M.tooLong }),
    ),
});

export type SignUpValues = z.infer<typeof signUpSchema>;
