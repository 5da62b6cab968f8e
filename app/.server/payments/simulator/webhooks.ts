import adyen from '@adyen/api-library';
import type { ShopDb } from '../../db/client';
import { pspSimWebhooks } from '../../db/schema';

/**
 * The standard webhook's items as Adyen sends them (docs.adyen.com "Webhooks"; field names of
 * the library's NotificationRequestItem; the card fields as in the library's own sample
 * payload, tools/hmac/payload.json: `cardSummary`, `expiryDate` "03/2030", `cardHolderName`,
 * `authCode`, `recurring.recurringDetailReference`, `recurring.shopperReference`). Each item is
 * signed as the library's `hmacValidator` checks it, and queued in the transaction of what it
 * reports; delivery.ts sends it.
 */

export type Queries = Pick<ShopDb, 'select' | 'insert' | 'update' | 'delete'>;

/** The standard webhook's event codes the simulator sends (from its own work, or from the support page). */
export type EventCode =
  | 'AUTHORISATION'
  | 'CANCELLATION'
  | 'CANCEL_OR_REFUND'
  | 'TECHNICAL_CANCEL'
  | 'REFUND'
  | 'REFUND_FAILED'
  | 'CAPTURE'
  | 'CAPTURE_FAILED'
  | 'CHARGEBACK'
  | 'NOTIFICATION_OF_CHARGEBACK'
  | 'CHARGEBACK_REVERSED'
  | 'OFFER_CLOSED'
  | 'REPORT_AVAILABLE';

export type WebhookEvent = {
  eventCode: EventCode;
  /**
   * The event's own reference: the payment's for AUTHORISATION and OFFER_CLOSED, the
   * modification's or the dispute's otherwise, a report's file name for REPORT_AVAILABLE.
   */
  pspReference: string;
  /** For a modification or a dispute: the payment it is about. */
  originalReference?: string;
  merchantAccountCode: string;
  merchantReference: string;
  amount: { value: number; currency: string };
  success: boolean;
  /** On failure Adyen's refusal reason; on a card's success Adyen's `authCode:lastFour:expiry`. */
  reason?: string;
  /** `visa`, `mc`, `paypal`. */
  paymentMethod?: string;
  additionalData?: Record<string, string>;
  eventDate: Date;
};

/** ISO 8601 with an offset, as Adyen writes `eventDate` ("2025-02-24T15:20:56+01:00"). */
function eventDateText(date: Date): string {
  return `${date.toISOString().slice(0, 19)}+00:00`;
}

/** The item, with `additionalData.hmacSignature` over Adyen's signed fields. */
export function signedItem(event: WebhookEvent, hmacKey: string): Record<string, unknown> {
  const item = {
    additionalData: { ...event.additionalData } as Record<string, string>,
    amount: { value: event.amount.value, currency: event.amount.currency },
    eventCode: event.eventCode,
    eventDate: eventDateText(event.eventDate),
    merchantAccountCode: event.merchantAccountCode,
    merchantReference: event.merchantReference,
    ...(event.originalReference ? { originalReference: event.originalReference } : {}),
    ...(event.paymentMethod ? { paymentMethod: event.paymentMethod } : {}),
    pspReference: event.pspReference,
    reason: event.reason ?? '',
    success: event.success ? 'true' : 'false',
    ...(event.eventCode === 'AUTHORISATION' && event.success ? { operations: ['CANCEL', 'CAPTURE', 'REFUND'] } : {}),
  };
  // The library signs pspReference, originalReference, merchantAccountCode, merchantReference,
  // amount value and currency, eventCode and success; computing it there keeps us its equal.
  item.additionalData.hmacSignature = new adyen.hmacValidator().calculateHmac(item as never, hmacKey);
  return item;
}

/** Queues the event for delivery now, or at `notBefore` (the support page queues one held). */
export async function queueWebhook(queries: Queries, event: WebhookEvent, input: { hmacKey: string; paymentPspReference: string | null; now: Date; notBefore?: Date }): Promise<void> {
  await queries.insert(pspSimWebhooks).values({
    item: signedItem(event, input.hmacKey),
    eventCode: event.eventCode,
    pspReference: event.pspReference,
    paymentPspReference: input.paymentPspReference,
    createdAt: input.now,
    nextAttemptAt: input.notBefore ?? input.now,
  });
}
