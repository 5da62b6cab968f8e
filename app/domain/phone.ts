import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** The most a phone field holds as typed, on every form that asks for one (its `maxlength`). */
export const MAX_PHONE_LENGTH = 40;

/** Spec §5 "Contact" / §9: a phone needs at least this many digits. */
export const MIN_PHONE_DIGITS = 4;

/** What people write in a phone number: digits, spaces and `+ - ( ) . /` — nothing else (issue 9). */
const PHONE_CHARACTERS = /^[\p{Nd}\p{Zs}+\-()./]*$/u;

/** The phone input defaults to Italy (spec §5 "Contact"). */
const DEFAULT_PHONE_COUNTRY = 'IT';

/**
 * Lenient about layout (any grouping, with or without a prefix, no check against numbering
 * plans), strict about characters: letters, markup and symbols are not part of a phone number.
 */
export function isAcceptablePhone(input: string): boolean {
  if (!PHONE_CHARACTERS.test(input)) return false;
  return (input.match(/\p{Nd}/gu) ?? []).length >= MIN_PHONE_DIGITS;
}

/**
 * The phone as stored: without whitespace (spaces only group digits for reading) and with a
 * leading `+` written as the international prefix `00`, as the spec asks.
 */
export function normalisePhoneForStorage(input: string): string {
  const compact = input.replace(/\s+/g, '');
  return compact.startsWith('+') ? `00${compact.slice(1)}` : compact;
}

/** Displayed phones already worked out: parsing costs ~20 µs and lists show the same few on every request (issue 32). */
const displayedPhones = new Map<string, string>();
/** Past this many distinct phones the memo starts again: it stays a few tens of kilobytes. */
export const DISPLAYED_PHONES_CAP = 1000;

/**
 * A stored phone in international notation for reading (`0039333…` → `+39 333 123 4567`);
 * numbers without a prefix are taken as Italian. Anything not recognised as a valid number
 * is shown as stored rather than guessed at.
 */
export function formatPhoneForDisplay(stored: string): string {
  const known = displayedPhones.get(stored);
  if (known !== undefined) return known;
  const compact = stored.replace(/\s+/g, '');
  const withPlus = compact.startsWith('00') ? `+${compact.slice(2)}` : compact;
  const phone = parsePhoneNumberFromString(withPlus, DEFAULT_PHONE_COUNTRY);
  const shown = phone?.isValid() ? phone.formatInternational() : stored;
  if (displayedPhones.size >= DISPLAYED_PHONES_CAP) displayedPhones.clear();
  displayedPhones.set(stored, shown);
  return shown;
}

/**
 * Whether a typed phone is the stored one: compared as they read (`formatPhoneForDisplay`), so
 * `02 1234567` stored and `+39 02 123 4567` shown back in a form are the same number.
 */
export function isSamePhone(typed: string, stored: string): boolean {
  return formatPhoneForDisplay(normalisePhoneForStorage(typed.trim())) === formatPhoneForDisplay(stored);
}
