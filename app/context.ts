import { createContext } from 'react-router';
import type { Clock } from './.server/clock';
import type { DatabaseAvailability } from './.server/db/availability';
import type { Config } from './.server/env';
import type { Logger } from './.server/logger';
import type { Services } from './.server/services';

/**
 * Typed keys of the RouterContextProvider that `getLoadContext` (server.ts) fills for
 * every request. Type-only imports keep server code out of the client bundle.
 */
export type RequestInfo = {
  /** Correlates logs and error screens; echoed as `X-Request-Id`. */
  id: string;
  /** Per-request CSP nonce for inline and module scripts. */
  cspNonce: string;
  logger: Logger;
};

export const requestContext = createContext<RequestInfo>();

export type ShopContext = {
  config: Config;
  /** "Now" for loaders and actions (promo prices, seasonal themes, today's lists). */
  clock: Clock;
  services: Services;
};

export const shopContext = createContext<ShopContext>();

/**
 * Whether the database answers (server.ts sets it per request). The root middleware answers
 * 503 at once while it does not; `handleError` reports the outage errors it sees.
 */
export const availabilityContext = createContext<Pick<DatabaseAvailability, 'isAvailable' | 'report'>>();
