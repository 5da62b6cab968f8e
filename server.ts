import path from 'node:path';
import { createRequestHandler } from '@react-router/express';
import compression from 'compression';
import express from 'express';
import { pinoHttp } from 'pino-http';
import { RouterContextProvider, type ServerBuild } from 'react-router';
import type { ViteDevServer } from 'vite';
import { parseTrustProxy, requestIdFor } from './app/.server/http/request-id';
import { balancedDrainListeners } from './app/.server/http/drain-listeners';
import { bareErrors, requestGuards } from './app/.server/http/request-guards';
import { discardUnreadBody } from './app/.server/http/unread-body';
import { errorSerializer, type Logger } from './app/.server/logger';
import { assignCspNonce, securityHeaders } from './app/.server/http/security-headers';
import { authContext, expressContext } from './app/.server/auth/context';
import { startShop } from './app/.server/shop';
import { availabilityContext, requestContext, shopContext } from './app/context';

export { ConfigError } from './app/.server/env';

export type ShopServer = {
  app: express.Express;
  port: number;
  host: string;
  shutdownTimeoutMs: number;
  logger: Logger;
  /** Makes /healthz answer 503 so load balancers stop sending traffic while we drain. */
  beginShutdown(): void;
  close(): Promise<void>;
};

const CLIENT_BUILD_DIR = path.resolve('build/client');

/**
 * The Express application. Compiled by Vite (see vite.config.ts) so that it shares the
 * route modules' copy of the context keys; start.js runs it in development and production.
 */
export async function createShopServer(options: { viteDevServer?: ViteDevServer } = {}): Promise<ShopServer> {
  const { viteDevServer } = options;
  const shop = await startShop();
  const { config, logger } = shop;
  let shuttingDown = false;

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', parseTrustProxy(config.trustProxy));

  app.use(
    pinoHttp({
      logger,
      genReqId: requestIdFor,
      // One short line per request; headers (cookies included) stay out of the log.
      serializers: {
        req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
        err: errorSerializer,
      },
      // Health probes every few seconds would drown the log.
      autoLogging: { ignore: (req) => req.url === '/healthz' },
    }),
  );
  app.use(requestGuards, discardUnreadBody);
  app.use(assignCspNonce);
  app.use(
    securityHeaders({
      production: config.production,
      development: Boolean(viteDevServer),
      formTargets: config.oidc.embedded ? [] : [new URL(config.oidc.issuer).origin],
    }),
  );
  app.use(compression(), balancedDrainListeners);

  app.get('/healthz', async (_req, res) => {
    if (shuttingDown) {
      res.status(503).json({ status: 'shutting-down' });
      return;
    }
    try {
      // Also opens or closes the circuit by which pages answer 503 while the database is away.
      await shop.availability.check();
      res.json({ status: 'ok', database: shop.database.kind });
    } catch (error) {
      if (!shop.availability.isAvailable()) logger.warn('health check: database unreachable');
      else logger.error({ err: error }, 'health check failed');
      res.status(503).json({ status: 'database-unavailable' });
    }
  });

  // The embedded sign-in service (issuer `${PUBLIC_URL}/sso`); absent with an external OIDC_ISSUER.
  const identityProvider = shop.auth.identityProvider;
  if (identityProvider) app.use('/sso', identityProvider.handler);

  if (viteDevServer) {
    app.use(viteDevServer.middlewares);
  } else {
    // Hashed file names never change content: cache them for a year.
    app.use('/assets', express.static(path.join(CLIENT_BUILD_DIR, 'assets'), { immutable: true, maxAge: '1y' }));
    app.use(express.static(CLIENT_BUILD_DIR, { maxAge: '1h', index: false }));
  }
  // A missing asset is a 404, not the catch-all route's redirect to the home page.
  app.use('/assets', (_req, res) => {
    res.status(404).type('text/plain').send('Not found');
  });

  const loadBuild = viteDevServer
    ? () => viteDevServer.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>
    : () => import('virtual:react-router/server-build');

  app.all(
    '/{*splat}',
    createRequestHandler({
      build: loadBuild,
      mode: viteDevServer ? 'development' : 'production',
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        context.set(requestContext, {
          id: String(req.id),
          cspNonce: String(res.locals.cspNonce),
          logger: req.log,
        });
        context.set(shopContext, { config, clock: shop.clock, services: shop.services });
        context.set(authContext, shop.auth);
        context.set(availabilityContext, shop.availability);
        context.set(expressContext, { req, res });
        return context;
      },
    }),
  );

  app.use(bareErrors);

  return {
    app,
    port: config.port,
    host: config.host,
    shutdownTimeoutMs: config.shutdownTimeoutMs,
    logger,
    beginShutdown() {
      shuttingDown = true;
    },
    close: () => shop.close(),
  };
}
