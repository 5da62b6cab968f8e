import { timingSafeEqual } from 'node:crypto';
import adyen from '@adyen/api-library';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { isDatabaseUnavailable, type DatabaseAvailability } from '../db/availability';
import type { Logger } from '../logger';
import { notificationItemOf, type NotificationItem, type PaymentEvents } from '../services/payment-events';

/** Where the PSP sends its webhooks (set in Adyen's Customer Area; the simulator sends them here too). */
export const PAYMENT_WEBHOOK_PATH = '/webhooks/adyen';
/** Adyen sends one item per request today and at most a few: this is room, not a limit met. */
const MAX_WEBHOOK_BODY = '256kb';

type HmacCheckable = Parameters<InstanceType<typeof adyen.hmacValidator>['validateHMAC']>[0];

export type WebhookEndpointInput = {
  hmacKey: string;
  /** Keys still accepted while the merchant switches to `hmacKey` (ADYEN_HMAC_KEY_PREVIOUS; docs/operations.md). */
  previousHmacKeys?: readonly string[];
  /** HTTP Basic credentials, as set for the endpoint in Adyen's Customer Area; null: none asked. */
  basicAuth: Readonly<{ username: string; password: string }> | null;
  events: Pick<PaymentEvents, 'store' | 'settle'>;
  logger: Logger;
  /** The database circuit: while it is open the endpoint answers 503 at once, and reports what it sees. */
  availability?: Pick<DatabaseAvailability, 'isAvailable' | 'report'>;
};

/** Why an item of a batch was left out: not Adyen's shape, or no valid signature under any of the keys. */
type Ignored = { pspReference: string; why: 'shape' | 'signature' };

/**
 * The webhook endpoint (issues 14 and 29; docs/payments.md "Webhooks"), as Adyen expects it:
 * Basic auth when configured (401 otherwise); a body that is not Adyen's envelope: 400. Adyen
 * signs each item on its own, so each is judged on its own: an item not of Adyen's shape or
 * without a valid HMAC signature (the library's validator) is left out and logged, and the
 * well-signed ones are recorded in the ledger — whatever their event code or reference — and
 * `[accepted]` answered; only then are the orders settled. A batch with no well-signed item is
 * 401 (400 when none of its items is even Adyen's shape). The database away: 503, so that Adyen
 * retries (never 500). Client mistakes are warnings, never errors.
 */
export function paymentWebhookHandlers(input: WebhookEndpointInput): (RequestHandler | ErrorRequestHandler)[] {
  const validator = new adyen.hmacValidator();
  const hmacKeys = [input.hmacKey, ...(input.previousHmacKeys ?? [])];
  const handle: RequestHandler = async (req, res, next) => {
    if (input.availability && !input.availability.isAvailable()) {
      res.status(503).set('Retry-After', '10').type('text/plain').send('Service Unavailable');
      return;
    }
    try {
      const body = req.body as { notificationItems?: unknown } | undefined;
      const wrapped: unknown[] | null = Array.isArray(body?.notificationItems) ? body.notificationItems : null;
      const accepted: NotificationItem[] = [];
      const ignored: Ignored[] = [];
      for (const entry of wrapped ?? []) {
        const sent = (entry as { NotificationRequestItem?: unknown } | null)?.NotificationRequestItem;
        const item = notificationItemOf(sent);
        if (item && signedWithAny(validator, item, hmacKeys)) accepted.push(item);
        else ignored.push({ pspReference: pspReferenceOf(sent), why: item ? 'signature' : 'shape' });
      }
      if (!wrapped || wrapped.length === 0 || (accepted.length === 0 && ignored.every((left) => left.why === 'shape'))) {
        input.logger.warn({ ip: req.ip, items: wrapped?.length ?? 0 }, 'payments: a webhook request that is not Adyen’s shape was refused');
        res.status(400).type('text/plain').send('Bad Request');
        return;
      }
      if (accepted.length === 0) {
        input.logger.warn({ ip: req.ip, accepted: 0, ignored }, 'payments: a webhook with no well-signed item was refused');
        res.status(401).type('text/plain').send('Unauthorized');
        return;
      }
      // Refusing the batch for them would have Adyen resend the well-signed ones for days.
      if (ignored.length > 0) input.logger.warn({ ip: req.ip, accepted: accepted.length, ignored }, 'payments: items of a webhook were ignored (not Adyen’s shape or not well signed); the rest is accepted');
      const stored = await input.events.store(accepted);
      res.status(200).type('text/plain').send('[accepted]');
      await input.events.settle(stored).catch((error: unknown) => {
        const log = isDatabaseUnavailable(error) ? input.logger.warn.bind(input.logger) : input.logger.error.bind(input.logger);
        log({ err: error }, 'payments: settling after a webhook failed; the payments job settles it');
      });
    } catch (error) {
      next(error);
    }
  };
  return [...(input.basicAuth ? [basicAuthOf(input.basicAuth, input.logger)] : []), express.json({ limit: MAX_WEBHOOK_BODY, type: () => true }), handle, webhookErrors(input)];
}

/** HTTP Basic auth as Adyen sends it (`Authorization: Basic base64(user:password)`), compared in constant time. */
function basicAuthOf(credentials: Readonly<{ username: string; password: string }>, logger: Logger): RequestHandler {
  const expected = Buffer.from(`${credentials.username}:${credentials.password}`);
  return (req, res, next) => {
    const header = req.get('Authorization') ?? '';
    const given = header.startsWith('Basic ') ? Buffer.from(header.slice(6).trim(), 'base64') : Buffer.alloc(0);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return next();
    logger.warn({ ip: req.ip }, 'payments: a webhook without the endpoint’s credentials was refused');
    res.status(401).set('WWW-Authenticate', 'Basic realm="webhooks", charset="UTF-8"').type('text/plain').send('Unauthorized');
  };
}

/** What the body parser refuses (unreadable JSON, over the limit), and the database away (503: Adyen retries). */
function webhookErrors({ logger, availability }: Pick<WebhookEndpointInput, 'logger' | 'availability'>): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    const status = (error as { status?: unknown } | null)?.status;
    if (status === 400 || status === 413) {
      logger.warn({ ip: req.ip, status }, 'payments: an unreadable or oversized webhook body was refused');
      res.status(status).type('text/plain').send(status === 413 ? 'Payload Too Large' : 'Bad Request');
      return;
    }
    if (isDatabaseUnavailable(error)) {
      availability?.report(error);
      logger.warn({ err: error }, 'payments: a webhook arrived while the database is away; Adyen retries');
    } else {
      logger.error({ err: error }, 'payments: a webhook could not be recorded; Adyen retries');
    }
    res.status(503).set('Retry-After', '10').type('text/plain').send('Service Unavailable');
  };
}

/** An ignored item's `pspReference` for the log, if it has a readable one. */
function pspReferenceOf(sent: unknown): string {
  const reference = (sent as { pspReference?: unknown } | null)?.pspReference;
  return typeof reference === 'string' ? reference.slice(0, 64) : '';
}

/**
 * The library's check (constant-time itself) under each key; every key is tried whatever the
 * first answered, so the time taken does not tell which key signed. It throws when the
 * signature is missing, which is a refusal like a wrong one.
 */
function signedWithAny(validator: InstanceType<typeof adyen.hmacValidator>, item: NotificationItem, hmacKeys: readonly string[]): boolean {
  const verdicts = hmacKeys.map((hmacKey) => {
    try {
      return validator.validateHMAC(item as unknown as HmacCheckable, hmacKey);
    } catch {
      return false;
    }
  });
  return verdicts.includes(true);
}
