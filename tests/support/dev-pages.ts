import { RouterContextProvider } from 'react-router';
import { expressContext } from '../../app/.server/auth/context';
import { systemClock } from '../../app/.server/clock';
import type { Database } from '../../app/.server/db/client';
import { readConfig } from '../../app/.server/env';
import { PRODUCTION_ENV } from '../../app/.server/env-testing';
import { shopContext } from '../../app/context';
import { servicesFor } from './services';


/**
 * Route args for a support page (/dev/…) requested from `remoteAddress` (the socket's, not
 * X-Forwarded-For), in production or not: what its guard and loader read, nothing more.
 */
export function devPageArgs(database: Database, production: boolean, remoteAddress: string) {
  const config = readConfig({ ...PRODUCTION_ENV, NODE_ENV: production ? 'production' : 'development', LOG_LEVEL: 'silent' });
  return (path: string, init?: RequestInit) => {
    const context = new RouterContextProvider();
    context.set(shopContext, { config, clock: systemClock, services: servicesFor(database) });
    // Only what the guard reads of the Express request; the rest is never touched here.
    context.set(expressContext, { req: { socket: { remoteAddress } }, res: {} } as never);
    // The full route args come from the framework; cast at the call.
    return { request: new Request(`https://shop.example${path}`, init), context, params: {}, unstable_pattern: path } as never;
  };
}

/** The status a loader or action throws (a 404 Response from the guard), or 'no error'. */
export async function statusOf(call: () => Promise<unknown>): Promise<number | 'no error'> {
  try {
    await call();
    return 'no error';
  } catch (error) {
    return (error as { init?: { status?: number } }).init?.status ?? -1;
  }
}
