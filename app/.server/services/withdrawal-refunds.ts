// A withdrawal's money (issue 31; docs/payments.md "Refunds of a withdrawal"). The withdrawal is
// recorded first; its refund is then asked of the PSP with its own Idempotency-Key
// (`withdrawal-{id}`: sent twice, by two instances or after a crash, it is one refund), claimed
// with a lease so two instances do not send it at the same moment. Its outcome comes back as
// REFUND / REFUND_FAILED events of the order's ledger, read here under the order's lock
// (payment-settlement.ts), so a replayed or reordered webhook changes nothing twice.
import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import { factsOf } from '../../domain/payment-ledger';
import { paymentStanding, refundStateOf, type PaymentStanding } from '../../domain/withdrawal-rights';
import type { ShopDb } from '../db/client';
import { orders, paymentEvents, withdrawals } from '../db/schema';
import { isRefusedRequest } from '../payments/gateway';
import { ledgerEventOf, type LedgerRow } from './payment-ledger';
import { writeNotice } from './payment-notes';
import { failureText, nextTryAfter } from './payment-reversals';
import { settleOrder, type SettlementDeps } from './payment-settlement';

/** How long one instance holds a refund while it talks to the PSP. */
const SEND_LEASE_MS = 60_000;

/** The refund's last error, for support, when the shop itself declines to send it. */
const PAYMENT_NOT_HELD = 'not sent: the payment was disputed or given back outside the shop';

type WithdrawalRow = typeof withdrawals.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/** The refund is failed for good: the history says so and support is told, once. */
async function markFailed(tx: ShopDb, deps: SettlementDeps, withdrawal: WithdrawalRow, order: OrderRow, now: Date): Promise<void> {
  await tx.update(withdrawals).set({ state: 'failed', settledAt: now }).where(eq(withdrawals.id, withdrawal.id));
  await writeNotice(tx, deps, order, { kind: 'withdrawal-refund-failed', payment: withdrawal.reference }, { amountCents: withdrawal.refundCents }, now);
}

/** Sends one withdrawal's refund, unless it was sent or another instance is sending it; true once the PSP took it. */
export async function sendWithdrawalRefund(deps: SettlementDeps, withdrawalId: string): Promise<boolean> {
  const now = deps.now();
  const [claimed] = await deps.db
    .update(withdrawals)
    .set({ nextAttemptAt: new Date(now.getTime() + SEND_LEASE_MS) })
    .where(and(eq(withdrawals.id, withdrawalId), isNull(withdrawals.sentAt), lte(withdrawals.nextAttemptAt, now)))
    .returning();
  if (!claimed || claimed.paymentPspReference === null) return false;
  const attempts = claimed.attempts + 1;
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, claimed.orderId));
  if (order && (await loadPaymentStanding(deps.db, order, deps.merchantAccount)) !== 'holds') {
    // Disputed or given back outside the shop after the withdrawal was recorded: a refund now would pay twice.
    await deps.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(orders).where(eq(orders.id, claimed.orderId)).for('no key update');
      await tx.update(withdrawals).set({ nextAttemptAt: null, lastError: PAYMENT_NOT_HELD }).where(eq(withdrawals.id, claimed.id));
      if (locked) await markFailed(tx, deps, claimed, locked, deps.now());
    });
    deps.logger.error({ withdrawalId, pspReference: claimed.paymentPspReference }, 'withdrawals: the payment was disputed or given back outside the shop; the refund is not sent, support is told');
    return false;
  }
  try {
    const refund = await deps.gateway.refund({
      pspReference: claimed.paymentPspReference,
      amountCents: claimed.refundCents,
      reference: claimed.reference,
      idempotencyKey: `withdrawal-${claimed.id}`,
    });
    await deps.db
      .update(withdrawals)
      .set({ refundPspReference: refund.pspReference, sentAt: deps.now(), nextAttemptAt: null, attempts, lastError: null })
      .where(eq(withdrawals.id, claimed.id));
    deps.logger.info({ withdrawalId, pspReference: claimed.paymentPspReference, refund: refund.pspReference }, 'withdrawals: a refund was asked of the PSP');
    // Its outcome may have come before its reference was known here: settle the order again to read it.
    const [early] = await deps.db.select({ id: paymentEvents.id }).from(paymentEvents).where(eq(paymentEvents.pspReference, refund.pspReference)).limit(1);
    if (early) await settleOrder(deps, claimed.orderId);
    return true;
  } catch (error) {
    const lastError = failureText(error);
    if (isRefusedRequest(error)) {
      // The PSP will not do it, however often asked: a person must.
      await deps.db.transaction(async (tx) => {
        const [order] = await tx.select().from(orders).where(eq(orders.id, claimed.orderId)).for('no key update');
        await tx.update(withdrawals).set({ nextAttemptAt: null, attempts, lastError }).where(eq(withdrawals.id, claimed.id));
        if (order) await markFailed(tx, deps, claimed, order, deps.now());
      });
      deps.logger.error({ withdrawalId, error: lastError }, 'withdrawals: the PSP refused a refund; support is told');
      return false;
    }
    await deps.db
      .update(withdrawals)
      .set({ nextAttemptAt: nextTryAfter(deps.now(), attempts), attempts, lastError })
      .where(eq(withdrawals.id, claimed.id));
    deps.logger.warn({ withdrawalId, attempts, error: lastError }, 'withdrawals: a refund could not reach the PSP; it is sent again later');
    return false;
  }
}

