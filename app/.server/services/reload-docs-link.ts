// The reload-docs link's hash (issue 15): HMAC-SHA256 of the order item id under a key derived
// from the session secret (HKDF with its own label, as the embedded sign-in client's secret and
// the simulator's keys are), so no new secret needs configuring. Rotating SESSION_SECRET makes
// the links already sent stop working: support sends new ones (/dev/reload-docs offline).
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { reloadDocsPath } from '../../domain/reload-docs';

export type ReloadDocsLinks = {
  /** The hash that authorises new documents for this order item (base64url, 43 characters). */
  hashOf(orderItemId: string): string;
  /** Whether `hash` is this item's, compared in constant time. */
  accepts(orderItemId: string, hash: string): boolean;
  /** The absolute link for a mail. */
  urlOf(orderItemId: string): string;
};

export function createReloadDocsLinks({ sessionSecret, publicUrl }: { sessionSecret: string; publicUrl: string }): ReloadDocsLinks {
  const key = Buffer.from(hkdfSync('sha256', sessionSecret, 'fan-shop', 'reload-docs link hash v1', 32));
  const digestOf = (orderItemId: string) => createHmac('sha256', key).update(orderItemId, 'utf8').digest();
  const hashOf = (orderItemId: string) => digestOf(orderItemId).toString('base64url');
  return {
    hashOf,
    accepts(orderItemId, hash) {
      const expected = digestOf(orderItemId);
      // Decoding drops characters outside base64url; a hash that does not re-encode to itself is not ours.
      const sent = Buffer.from(hash, 'base64url');
      if (sent.length !== expected.length || sent.toString('base64url') !== hash) return false;
      return timingSafeEqual(sent, expected);
    },
    urlOf: (orderItemId) => `${publicUrl}${reloadDocsPath(orderItemId, hashOf(orderItemId))}`,
  };
}
