// Webhook items (issue 14): stored once, then acted on (payment-settlement.ts). The endpoint has
// checked each item's HMAC before it comes here.
import { and, asc, eq, isNull, lte, or } from 'drizzle-orm';
import { refusalOf } from '../../domain/payment-attempt';
import { isReversalEvent } from '../../domain/payment-outcome';
import { paymentEvents, payments } from '../db/schema';
import { recordAuthorisation, recordReversal, recordUnpaid, type SettlementDeps } from './payment-settlement';

/** A NotificationRequestItem as far as the shop reads it (Adyen sends `success` as the string 'true' or 'false'). */
export type NotificationItem = {
  eventCode: string;
  success: string;
  pspReference: string;
  merchantReference: string;
  originalReference?: string;
  reason?: string;
  additionalData?: Record<string, string | undefined>;
};

/** The item's shape, checked: anything else is not an event the shop can store. */
export function notificationItemOf(value: unknown): NotificationItem | null {
  if (value === null || typeof value !== 'object') return null;
  const item = value as Record<string, unknown>;
  const text = (name: string, max: number) => typeof item[name] === 'string' && item[name].length > 0 && item[name].length <= max;
  if (!text('eventCode', 64) || !text('pspReference', 64) || !text('merchantReference', 128) || (item.success !== 'true' && item.success !== 'false')) return null;
  return value as NotificationItem;
}

/** How long an event may wait unprocessed before the retry job takes it (its own request may still be at it). */
export const EVENT_RETRY_AFTER_MS = 30_000;

export function createPaymentEvents(deps: SettlementDeps) {
  const { db } = deps;

  async function process(eventId: string): Promise<void> {
    const [event] = await db.select().from(paymentEvents).where(eq(paymentEvents.id, eventId));
    if (!event || event.processedAt) return;
    // Our reference names the attempt; a cancellation may name the payment by its PSP reference only.
    const [payment] = await db
      .select({ id: payments.id })
      .from(payments)
      .where(
        or(
          eq(payments.reference, event.merchantReference),
          event.originalReference ? eq(payments.pspReference, event.originalReference) : undefined,
        ),
      )
      .limit(1);
    if (!payment) {
      deps.logger.warn({ eventCode: event.eventCode, merchantReference: event.merchantReference }, 'payments: a webhook names no attempt of ours');
    } else if (event.eventCode === 'AUTHORISATION' && event.success) {
      await recordAuthorisation(deps, payment.id, event.pspReference);
    } else if (event.eventCode === 'AUTHORISATION') {
      const item = event.item as Partial<NotificationItem>;
      await recordUnpaid(deps, payment.id, 'refused', refusalOf(item.reason, item.additionalData?.refusalReasonCode));
    } else if (isReversalEvent(event.eventCode)) {
      await recordReversal(deps, payment.id, event.success);
    }
    await db.update(paymentEvents).set({ processedAt: deps.now() }).where(and(eq(paymentEvents.id, eventId), isNull(paymentEvents.processedAt)));
  }

  return {
    /** Stores an item; answers its id when it is new (this request processes it), null when it was already stored. */
    async store(item: NotificationItem): Promise<string | null> {
      const [stored] = await db
        .insert(paymentEvents)
        .values({
          pspReference: item.pspReference,
          eventCode: item.eventCode,
          success: item.success === 'true',
          merchantReference: item.merchantReference,
          originalReference: item.originalReference ?? null,
          item: item as unknown as Record<string, unknown>,
          receivedAt: deps.now(),
        })
        .onConflictDoNothing({ target: [paymentEvents.pspReference, paymentEvents.eventCode, paymentEvents.success] })
        .returning({ id: paymentEvents.id });
      return stored?.id ?? null;
    },

    process,

    /** Processes the events a crash or a failure left unprocessed; answers how many. */
    async processLeft(limit = 50): Promise<number> {
      const left = await db
        .select({ id: paymentEvents.id })
        .from(paymentEvents)
        .where(and(isNull(paymentEvents.processedAt), lte(paymentEvents.receivedAt, new Date(deps.now().getTime() - EVENT_RETRY_AFTER_MS))))
        .orderBy(asc(paymentEvents.receivedAt))
        .limit(limit);
      for (const event of left) await process(event.id);
      return left.length;
    },
  };
}

export type PaymentEvents = ReturnType<typeof createPaymentEvents>;
