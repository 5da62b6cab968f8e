import { createHmac } from 'node:crypto';

/** AES-256 wants 32 bytes. */
export const UPLOADS_KEY_BYTES = 32;
/** How many bytes of a key's fingerprint a sealed document carries to name its key. */
export const UPLOADS_KEY_ID_BYTES = 8;

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

/** UPLOADS_KEY_PREVIOUS: one or more keys, comma-separated, each as parseUploadsKey reads it; null if any is not a key. */
export function parseUploadsKeyList(text: string): Buffer[] | null {
  const keys = text.split(',').map((part) => parseUploadsKey(part));
  return keys.every((key): key is Buffer => key !== null) ? keys : null;
}

/**
 * The key's id in a sealed document's header (document-cipher.ts): an HMAC of a fixed label
 * under the key, so it names the key without telling anything about it. Also what the operator
 * sees in the re-seal command's report.
 */
export function uploadsKeyId(key: Uint8Array): Buffer {
  return createHmac('sha256', key).update('fan-shop uploads key id v1').digest().subarray(0, UPLOADS_KEY_ID_BYTES);
}
