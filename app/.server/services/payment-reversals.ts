// Sending the reversals settlement decided (issue 29): each one to the PSP with its own
// Idempotency-Key (`reverse-{pspReference}`: sent twice, by two instances or after a crash, it is
// one reversal), claimed with a lease so two instances do not send it at the same moment. A PSP
// that is away is asked again later; a PSP that refuses (it knows no such payment, it is already
// refunded) is told to support. The outcome comes back as a ledger event (CANCEL_OR_REFUND).
import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import { reconciliationDelayMs } from '../../domain/payment-attempt';
import { orders, paymentReversals } from '../db/schema';
import { isRefusedRequest } from '../payments/gateway';
import { writeNotice } from './payment-notes';
import type { SettlementDeps } from './payment-settlement';

/** How long one instance holds a reversal while it talks to the PSP. */
const SEND_LEASE_MS = 60_000;
const MAX_ERROR_LENGTH = 300;

/** A PSP call's failure as stored for support (bounded). */
export function failureText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);
}

/** When a call that could not reach the PSP is tried again: with backoff, then at the longest wait from then on. */
export function nextTryAfter(now: Date, attempts: number): Date {
  return new Date(now.getTime() + (reconciliationDelayMs(attempts - 1) ?? reconciliationDelayMs(5)!));
}

/** Sends one owed reversal, unless it was sent or another instance is sending it; true once the PSP took it. */
export async function sendReversal(deps: SettlementDeps, pspReference: string): Promise<boolean> {
  const now = deps.now();
  const [claimed] = await deps.db
    .update(paymentReversals)
    .set({ nextAttemptAt: new Date(now.getTime() + SEND_LEASE_MS) })
    .where(and(eq(paymentReversals.pspReference, pspReference), isNull(paymentReversals.sentAt), lte(paymentReversals.nextAttemptAt, now)))
    .returning();
  if (!claimed) return false;
  const attempts = claimed.attempts + 1;
  try {
    await deps.gateway.reverse({ pspReference, reference: claimed.merchantReference || pspReference, idempotencyKey: `reverse-${pspReference}` });
    await deps.db
      .update(paymentReversals)
      .set({ sentAt: deps.now(), nextAttemptAt: null, attempts, lastError: null })
      .where(eq(paymentReversals.pspReference, pspReference));
    deps.logger.info({ pspReference, reason: claimed.reason }, 'payments: a payment the shop does not keep is being given back');
    return true;
  } catch (error) {
    const lastError = failureText(error);
    if (isRefusedRequest(error)) {
      // The PSP will not do it, however often asked: a person must.
      await deps.db.transaction(async (tx) => {
        await tx.update(paymentReversals).set({ nextAttemptAt: null, attempts, lastError }).where(eq(paymentReversals.pspReference, pspReference));
        const [order] = await tx.select().from(orders).where(eq(orders.id, claimed.orderId));
        if (order) await writeNotice(tx, deps, order, { kind: 'reversal-failed', payment: pspReference }, {}, deps.now());
      });
      deps.logger.error({ pspReference, error: lastError }, 'payments: the PSP refused to give a payment back; support is told');
      return false;
    }
    await deps.db
      .update(paymentReversals)
      .set({ nextAttemptAt: nextTryAfter(deps.now(), attempts), attempts, lastError })
      .where(eq(paymentReversals.pspReference, pspReference));
    deps.logger.warn({ pspReference, attempts, error: lastError }, 'payments: a reversal could not reach the PSP; it is sent again later');
    return false;
  }
}

/** The reversals due (never sent, or whose last try failed or was cut off): sends each; how many were due. */
export async function sendDueReversals(deps: SettlementDeps, limit = 50): Promise<number> {
  const due = await deps.db
    .select({ pspReference: paymentReversals.pspReference })
    .from(paymentReversals)
    .where(lte(paymentReversals.nextAttemptAt, deps.now()))
    .orderBy(asc(paymentReversals.nextAttemptAt))
    .limit(limit);
  for (const { pspReference } of due) await sendReversal(deps, pspReference);
  return due.length;
}
