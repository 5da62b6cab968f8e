import { timingSafeEqual } from 'node:crypto';
import express, { Router, type ErrorRequestHandler, type Request, type RequestHandler } from 'express';
import { AdyenApiError, INVALID_MERCHANT_ACCOUNT, sendAdyenError, UNAUTHORIZED } from './api-errors';
import { isObject } from './api-requests';
import { modificationRoutes } from './api-modifications';
import { paymentRoutes } from './api-payments';
import { sessionRoutes } from './api-sessions';
import type { SimulatorContext } from './context';
import { requestHash, runIdempotent, type ApiAnswer } from './idempotency';
import type { Queries } from './webhooks';

/**
 * The simulator's Checkout API v72 (mounted at `/checkout` below SIMULATOR_PATH): the wire
 * format `@adyen/api-library` speaks, so the shop's own payment code is what runs offline and
 * in tests. Every request needs the API key; every body or query names the merchant account.
 */

/** The API key, compared in constant time: a wrong one is Adyen's 401 `000` "HTTP Status Response - Unauthorized". */
function apiKeyOf(expected: string): RequestHandler {
  const wanted = Buffer.from(expected);
  return (req, res, next) => {
    const given = Buffer.from(req.get('X-API-Key') ?? '');
    if (given.length === wanted.length && timingSafeEqual(given, wanted)) return next();
    sendAdyenError(res, UNAUTHORIZED);
  };
}

/** Throws Adyen's 403 901 unless the request names this simulator's merchant account. */
export function checkMerchantAccount(context: SimulatorContext, merchantAccount: unknown): string {
  if (merchantAccount !== context.config.merchantAccount) throw INVALID_MERCHANT_ACCOUNT;
  return merchantAccount;
}

/** A query parameter as one string (Express may give a list or an object). */
export function queryText(req: Request, name: string): string | undefined {
  const value = req.query[name];
  return typeof value === 'string' ? value : undefined;
}

export type PostHandler = (tx: Queries, body: Record<string, unknown>, req: Request) => Promise<ApiAnswer>;

/**
 * A POST endpoint: merchant account checked (unless the endpoint has none, as
 * `/payments/details`), `Idempotency-Key` honoured (idempotency.ts), all of it in one
 * transaction, Adyen's error shape for what the handler refuses.
 */
export function post(context: SimulatorContext, handle: PostHandler, options: { merchantAccount: boolean } = { merchantAccount: true }): RequestHandler {
  return async (req, res, next) => {
    try {
      const body: unknown = req.body;
      if (!isObject(body)) throw new AdyenApiError(400, '000', 'Unable to parse message: the body must be a JSON object', 'validation');
      if (options.merchantAccount) checkMerchantAccount(context, body.merchantAccount);
      const key = req.get('Idempotency-Key');
      const answer = await runIdempotent(context.db, key, { hash: requestHash(req.method, req.baseUrl + req.path, body), now: context.clock.now() }, (tx) =>
        handle(tx, body, req),
      );
      // Adyen echoes the key, so a client can tell the request was taken idempotently.
      if (key !== undefined) res.set('Idempotency-Key', key);
      res.status(answer.status).json(answer.body);
    } catch (error) {
      next(error);
    }
  };
}

/** A GET or DELETE endpoint, with Adyen's error shape for what it refuses. */
export function read(handle: (req: Request) => Promise<ApiAnswer>): RequestHandler {
  return async (req, res, next) => {
    try {
      const answer = await handle(req);
      if (answer.status === 204) res.status(204).end();
      else res.status(answer.status).json(answer.body);
    } catch (error) {
      next(error);
    }
  };
}

/** Adyen's error body for anything that goes wrong: a refused input, a body that is no JSON, a bug. */
function adyenErrors(context: SimulatorContext): ErrorRequestHandler {
  return (error: unknown, _req, res, next) => {
    if (res.headersSent) return next(error);
    if (error instanceof AdyenApiError) return sendAdyenError(res, error);
    const status = (error as { status?: unknown } | null)?.status;
    // Express's body parser: unreadable JSON (400) or a body over the limit (413).
    if (status === 400 || status === 413) {
      return sendAdyenError(res, new AdyenApiError(status, '000', status === 413 ? 'Request body too large' : 'Unable to parse message', 'validation'));
    }
    context.logger.error({ err: error }, 'payment simulator: API request failed');
    sendAdyenError(res, new AdyenApiError(500, '000', 'Internal error', 'internal'));
  };
}

export function checkoutApiRouter(context: SimulatorContext): Router {
  const router = Router();
  router.use(apiKeyOf(context.config.apiKey), express.json({ limit: '64kb', type: () => true }));
  router.use('/v72', sessionRoutes(context), paymentRoutes(context), modificationRoutes(context));
  // Other versions and endpoints: Adyen's 404 body, not the shop's page.
  router.use((_req, res) => sendAdyenError(res, new AdyenApiError(404, '000', 'Not Found', 'validation')));
  router.use(adyenErrors(context));
  return router;
}
