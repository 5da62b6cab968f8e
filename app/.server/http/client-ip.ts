import type { RouterContextProvider } from 'react-router';
import { expressContext } from '../auth/context';

/**
 * The client's address for attempt limits: Express's `req.ip`, which honours TRUST_PROXY (only
 * a configured proxy's X-Forwarded-For is believed), else the socket's peer.
 */
export function clientIpOf(context: Readonly<RouterContextProvider>): string {
  const { req } = context.get(expressContext);
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}
