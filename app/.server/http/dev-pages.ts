import { data, type RouterContextProvider } from 'react-router';
import { shopContext } from '../../context';
import { expressContext } from '../auth/context';

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (how a dual-stack socket reports 127.0.0.1). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * The support pages under /dev/ (they change stock, show everyone's mail) exist only outside
 * production and only for a browser on this machine: the socket's own address decides, never
 * X-Forwarded-For. Anything else gets the same 404 as an unknown page.
 */
export function refuseUnlessLocalDevelopment(context: Readonly<RouterContextProvider>): void {
  if (context.get(shopContext).config.production) throw data(null, { status: 404 });
  if (!isLoopbackAddress(context.get(expressContext).req.socket.remoteAddress)) throw data(null, { status: 404 });
}
