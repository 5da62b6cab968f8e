// Webhook items (issues 14 and 29): each well-signed item is recorded in the ledger once, then
// the orders it belongs to are settled (payment-settlement.ts). Every item Adyen may send is
// recorded — an event code the shop does not act on, an empty merchant reference (Adyen's
// REPORT_AVAILABLE), a reference that is not ours — and answered `[accepted]`: refusing one would
// make Adyen retry the batch and, in the end, disable the endpoint. The endpoint has checked
// each item's HMAC signature before it comes here.
import { and, asc, isNull, lte } from 'drizzle-orm';
import { paymentEvents } from '../db/schema';
import { markOrphansSeen, recordEntry, type LedgerEntry } from './payment-ledger';
import { sendDueReversals } from './payment-reversals';
import { settleOrder, type SettlementDeps } from './payment-settlement';
import { sendDueWithdrawalRefunds } from './withdrawal-refunds';

/** A NotificationRequestItem as far as the shop reads it (Adyen sends `success` as the string 'true' or 'false'). */
export type NotificationItem = {
  eventCode: string;
  success: string;
  pspReference: string;
  merchantReference: string;
  originalReference?: string;
  merchantAccountCode?: string;
  amount?: { value: number; currency: string };
  reason?: string;
  additionalData?: Record<string, string | undefined>;
};

const isText = (value: unknown, min: number, max: number): value is string => typeof value === 'string' && value.length >= min && value.length <= max;

/**
 * The item's shape, checked as far as the signature and the ledger need it: the signed fields as
 * Adyen types them. Anything else (a text where a number belongs) is not Adyen's: null.
 */
export function notificationItemOf(value: unknown): NotificationItem | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  // A missing merchant reference is signed as an empty one: read it so.
  const item = { ...(value as Record<string, unknown>) };
  item.merchantReference ??= '';
  if (!isText(item.eventCode, 1, 64) || !isText(item.pspReference, 1, 256) || !isText(item.merchantReference, 0, 256)) return null;
  if (item.success !== 'true' && item.success !== 'false') return null;
  if (item.originalReference !== undefined && item.originalReference !== null && !isText(item.originalReference, 0, 256)) return null;
  if (item.merchantAccountCode !== undefined && !isText(item.merchantAccountCode, 0, 256)) return null;
  if (item.reason !== undefined && item.reason !== null && typeof item.reason !== 'string') return null;
  if (item.amount !== undefined) {
    const amount = item.amount as Record<string, unknown> | null;
    if (amount === null || typeof amount !== 'object' || !Number.isSafeInteger(amount.value) || !isText(amount.currency, 0, 3)) return null;
  }
  if (item.additionalData !== undefined && (item.additionalData === null || typeof item.additionalData !== 'object' || Array.isArray(item.additionalData))) return null;
  return item as NotificationItem;
}

/** The item as a fact of the ledger. */
export function ledgerEntryOf(item: NotificationItem): LedgerEntry {
  const success = item.success === 'true';
  const code = item.additionalData?.refusalReasonCode;
  return {
    source: 'webhook',
    eventCode: item.eventCode,
    success,
    pspReference: item.pspReference,
    originalReference: item.originalReference || null,
    merchantReference: item.merchantReference,
    amount: item.amount ? { value: item.amount.value, currency: item.amount.currency } : null,
    merchantAccount: item.merchantAccountCode ?? null,
    // On success Adyen's `reason` is `authCode:lastFour:expiry`, not a reason.
    reason: !success && item.reason ? item.reason.slice(0, 500) : null,
    reasonCode: !success && typeof code === 'string' ? code.slice(0, 16) : null,
    item: item as unknown as Record<string, unknown>,
  };
}

/** How long an event may wait unprocessed before the job takes it (its own request may still be at it). */
export const EVENT_RETRY_AFTER_MS = 30_000;

export function createPaymentEvents(deps: SettlementDeps) {
  const { db } = deps;

  /** Settles the orders of newly stored events; events of no order of ours are marked seen. */
  async function settleStored(stored: readonly { id: string; orderId: string | null }[]): Promise<void> {
    await markOrphansSeen(db, stored.filter((event) => event.orderId === null).map((event) => event.id), deps.now());
    for (const orderId of new Set(stored.flatMap((event) => (event.orderId ? [event.orderId] : [])))) await settleOrder(deps, orderId);
  }

  return {
    /** Records a batch's items (a repeat is recorded once); answers what is new, for `settle`. */
    async store(items: readonly NotificationItem[]): Promise<{ id: string; orderId: string | null }[]> {
      const stored: { id: string; orderId: string | null }[] = [];
      for (const item of items) {
        const row = await recordEntry(db, ledgerEntryOf(item), deps.now());
        if (row) stored.push(row);
      }
      return stored;
    },

    settle: settleStored,

    /**
     * The job's pass: events a crash or an outage left unsettled, and reversals and withdrawal
     * refunds owed but not sent (never sent, failed, or cut off). Answers how many events it took.
     */
    async processLeft(limit = 50): Promise<number> {
      const left = await db
        .select({ id: paymentEvents.id, orderId: paymentEvents.orderId })
        .from(paymentEvents)
        .where(and(isNull(paymentEvents.processedAt), lte(paymentEvents.receivedAt, new Date(deps.now().getTime() - EVENT_RETRY_AFTER_MS))))
        .orderBy(asc(paymentEvents.receivedAt))
        .limit(limit);
      await settleStored(left);
      await sendDueReversals(deps);
      await sendDueWithdrawalRefunds(deps);
      return left.length;
    },
  };
}

export type PaymentEvents = ReturnType<typeof createPaymentEvents>;
