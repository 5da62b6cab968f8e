// The ledger's storage (issue 29; domain/payment-ledger.ts): what the PSP said, each fact once,
// tied to its order as soon as something names it. Settlement (payment-settlement.ts) reads an
// order's ledger whole.
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { paymentOfEvent, type LedgerEvent } from '../../domain/payment-ledger';
import type { ShopDb } from '../db/client';
import { paymentEvents, payments } from '../db/schema';

export type LedgerRow = typeof paymentEvents.$inferSelect;

/** A fact to record: a webhook item, or what an API answer said. */
export type LedgerEntry = {
  source: 'webhook' | 'api';
  eventCode: string;
  success: boolean;
  pspReference: string;
  originalReference: string | null;
  merchantReference: string;
  amount: { value: number; currency: string } | null;
  merchantAccount: string | null;
  reason: string | null;
  reasonCode: string | null;
  item: Record<string, unknown>;
  /** The order, when the caller knows it (an API answer for one of its attempts). */
  orderId?: string;
};

/** Which order an entry belongs to: its attempt's (by our reference), or that of a payment already known. */
async function orderOf(db: ShopDb, entry: LedgerEntry, payment: string): Promise<string | null> {
  if (entry.orderId) return entry.orderId;
  if (entry.merchantReference) {
    const [attempt] = await db.select({ orderId: payments.orderId }).from(payments).where(eq(payments.reference, entry.merchantReference)).limit(1);
    if (attempt) return attempt.orderId;
  }
  const [known] = await db
    .select({ orderId: paymentEvents.orderId })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.paymentPspReference, payment), isNotNull(paymentEvents.orderId)))
    .limit(1);
  if (known?.orderId) return known.orderId;
  const [attempt] = await db.select({ orderId: payments.orderId }).from(payments).where(eq(payments.pspReference, payment)).limit(1);
  return attempt?.orderId ?? null;
}

/**
 * Stores an entry unless the same fact from the same source is already there (a resent webhook,
 * two instances, a refreshed return). Answers the new row's id and order, or null for a repeat.
 */
export async function recordEntry(db: ShopDb, entry: LedgerEntry, now: Date): Promise<{ id: string; orderId: string | null } | null> {
  const payment = paymentOfEvent({ eventCode: entry.eventCode, pspReference: entry.pspReference, originalReference: entry.originalReference });
  const orderId = await orderOf(db, entry, payment);
  const [stored] = await db
    .insert(paymentEvents)
    .values({
      source: entry.source,
      pspReference: entry.pspReference,
      eventCode: entry.eventCode,
      success: entry.success,
      merchantReference: entry.merchantReference,
      originalReference: entry.originalReference,
      paymentPspReference: payment,
      orderId,
      amountValue: entry.amount?.value ?? null,
      currency: entry.amount?.currency ?? null,
      merchantAccount: entry.merchantAccount,
      reason: entry.reason,
      reasonCode: entry.reasonCode,
      item: entry.item,
      receivedAt: now,
    })
    .onConflictDoNothing({ target: [paymentEvents.pspReference, paymentEvents.eventCode, paymentEvents.success, paymentEvents.source] })
    .returning({ id: paymentEvents.id, orderId: paymentEvents.orderId });
  return stored ?? null;
}

/**
 * The order's whole ledger, in the order it was recorded. Events stored before anything named
 * their payment (a cancellation ahead of its authorisation, from someone else's reference) are
 * claimed for the order here, once one of its events names that payment.
 */
export async function loadLedger(tx: ShopDb, orderId: string): Promise<LedgerRow[]> {
  const ownPayments = tx.select({ payment: paymentEvents.paymentPspReference }).from(paymentEvents).where(eq(paymentEvents.orderId, orderId));
  await tx
    .update(paymentEvents)
    .set({ orderId })
    .where(and(isNull(paymentEvents.orderId), inArray(paymentEvents.paymentPspReference, ownPayments)));
  return tx
    .select()
    .from(paymentEvents)
    .where(eq(paymentEvents.orderId, orderId))
    .orderBy(asc(paymentEvents.receivedAt), asc(sql`${paymentEvents.id}`));
}

/** A row as the domain reads it. */
export function ledgerEventOf(row: LedgerRow): LedgerEvent {
  return {
    eventCode: row.eventCode,
    success: row.success,
    payment: row.paymentPspReference,
    amount: row.amountValue !== null && row.currency !== null ? { value: row.amountValue, currency: row.currency } : null,
    merchantAccount: row.merchantAccount,
  };
}

/** Marks the order's events as settled (the job looks for the rest). */
export async function markSettled(tx: ShopDb, orderId: string, now: Date): Promise<void> {
  await tx.update(paymentEvents).set({ processedAt: now }).where(and(eq(paymentEvents.orderId, orderId), isNull(paymentEvents.processedAt)));
}

/** Events that name no order of ours: nothing to settle; marked so the job does not ask again. */
export async function markOrphansSeen(db: ShopDb, ids: readonly string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.update(paymentEvents).set({ processedAt: now }).where(and(inArray(paymentEvents.id, [...ids]), isNull(paymentEvents.orderId)));
}
