import { regexes } from 'zod/mini';

/** RFC 5321's limit on an address; the sign-in and sign-up forms cap the field at it too. */
export const MAX_EMAIL_LENGTH = 254;

/** An address the shop accepts: the pattern `z.email()` uses, so every form agrees. */
export function isAcceptableEmail(email: string): boolean {
  return email.length <= MAX_EMAIL_LENGTH && regexes.email.test(email);
}
