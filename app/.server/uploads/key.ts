/** AES-256 wants 32 bytes. */
export const UPLOADS_KEY_BYTES = 32;

/**
 * The uploads key as configured (UPLOADS_KEY): 32 bytes written as 64 hex digits or as base64
 * (standard or URL-safe, padded or not). Null for anything else, e.g. a passphrase: the key is
 * used as it is, not derived, so it must be random bytes (`openssl rand -hex 32`).
 */
export function parseUploadsKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (/^[0-9a-f]{64}$/i.test(trimmed)) return Buffer.from(trimmed, 'hex');
  // Node's base64 decoding skips stray characters, so the alphabet is checked first.
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) return null;
  const key = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return key.length === UPLOADS_KEY_BYTES ? key : null;
}
