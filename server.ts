import { readdirSync } from 'node:fs';
import path from 'node:path';
import { createRequestHandler } from '@react-router/express';
import express from 'express';
import { pinoHttp } from 'pino-http';
import { RouterContextProvider, type ServerBuild } from 'react-router';
import type { ViteDevServer } from 'vite';
import { parseTrustProxy, requestIdFor } from './app/.server/http/request-id';
import { appCompression } from './app/.server/http/compression';
import { bareErrors, requestGuards } from './app/.server/http/request-guards';
import { discardUnreadBody } from './app/.server/http/unread-body';
import { errorSerializer, type Logger } from './app/.server/logger';
import { probeHandlers } from './app/.server/http/probes';
import { createMetricsEndpoint } from './app/.server/metrics/registry';
import { routeLabelContext } from './app/.server/metrics/route-label';
import { dropInSources, hostedPageOrigins, SIMULATOR_PATH } from './app/.server/payments/config';
import { PAYMENT_RETURN_ROUTE, paymentReturnPostHandlers } from './app/.server/payments/return-endpoint';
import { PAYMENT_WEBHOOK_PATH, paymentWebhookHandlers } from './app/.server/payments/webhook-endpoint';
import { assignCspNonce, securityHeaders } from './app/.server/http/security-headers';
import { authContext, expressContext } from './app/.server/auth/context';
import { startShop } from './app/.server/shop';
import { availabilityContext, requestContext, shopContext } from './app/context';

export { ConfigError } from './app/.server/env';
// The re-seal command (scripts/reseal-documents.js) runs from the same build as the shop.
export { runResealCommand } from './app/.server/uploads/reseal';
export { eraseTargetOf, runEraseDocumentsCommand } from './app/.server/uploads/erase-command';

export type ShopServer = {
  app: express.Express;
  port: number;
  host: string;
  shutdownTimeoutMs: number;
  logger: Logger;
  /** Makes /healthz and /readyz answer 503 so load balancers stop sending traffic while we drain. */
  beginShutdown(): void;
  close(): Promise<void>;
};

const CLIENT_BUILD_DIR = path.resolve('build/client');
/** Probes and scrapes every few seconds would drown the log. */
const UNLOGGED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * The Express application. Compiled by Vite (see vite.config.ts) so that it shares the
 * route modules' copy of the context keys; start.js runs it in development and production.
 */