/** The refunds due (never sent, or whose last try failed or was cut off): sends each; how many were due. */
export async function sendDueWithdrawalRefunds(deps: SettlementDeps, limit = 50): Promise<number> {
  const due = await deps.db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(lte(withdrawals.nextAttemptAt, deps.now()))
    .orderBy(asc(withdrawals.nextAttemptAt))
    .limit(limit);
  for (const { id } of due) await sendWithdrawalRefund(deps, id);
  return due.length;
}

const REFUND_CODES = new Set(['REFUND', 'REFUND_FAILED']);

/** Which withdrawal a ledger row is the refund outcome of: by the refund's PSP reference, or by our reference named back. */
function withdrawalOfRow(row: LedgerRow, ofOrder: readonly WithdrawalRow[]): WithdrawalRow | undefined {
  if (!REFUND_CODES.has(row.eventCode)) return undefined;
  return ofOrder.find((withdrawal) => withdrawal.refundPspReference === row.pspReference || withdrawal.reference === row.merchantReference);
}

/**
 * The order's withdrawals, and its ledger split in two: the refunds the shop asked for a
 * withdrawal (read here), and the rest (the order's own settlement: a refund of ours is no loss
 * of the payer's money to anyone else, and must not look like one).
 */
export async function splitWithdrawalRefunds(tx: ShopDb, orderId: string, ledger: readonly LedgerRow[]): Promise<{ ofOrder: WithdrawalRow[]; refunds: Map<string, LedgerRow[]>; rest: LedgerRow[] }> {
  const ofOrder = await tx.select().from(withdrawals).where(eq(withdrawals.orderId, orderId));
  const refunds = new Map<string, LedgerRow[]>();
  const rest: LedgerRow[] = [];
  for (const row of ledger) {
    const withdrawal = withdrawalOfRow(row, ofOrder);
    if (!withdrawal) {
      rest.push(row);
      continue;
    }
    refunds.set(withdrawal.id, [...(refunds.get(withdrawal.id) ?? []), row]);
  }
  return { ofOrder, refunds, rest };
}

/**
 * Each withdrawal's refund state from its events (whatever their order, however often they
 * came): moved, with its history line and support mail, only when it changes.
 */
export async function settleWithdrawalRefunds(
  tx: ShopDb,
  deps: SettlementDeps,
  order: OrderRow,
  split: { ofOrder: readonly WithdrawalRow[]; refunds: ReadonlyMap<string, readonly LedgerRow[]> },
  now: Date,
): Promise<void> {
  for (const withdrawal of split.ofOrder) {
    if (withdrawal.state === 'completed') continue;
    const events = split.refunds.get(withdrawal.id) ?? [];
    const state = refundStateOf(events);
    if (state === withdrawal.state || state === 'requested') continue;
    if (state === 'failed') {
      await markFailed(tx, deps, withdrawal, order, now);
      continue;
    }
    await tx.update(withdrawals).set({ state, settledAt: now }).where(eq(withdrawals.id, withdrawal.id));
    await writeNotice(tx, deps, order, { kind: 'withdrawal-refunded', payment: withdrawal.reference }, { amountCents: withdrawal.refundCents }, now);
  }
}

/**
 * How the payment that paid the order stands (domain/withdrawal-rights.ts `paymentStanding`),
 * from every event the PSP sent about it but the refunds of the order's own withdrawals.
 */
export async function loadPaymentStanding(executor: ShopDb, order: OrderRow, merchantAccount: string): Promise<PaymentStanding> {
  const payer = order.paidByPspReference;
  if (payer === null) return 'holds';
  const rows = await executor.select().from(paymentEvents).where(eq(paymentEvents.paymentPspReference, payer));
  const { rest } = await splitWithdrawalRefunds(executor, order.id, rows);
  const facts = factsOf(rest.map(ledgerEventOf), { amountCents: order.totalCents, currency: 'EUR', merchantAccount });
  return paymentStanding(facts.find((entry) => entry.payment === payer) ?? null);
}

/** The withdrawals of some orders (the order pages' states). */
export async function withdrawalsOf(db: ShopDb, orderIds: readonly string[]): Promise<WithdrawalRow[]> {
  if (orderIds.length === 0) return [];
  return db.select().from(withdrawals).where(inArray(withdrawals.orderId, [...orderIds]));
}
