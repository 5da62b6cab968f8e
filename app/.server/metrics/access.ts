import { createHash, timingSafeEqual } from 'node:crypto';
import { isLoopbackAddress } from '../http/dev-pages';

const BEARER = /^Bearer +(\S+) *$/i;

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

export type MetricsRequest = {
  /** The socket's own address (`req.socket.remoteAddress`), never one a header claims. */
  remoteAddress: string | undefined;
  authorization: string | undefined;
  /** Whether the request came through a proxy (it carries X-Forwarded-For, Forwarded or X-Real-IP). */
  forwarded: boolean;
};

/**
 * Who may read /metrics. Without METRICS_TOKEN, a client on this machine talking to the shop
 * directly: a loopback socket that no proxy forwarded (nginx on this machine connects from
 * 127.0.0.1 on behalf of anyone, and says so in X-Forwarded-For). With a token, anyone who
 * sends `Authorization: Bearer <token>`, this machine included. Comparing digests takes the
 * same time whatever the sent token's length or content.
 */
export function mayReadMetrics(request: MetricsRequest, token: string | null): boolean {
  if (token === null) return !request.forwarded && isLoopbackAddress(request.remoteAddress);
  const sent = BEARER.exec(request.authorization ?? '')?.[1];
  if (sent === undefined) return false;
  return timingSafeEqual(digest(sent), digest(token));
}