export async function createShopServer(
  options: { viteDevServer?: ViteDevServer; env?: Record<string, string | undefined> } = {},
): Promise<ShopServer> {
  const { viteDevServer } = options;
  // start.js passes the environment as the operator gave it (NODE_ENV included, see there).
  const shop = await startShop(options.env);
  const { config, logger } = shop;
  let shuttingDown = false;

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', parseTrustProxy(config.trustProxy));
  const metrics = createMetricsEndpoint({ ...shop, token: config.metricsToken });
  // First, so that the request-duration histogram covers the whole stack.
  app.use(metrics.timeRequests);
  // The build's hashed files before the request log, the guards and the document headers (CSP,
  // frame and referrer policies: they govern documents, not scripts or fonts). Those were ~1.5 KB
  // of headers on every file, and checkout loads ~30 of them: a fifth of its transfer. A miss or
  // another method goes on through the whole stack to the 404 below.
  if (!viteDevServer) app.use('/assets', hashedAssets());

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
      autoLogging: { ignore: (req) => UNLOGGED_PATHS.has(req.url ?? '') },
    }),
  );
  app.use(requestGuards, discardUnreadBody);
  app.use(assignCspNonce);
  app.use(
    securityHeaders({
      production: config.production,
      development: Boolean(viteDevServer),
      // A form's redirect must be allowed too: sign-in at an external IdP, payment on Adyen's page.
      formTargets: [
        ...(config.oidc.embedded ? [] : [new URL(config.oidc.issuer).origin]),
        ...(config.payments.simulated ? [] : hostedPageOrigins(config.payments)),
      ],
      // Checkout's Drop-in: Adyen's origins for the configured environment (security-headers.ts says why on every page).
      dropIn: dropInSources(config.payments.clientEnvironment),
    }),
  );
  app.use(appCompression());

  const probes = probeHandlers({ ...shop, isDraining: () => shuttingDown });
  app.get('/healthz', probes.healthz);
  app.get('/readyz', probes.readyz);
  // Local clients, or METRICS_TOKEN's bearer (metrics/access.ts); anyone else falls through to the catch-all.
  app.get('/metrics', metrics.serve);

  // The embedded sign-in service (issuer `${PUBLIC_URL}/sso`); absent with an external OIDC_ISSUER.
  const identityProvider = shop.auth.identityProvider;
  if (identityProvider) app.use('/sso', identityProvider.handler);
  // The Adyen-compatible payment simulator, when no Adyen account is configured (payments/config.ts).
  if (shop.paymentSimulator) app.use(SIMULATOR_PATH, shop.paymentSimulator.router);
  // The PSP's webhooks: Basic auth and HMAC checked, recorded, answered `[accepted]` (payments/webhook-endpoint.ts).
  app.post(
    PAYMENT_WEBHOOK_PATH,
    ...paymentWebhookHandlers({
      hmacKey: config.payments.hmacKey,
      previousHmacKeys: config.payments.previousHmacKeys,
      basicAuth: config.payments.webhookAuth,
      events: shop.services.payments.events,
      logger,
      availability: shop.availability,
    }),
  );

  // The PSP's redirect back by POST (3-D Secure), from another site: taken on this one address,
  // past React Router's origin check and without the fan's cookie, only to ask the PSP and answer
  // 303 to the return page (payments/return-endpoint.ts). Every other POST still meets the checks.
  app.post(PAYMENT_RETURN_ROUTE, ...paymentReturnPostHandlers({ payments: shop.services.payments, logger, availability: shop.availability }));

  if (viteDevServer) {
    app.use(viteDevServer.middlewares);
  } else {
    app.use(rootFiles(CLIENT_BUILD_DIR));
  }
  // A missing asset is a 404, not the catch-all route's redirect to the home page.
  app.use('/assets', assetNotFound);

  // A function makes React Router derive its routes again on every request: only with Vite,
  // whose modules change under it.
  const build = viteDevServer
    ? () => viteDevServer.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>
    : await import('virtual:react-router/server-build');

  app.all(
    '/{*splat}',
    createRequestHandler({
      build,
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
        context.set(routeLabelContext, res.locals);
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

const assetNotFound: express.RequestHandler = (_req, res) => {
  res.status(404).type('text/plain').send('Not found');
};

/**
 * GET and HEAD of the build's hashed files (names that never change content: cached for a year),
 * compressed, with what a script, stylesheet or font still needs of the security headers: no MIME
 * sniffing, no use by other sites. A miss is a plain 404.
 */
function hashedAssets(): express.Router {
  const router = express.Router();
  router.get(
    '/{*file}',
    (_req, res, next) => {
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
      next();
    },
    ...appCompression(),
    express.static(path.join(CLIENT_BUILD_DIR, 'assets'), { immutable: true, maxAge: '1y', index: false }),
    assetNotFound,
  );
  return router;
}

/**
 * The build's root files and folders (favicon.svg, social.png, art/…), cached for an hour. Only
 * their names reach express.static: a page's URL would otherwise cost a file-system lookup first.
 */
function rootFiles(directory: string): express.RequestHandler {
  const names = new Set(readdirSync(directory));
  const serve = express.static(directory, { maxAge: '1h', index: false });
  return (req, res, next) => {
    const first = req.path.split('/', 2)[1] ?? '';
    if (names.has(first)) serve(req, res, next);
    else next();
  };
}
