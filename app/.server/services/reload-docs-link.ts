// The reload-docs link (issue 15; expiry and single use since issue 30): HMAC-SHA256 under a key
// derived from the session secret (HKDF with its own label, as the embedded sign-in client's
// secret and the simulator's keys are), so no new secret needs configuring. A link signed under a
// secret now in SESSION_SECRET_PREVIOUS still works; one whose secret was dropped from there
// (more than its 15 days after a rotation, if the operator waits as docs/operations.md says)
// stops working: support sends a new one (/dev/reload-docs offline).
//
// The hash covers the item, `exp` (the link's last second) and `v`, a fingerprint of the documents
// the link replaces (the stored front's row, or none). Storing new documents gives the front a new
// row, so a used link still verifies but names documents that are gone: "used", with no column
// to keep. `exp` is the end of a UTC day, so links made the same day are the same link.
import { createHash, createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { reloadDocsPath, type ReloadDocsTarget } from '../../domain/reload-docs';

/** How long a link works: two weeks, then support sends a new one. */
export const RELOAD_DOCS_LINK_DAYS = 14;

const DAY_SECONDS = 86_400;

/** What a link is worth now: good, genuine but past its day or already used, or not ours at all. */
export type ReloadDocsLinkCheck = 'valid' | 'expired' | 'used' | 'invalid';

export type ReloadDocsLink = { orderItemId: string; exp: string; v: string; hash: string };

export type ReloadDocsLinks = {
  /** The link for new documents of this item in place of `frontDocumentId` (null: none stored), made at `now`. */
  linkOf(orderItemId: string, frontDocumentId: string | null, now: Date): ReloadDocsLink;
  /** The absolute link for a mail. */
  urlOf(orderItemId: string, frontDocumentId: string | null, now: Date): string;
  /** What `target` is worth for the item's documents now, the hash compared in constant time. */
  check(target: ReloadDocsTarget, frontDocumentId: string | null, now: Date): ReloadDocsLinkCheck;
};

/** The fingerprint of the stored front (or of none): short, and no database id in the address. */
export function documentsFingerprint(frontDocumentId: string | null): string {
  return createHash('sha256').update(frontDocumentId ?? 'none', 'utf8').digest('base64url').slice(0, 16);
}

/** The link's last second (Unix time): the end of the UTC day RELOAD_DOCS_LINK_DAYS after `now`. */
export function expiryOf(now: Date): number {
  return (Math.floor(now.getTime() / 1000 / DAY_SECONDS) + RELOAD_DOCS_LINK_DAYS + 1) * DAY_SECONDS - 1;
}

export function createReloadDocsLinks({
  sessionSecret,
  previousSessionSecrets = [],
  publicUrl,
}: {
  sessionSecret: string;
  previousSessionSecrets?: readonly string[];
  publicUrl: string;
}): ReloadDocsLinks {
  const derive = (label: string) => [sessionSecret, ...previousSessionSecrets].map((secret) => Buffer.from(hkdfSync('sha256', secret, 'fan-shop', label, 32)));
  // The first key signs; all verify (SESSION_SECRET_PREVIOUS).
  const keys = derive('reload-docs link hash v2');
  // Links mailed before issue 30 carried only the item's hash: recognised, to say they expired.
  const legacyKeys = derive('reload-docs link hash v1');
  const digestOf = (key: Buffer, orderItemId: string, exp: string, v: string) => createHmac('sha256', key).update(`${orderItemId}\n${exp}\n${v}`, 'utf8').digest();
  const sameDigest = (expected: Buffer, hash: string) => {
    // Decoding drops characters outside base64url; a hash that does not re-encode to itself is not ours.
    const sent = Buffer.from(hash, 'base64url');
    return sent.length === expected.length && sent.toString('base64url') === hash && timingSafeEqual(sent, expected);
  };
  // Every key is compared, whichever matched, so the time taken does not tell which.
  const anyDigest = (digests: Buffer[], hash: string) => digests.map((expected) => sameDigest(expected, hash)).includes(true);
  const linkOf = (orderItemId: string, frontDocumentId: string | null, now: Date): ReloadDocsLink => {
    const exp = String(expiryOf(now));
    const v = documentsFingerprint(frontDocumentId);
    return { orderItemId, exp, v, hash: digestOf(keys[0] as Buffer, orderItemId, exp, v).toString('base64url') };
  };
  return {
    linkOf,
    urlOf: (orderItemId, frontDocumentId, now) => `${publicUrl}${reloadDocsPath(linkOf(orderItemId, frontDocumentId, now))}`,
    check(target, frontDocumentId, now) {
      if (target.exp === '' && target.v === '') {
        return anyDigest(legacyKeys.map((key) => createHmac('sha256', key).update(target.orderItemId, 'utf8').digest()), target.hash) ? 'expired' : 'invalid';
      }
      if (!/^\d{1,12}$/.test(target.exp) || !anyDigest(keys.map((key) => digestOf(key, target.orderItemId, target.exp, target.v)), target.hash)) return 'invalid';
      if (target.v !== documentsFingerprint(frontDocumentId)) return 'used';
      return now.getTime() > Number(target.exp) * 1000 + 999 ? 'expired' : 'valid';
    },
  };
}
