// Whole pages as a browser gets them, for tests that read the HTML (docs/forms.md's test): the
// app's real server build, compiled by Vite as `npm run dev` does, answering Requests in-process
// with a router context built from the test's database, services and sign-in runtime. The one
// POST server.ts answers before React Router, the PSP's return, goes to the same Express
// handlers over a local port.
import { rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { createRequestHandler, RouterContextProvider, type ServerBuild } from 'react-router';
import { createServer, type ViteDevServer } from 'vite';
import { authContext } from '../../app/.server/auth/context';
import type * as authKeys from '../../app/.server/auth/context';
import { createLogger } from '../../app/.server/logger';
import { PAYMENT_RETURN_ROUTE, paymentReturnPostHandlers } from '../../app/.server/payments/return-endpoint';
import { shopContext } from '../../app/context';
import type * as shopKeys from '../../app/context';

/** The path server.ts hands to paymentReturnPostHandlers, as Express matches it (any case, a trailing slash). */
const PAYMENT_RETURN_POST = /^\/paymentgateway\/[^/]+\/?$/i;

type ContextKeys = { shop: typeof shopKeys; auth: typeof authKeys };

export type RenderedShop = {
  /** Answers `request` as the shop would from this machine (loopback: the /dev pages answer). */
  fetch(request: Request): Promise<Response>;
  close(): Promise<void>;
};

/**
 * The shop's pages over the test's `context` (createShopContext). The build's modules are Vite's
 * copies, so its context keys are read from Vite too (typed keys are identity-based).
 */
export async function renderedShop(context: RouterContextProvider): Promise<RenderedShop> {
  const vite: ViteDevServer = await createServer({
    server: { middlewareMode: true, watch: null, hmr: false },
    appType: 'custom',
    logLevel: 'silent',
    // Server rendering only: no browser dependencies to optimise, and no cache in node_modules.
    optimizeDeps: { noDiscovery: true, include: [] },
    cacheDir: path.join(os.tmpdir(), `shop-test-vite-${process.pid}`),
  });
  const build = (await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild;
  const keys = {
    shop: await vite.ssrLoadModule('/app/context.ts'),
    auth: await vite.ssrLoadModule('/app/.server/auth/context.ts'),
  } as ContextKeys;
  const handle = createRequestHandler(build, 'development');
  const logger = createLogger('silent');
  const returns = express();
  returns.post(PAYMENT_RETURN_ROUTE, ...paymentReturnPostHandlers({ payments: context.get(shopContext).services.payments, logger }));
  const returnsServer = returns.listen(0, '127.0.0.1');
  await new Promise((resolve) => returnsServer.once('listening', resolve));
  const returnsOrigin = `http://127.0.0.1:${(returnsServer.address() as AddressInfo).port}`;
  return {
    async fetch(request) {
      const url = new URL(request.url);
      if (request.method === 'POST' && PAYMENT_RETURN_POST.test(url.pathname)) {
        return fetch(`${returnsOrigin}${url.pathname}${url.search}`, { method: 'POST', headers: request.headers, body: await request.text(), redirect: 'manual' });
      }
      const load = new RouterContextProvider();
      load.set(keys.shop.shopContext, context.get(shopContext));
      load.set(keys.auth.authContext, context.get(authContext));
      load.set(keys.shop.requestContext, { id: 'forms-doc', cspNonce: 'test-nonce', logger });
      load.set(keys.shop.availabilityContext, { isAvailable: () => true, report: () => false });
      const req = { method: request.method, ip: '127.0.0.1', socket: { remoteAddress: '127.0.0.1' } };
      load.set(keys.auth.expressContext, { req, res: {} } as never);
      return handle(request, load);
    },
    async close() {
      await new Promise((resolve) => returnsServer.close(resolve));
      await vite.close();
      await rm(path.join(os.tmpdir(), `shop-test-vite-${process.pid}`), { recursive: true, force: true });
    },
  };
}
