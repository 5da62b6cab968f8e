/**
 * The codes a paid order hands out (issue 13): a membership's code, printed on the card and
 * read out to support, and a gift's code, the secret in the gift link. Both use Crockford's
 * base32 alphabet (no I, L, O, U): nothing to misread on a phone. The caller brings the random
 * bytes (node's CSPRNG), so the rule stays pure and testable.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 16 characters × 5 bits = 80 bits: far beyond guessing, and only its hash is stored. */
export const GIFT_CODE_LENGTH = 16;
export const GIFT_CODE_BYTES = GIFT_CODE_LENGTH;

/** `JM` and ten characters (50 bits): unique by a constraint, not secret. */
export const MEMBERSHIP_CODE_PREFIX = 'JM';
export const MEMBERSHIP_CODE_BYTES = 10;

/** One character per byte, from its low five bits (256 is a multiple of 32: no bias). */
function encode(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += ALPHABET[byte & 31];
  return text;
}

export function giftCodeOf(randomBytes: Uint8Array): string {
  if (randomBytes.length !== GIFT_CODE_BYTES) throw new Error(`a gift code needs ${GIFT_CODE_BYTES} random bytes`);
  return encode(randomBytes);
}

export function membershipCodeOf(randomBytes: Uint8Array): string {
  if (randomBytes.length !== MEMBERSHIP_CODE_BYTES) throw new Error(`a membership code needs ${MEMBERSHIP_CODE_BYTES} random bytes`);
  return MEMBERSHIP_CODE_PREFIX + encode(randomBytes);
}

/** A typed gift code as stored codes are made: upper case, without spaces or hyphens; null if it cannot be one. */
export function normaliseGiftCode(typed: string): string | null {
  const code = typed.replace(/[\s-]/g, '').toUpperCase();
  return code.length === GIFT_CODE_LENGTH && [...code].every((character) => ALPHABET.includes(character)) ? code : null;
}
