import { randomBytes, randomInt } from 'node:crypto';

/**
 * The identifiers the simulator hands out. Adyen's pspReference is "Adyen's 16-character
 * reference" (CheckoutService-v72 `pspReference`); today's are upper-case letters and digits,
 * and so are its stored-method ids. Session ids imitate Adyen's `CS…` form.
 */
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function randomAlphanumeric(length: number): string {
  let text = '';
  for (let index = 0; index < length; index += 1) text += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return text;
}

/** A pspReference (payment or modification) or a stored payment method id. */
export function newPspReference(): string {
  return randomAlphanumeric(16);
}

export function newSessionId(): string {
  return `CS${randomAlphanumeric(16)}`;
}

/** An unguessable handle for a URL or an opaque field (`sessionResult`, `redirectResult`, `paymentData`). */
export function newOpaqueToken(): string {
  return randomBytes(24).toString('base64url');
}

/** A six-digit authorisation code, as schemes give. */
export function newAuthCode(): string {
  return String(randomInt(1_000_000)).padStart(6, '0');
}
