import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * The link mailed when the right password came from a browser that never signed in to the
 * account while strangers' failures hold it (rate-limit.ts): opened in a browser, it gives that
 * browser the device cookie a sign-in gives (device-cookie.ts), so its next sign-in passes. It
 * names the account (its id: no e-mail in an address that reaches logs) and its last second, and
 * carries an HMAC under a key derived from SESSION_SECRET; links of a secret in
 * SESSION_SECRET_PREVIOUS still work. It carries no password and signs nobody in.
 */
export const TRUST_LINK_PATH = '/sign-in/trust';
/** How long a link works, at least. */
export const TRUST_LINK_MINUTES = 30;
/**
 * Links made within the same ten minutes are the same link: its expiry is the end of the
 * ten minutes plus TRUST_LINK_MINUTES, and it is the mail's dedupe key, so an account gets at
 * most one such mail per ten minutes (two per 15-minute window of the limits).
 */
const SLOT_SECONDS = 10 * 60;
const ACCOUNT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type TrustLink = { account: string; exp: string; sig: string };

/** What a link is worth now: good (for that account), genuine but past its time, or not ours. */
export type TrustLinkCheck = { status: 'valid'; accountId: string } | { status: 'expired' } | { status: 'invalid' };

/** The link's last second (Unix time) when made at `now`. */
export function trustLinkExpiry(now: Date): number {
  return (Math.floor(now.getTime() / 1000 / SLOT_SECONDS) + 1) * SLOT_SECONDS + TRUST_LINK_MINUTES * 60 - 1;
}

type TrustLinkOptions = { secret: string; previousSecrets?: readonly string[]; publicUrl: string };

export function createTrustLinks({ secret, previousSecrets = [], publicUrl }: TrustLinkOptions) {
  // The first key signs; all verify.
  const keys = [secret, ...previousSecrets].map((each) => Buffer.from(hkdfSync('sha256', each, 'fan-shop', 'sign-in trust link v1', 32)));
  const digestOf = (key: Buffer, account: string, exp: string) => createHmac('sha256', key).update(`${account}\n${exp}`, 'utf8').digest();
  const sameDigest = (expected: Buffer, sig: string) => {
    // Decoding drops characters outside base64url; a signature that does not re-encode to itself is not ours.
    const sent = Buffer.from(sig, 'base64url');
    return sent.length === expected.length && sent.toString('base64url') === sig && timingSafeEqual(sent, expected);
  };
  const linkOf = (accountId: string, now: Date): TrustLink => {
    const exp = String(trustLinkExpiry(now));
    return { account: accountId, exp, sig: digestOf(keys[0]!, accountId, exp).toString('base64url') };
  };

  return {
    linkOf,
    /** The absolute link for a mail. */
    urlOf: (accountId: string, now: Date) => `${publicUrl}${TRUST_LINK_PATH}?${new URLSearchParams(linkOf(accountId, now))}`,
    /** What the link's query is worth at `now`; every key is compared, so the time taken does not tell which matched. */
    check(query: URLSearchParams, now: Date): TrustLinkCheck {
      const [account, exp, sig] = ['account', 'exp', 'sig'].map((name) => query.get(name) ?? '') as [string, string, string];
      if (!ACCOUNT_ID.test(account) || !/^\d{1,12}$/.test(exp)) return { status: 'invalid' };
      if (!keys.map((key) => sameDigest(digestOf(key, account, exp), sig)).includes(true)) return { status: 'invalid' };
      return now.getTime() > Number(exp) * 1000 + 999 ? { status: 'expired' } : { status: 'valid', accountId: account };
    },
  };
}

export type TrustLinks = ReturnType<typeof createTrustLinks>;
