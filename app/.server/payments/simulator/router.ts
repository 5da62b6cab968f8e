import { timingSafeEqual } from 'node:crypto';
import express, { Router, type RequestHandler, type Response } from 'express';
import type { PaymentsConfig } from '../config';

/** What Adyen answers on an error: `{status, errorCode, message, errorType}` (docs.adyen.com "Errors"). */
function adyenError(res: Response, status: number, errorCode: string, message: string, errorType: 'security' | 'validation' | 'internal') {
  res.status(status).json({ status, errorCode, message, errorType });
}

/** The API key, compared in constant time: a wrong one is Adyen's 401 `000` "HTTP Status Response - Unauthorized". */
function apiKeyOf(expected: string): RequestHandler {
  const wanted = Buffer.from(expected);
  return (req, res, next) => {
    const given = Buffer.from(req.get('X-API-Key') ?? '');
    if (given.length === wanted.length && timingSafeEqual(given, wanted)) return next();
    adyenError(res, 401, '000', 'HTTP Status Response - Unauthorized', 'security');
  };
}

/** The payment methods the shop offers (spec: card with the brands visa and mc, and PayPal). */
const PAYMENT_METHODS = [
  { type: 'scheme', name: 'Cards', brands: ['visa', 'mc'] },
  { type: 'paypal', name: 'PayPal' },
];

/**
 * The Adyen-compatible simulator (issue 14), mounted at `SIMULATOR_PATH` when no Adyen account
 * is configured: it speaks Checkout API v72's wire format, so the shop's real `@adyen/api-library`
 * code path is what runs offline and in tests. This first part answers `/paymentMethods`; the
 * payments, sessions, hosted page, stored methods and webhooks follow.
 */
export function paymentSimulator(config: PaymentsConfig): Router {
  const router = Router();
  router.use('/checkout', express.json({ limit: '64kb', type: () => true }), apiKeyOf(config.apiKey));

  router.post('/checkout/v72/paymentMethods', (req, res) => {
    const request = (req.body ?? {}) as { merchantAccount?: unknown };
    if (request.merchantAccount !== config.merchantAccount) {
      adyenError(res, 403, '901', 'Invalid Merchant Account', 'security');
      return;
    }
    res.json({ paymentMethods: PAYMENT_METHODS, storedPaymentMethods: [] });
  });

  return router;
}
