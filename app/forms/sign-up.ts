import { z } from 'zod';
import { isValidPersonName } from '../domain/person-name';
import { FIELD_MESSAGES as M } from './messages';
import { emailField, MAX_PASSWORD_LENGTH } from './sign-in';

export const MIN_PASSWORD_LENGTH = 10;
const MAX_NAME_LENGTH = 80;

const personName = z
  .string({ error: M.required })
  .trim()
  .max(MAX_NAME_LENGTH, { error: M.tooLong })
  .refine(isValidPersonName, { error: M.invalidName });

/** Sign-up at the embedded sign-in service: fields `firstName`, `lastName`, `email`, `password`. */
export const signUpSchema = z.object({
  firstName: personName,
  lastName: personName,
  email: emailField,
  password: z
    .string({ error: M.required })
    .min(MIN_PASSWORD_LENGTH, { error: M.passwordTooShort })
    .max(MAX_PASSWORD_LENGTH, { error: M.tooLong }),
});

export type SignUpValues = z.infer<typeof signUpSchema>;
