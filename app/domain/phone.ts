import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** Spec §5 "Contact" / §9: a phone needs at least this many letters or digits. */
export const MIN_PHONE_ALPHANUMERICS = 4;

/** The phone input defaults to Italy (spec §5 "Contact"). */
const DEFAULT_PHONE_COUNTRY = 'IT';

/**
 * Deliberately lenient, as the spec is: anything with 4+ letters or digits passes, so
 * extensions and vanity numbers are not rejected by a stricter rule the shop never had.
 */
export function isAcceptablePhone(input: string): boolean {
  const alphanumerics = input.match(/[\p{L}\p{N}]/gu) ?? [];
  return alphanumerics.length >= MIN_PHONE_ALPHANUMERICS;
}

/**
 * The phone as stored: without whitespace (spaces only group digits for reading) and with a
 * leading `+` written as the international prefix `00`, as the spec asks.
 */
export function normalisePhoneForStorage(input: string): string {
  const compact = input.replace(/\s+/g, '');
  return compact.startsWith('+') ? `00${compact.slice(1)}` : compact;
}

/**
 * A stored phone in international notation for reading (`0039333…` → `+39 333 123 4567`);
 * numbers without a prefix are taken as Italian. Anything not recognised as a valid number
 * is shown as stored rather than guessed at.
 */
export function formatPhoneForDisplay(stored: string): string {
  const compact = stored.replace(/\s+/g, '');
  const withPlus = compact.startsWith('00') ? `+${compact.slice(2)}` : compact;
  const phone = parsePhoneNumberFromString(withPlus, DEFAULT_PHONE_COUNTRY);
  return phone?.isValid() ? phone.formatInternational() : stored;
}
