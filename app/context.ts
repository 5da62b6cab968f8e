import { createContext } from 'react-router';
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
  services: Services;
};

export const shopContext = createContext<ShopContext>();
