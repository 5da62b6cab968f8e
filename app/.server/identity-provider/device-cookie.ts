import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { normalizeEmail } from './accounts';

/** The cookie of a browser that has signed in to the embedded sign-in service (see `createDeviceCookies`). */
export const DEVICE_COOKIE = '__shop_device';
/** Accounts one browser is remembered for: a family's shared computer. */
const REMEMBERED_ACCOUNTS = 5;
/** A fan signs in at least once a season to renew. */
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;
const TAG = /^[A-Za-z0-9_-]{22}$/;

type DeviceCookieOptions = { secret: string; previousSecrets?: readonly string[]; production: boolean };

function cookieValue(cookieHeader: string | null | undefined): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const pair = part.trim();
    if (pair.startsWith(`${DEVICE_COOKIE}=`)) return pair.slice(DEVICE_COOKIE.length + 1);
  }
  return null;
}

/** The cookie's device id and account tags, or null when it is absent or not one of ours. */
function parse(cookieHeader: string | null | undefined): { deviceId: string; tags: string[] } | null {
  const value = cookieValue(cookieHeader);
  if (!value) return null;
  const [deviceId = '', ...tags] = value.split('.');
  if (!DEVICE_ID.test(deviceId) || tags.length > REMEMBERED_ACCOUNTS || !tags.every((tag) => TAG.test(tag))) return null;
  return { deviceId, tags };
}

/**
 * OWASP's device cookies, without a table: a random id for the browser and, for each account it
 * signed in to, a tag HMAC(key, id, account). The cookie names no e-mail address, and only a
 * sign-in to an account makes a tag for it. The attempt limiter counts the failures of a browser
 * whose cookie vouches for the account apart from everyone else's (rate-limit.ts), so strangers'
 * failures cannot lock the fan out of the browsers they use. The key derives from SESSION_SECRET;
 * cookies made under SESSION_SECRET_PREVIOUS still vouch.
 */
export function createDeviceCookies({ secret, previousSecrets = [], production }: DeviceCookieOptions) {
  const keys = [secret, ...previousSecrets].map((each) => Buffer.from(hkdfSync('sha256', each, 'fan-shop', 'sign-in device cookie v1', 32)));
  const tagOf = (key: Buffer, deviceId: string, account: string) =>
    createHmac('sha256', key).update(`${deviceId}\n${account}`).digest().subarray(0, 16).toString('base64url');
  /** Whether `tag` is this device's tag for `account` under any key (constant time per comparison). */
  const vouches = (tag: string, deviceId: string, account: string) =>
    keys.some((key) => timingSafeEqual(Buffer.from(tag), Buffer.from(tagOf(key, deviceId, account))));

  return {
    /** The browser's device id when its cookie vouches for `email`'s account, else null. */
    trustedDevice(cookieHeader: string | null | undefined, email: string): string | null {
      const cookie = parse(cookieHeader);
      if (!cookie) return null;
      const account = normalizeEmail(email);
      return cookie.tags.some((tag) => vouches(tag, cookie.deviceId, account)) ? cookie.deviceId : null;
    },

    /**
     * The Set-Cookie value after a sign-in to `email`'s account: this account first, the browser's
     * others after it (the oldest dropped beyond five), a new device id if it had none.
     */
    remember(cookieHeader: string | null | undefined, email: string): string {
      const account = normalizeEmail(email);
      const cookie = parse(cookieHeader) ?? { deviceId: randomBytes(16).toString('base64url'), tags: [] };
      const others = cookie.tags.filter((tag) => !vouches(tag, cookie.deviceId, account));
      const tags = [tagOf(keys[0]!, cookie.deviceId, account), ...others].slice(0, REMEMBERED_ACCOUNTS);
      // Sent to the sign-in and sign-up pages only; Strict: their posts are the shop's own.
      const attributes = [`Path=/sign-in`, `Max-Age=${MAX_AGE_SECONDS}`, 'HttpOnly', 'SameSite=Strict', ...(production ? ['Secure'] : [])];
      return [`${DEVICE_COOKIE}=${[cookie.deviceId, ...tags].join('.')}`, ...attributes].join('; ');
    },
  };
}

export type DeviceCookies = ReturnType<typeof createDeviceCookies>;
