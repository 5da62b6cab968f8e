import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import { isLoopbackAddress } from '../../http/dev-pages';

/**
 * Who may use the support page (`/_psp/`, its forms): it sends signed webhooks to the shop,
 * so it is never public. With `PAYMENT_SIMULATOR_SUPPORT_PASSWORD`, whoever gives it by HTTP
 * Basic (any user name; compared in constant time). Without, only a browser on this machine:
 * the connection's own address decides, as for the /dev pages (dev-pages.ts), never
 * X-Forwarded-For; and a request that a reverse proxy forwarded (it says so in its headers)
 * counts as from elsewhere, since a proxy on this machine would make every visitor look local.
 */

export type SupportAccess = 'allowed' | 'passwordRequired' | 'localOnly';

/** Headers by which a reverse proxy tells whom it forwards for. */
const PROXY_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'] as const;

/** The password of an `Authorization: Basic …` header (whatever the user name), or null. */
export function basicAuthPassword(authorization: string | undefined): string | null {
  const match = /^Basic +([A-Za-z0-9+/]+=*) *$/i.exec(authorization ?? '');
  if (!match?.[1]) return null;
  const credentials = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = credentials.indexOf(':');
  return colon === -1 ? null : credentials.slice(colon + 1);
}

/** Equal in constant time: both sides hashed first, so their lengths give nothing away either. */
function samePassword(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Without a password the request must also be addressed to this machine by name (localhost, a
 * loopback address) or to the shop's public host: a page elsewhere that points its own name at
 * 127.0.0.1 (DNS rebinding) is then refused even though the browser connects locally.
 */
export function supportAccessOf(request: {
  password: string | null;
  authorization: string | undefined;
  remoteAddress: string | undefined;
  proxied: boolean;
  host: string | undefined;
  publicHost: string;
}): SupportAccess {
  if (request.password !== null) {
    const given = basicAuthPassword(request.authorization);
    return given !== null && samePassword(given, request.password) ? 'allowed' : 'passwordRequired';
  }
  const host = request.host ?? '';
  const addressedHere = isLoopbackHost(host) || host.toLowerCase() === request.publicHost.toLowerCase();
  return isLoopbackAddress(request.remoteAddress) && !request.proxied && addressedHere ? 'allowed' : 'localOnly';
}

export function supportAccessOfRequest(req: Request, password: string | null, publicHost: string): SupportAccess {
  return supportAccessOf({
    password,
    authorization: req.get('Authorization'),
    remoteAddress: req.socket.remoteAddress,
    proxied: PROXY_HEADERS.some((name) => req.get(name) !== undefined),
    host: req.get('Host'),
    publicHost,
  });
}

/** localhost, 127.x.x.x or [::1], with any port. */
function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/:\d+$/, '').replace(/^\[(.*)\]$/, '$1');
  return name === 'localhost' || isLoopbackAddress(name);
}

/**
 * Whether a POST may be taken: without an Origin header (curl, an old browser), or from the
 * shop itself: its public URL's origin, or the origin the request came to when that is this
 * machine by name (the shop opened as 127.0.0.1 while PUBLIC_URL says localhost). Any other
 * origin is refused, even one whose Host matches (a page rebinding its own name to this
 * machine), so a page elsewhere cannot post webhooks with the tester's browser.
 */
export function isSameOriginPost(origin: string | undefined, shop: { publicOrigin: string; requestProtocol: string; requestHost: string | undefined }): boolean {
  if (origin === undefined || origin === shop.publicOrigin) return true;
  const host = shop.requestHost ?? '';
  return isLoopbackHost(host) && origin === `${shop.requestProtocol}://${host}`;
}
