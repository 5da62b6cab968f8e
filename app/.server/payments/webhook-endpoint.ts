import adyen from '@adyen/api-library';
import express, { type RequestHandler } from 'express';
import type { Logger } from '../logger';
import { notificationItemOf, type NotificationItem, type PaymentEvents } from '../services/payment-events';

/** Where the PSP sends its webhooks (set in Adyen's Customer Area; the simulator sends them here too). */
export const PAYMENT_WEBHOOK_PATH = '/webhooks/adyen';
/** Adyen sends one item per request today and at most a few: this is room, not a limit met. */
const MAX_WEBHOOK_BODY = '256kb';

type HmacCheckable = Parameters<InstanceType<typeof adyen.hmacValidator>['validateHMAC']>[0];

/**
 * The webhook endpoint (issue 14; docs/payments.md "Webhooks"). Every item's HMAC signature is
 * checked with the library's validator — a missing or wrong one refuses the whole request with
 * 401 and a log line. Good items are stored (once: a resent item is found, not stored again),
 * `[accepted]` is answered at once, and only then is each new item acted on; one a crash leaves
 * unprocessed is taken by the payments job.
 */
export function paymentWebhookHandlers(input: { hmacKey: string; events: Pick<PaymentEvents, 'store' | 'process'>; logger: Logger }): RequestHandler[] {
  const validator = new adyen.hmacValidator();
  const handle: RequestHandler = async (req, res, next) => {
    try {
      const body = req.body as { notificationItems?: unknown } | undefined;
      const wrapped = Array.isArray(body?.notificationItems) ? body.notificationItems : null;
      const items = wrapped?.map((entry: unknown) => notificationItemOf((entry as { NotificationRequestItem?: unknown } | null)?.NotificationRequestItem));
      if (!items || items.length === 0 || items.some((item) => item === null)) {
        input.logger.warn({ ip: req.ip }, 'payments: a webhook request that is not Adyen’s shape was refused');
        res.status(400).type('text/plain').send('Bad Request');
        return;
      }
      const checked = items as NotificationItem[];
      if (!checked.every((item) => signedWith(validator, item, input.hmacKey))) {
        input.logger.warn({ ip: req.ip, pspReferences: checked.map((item) => item.pspReference) }, 'payments: a webhook with a missing or wrong HMAC signature was refused');
        res.status(401).type('text/plain').send('Unauthorized');
        return;
      }
      const stored: string[] = [];
      for (const item of checked) {
        const id = await input.events.store(item);
        if (id) stored.push(id);
      }
      res.status(200).type('text/plain').send('[accepted]');
      for (const id of stored) {
        await input.events.process(id).catch((error: unknown) => input.logger.error({ err: error, eventId: id }, 'payments: a webhook item failed; the payments job retries it'));
      }
    } catch (error) {
      next(error);
    }
  };
  return [express.json({ limit: MAX_WEBHOOK_BODY, type: () => true }), handle];
}

/** The library's check; it throws when the signature is missing, which is a refusal like a wrong one. */
function signedWith(validator: InstanceType<typeof adyen.hmacValidator>, item: NotificationItem, hmacKey: string): boolean {
  try {
    return validator.validateHMAC(item as unknown as HmacCheckable, hmacKey);
  } catch {
    return false;
  }
}
