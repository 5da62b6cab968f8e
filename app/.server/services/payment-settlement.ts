// Settling an order's money (issue 29; docs/payments.md "Settlement"). Every path that learns
// something from the PSP — a webhook, the fan's return, Drop-in's answer, reconciliation —
// records it in the ledger and then settles the order here: under the order's row lock, from the
// order's whole ledger (domain/payment-ledger.ts), so arrivals in any order, any number of times,
// on any number of instances, end alike. What the decision asks for is written in the same
// transaction: the order paid and fulfilled, reversals owed, the history, the mails.
import { and, eq, inArray } from 'drizzle-orm';
import { refusalOf } from '../../domain/payment-attempt';
import { holdsMoney, settleOrder as decide, type PaymentFacts, type PaymentNotice, type ReversalReason } from '../../domain/payment-ledger';
import type { OrderStatus } from '../../domain/order-status';
import type { ShopDb } from '../db/client';
import { orders, paymentReversals, payments } from '../db/schema';
import type { Logger } from '../logger';
import { composePaymentCancelledMail } from '../mail/payment-cancelled';
import type { PaymentGateway } from '../payments/gateway';
import { payAndFulfil } from './order-fulfilment';
import { ledgerEventOf, loadLedger, markSettled, type LedgerRow } from './payment-ledger';
import { queueMail, writeNotice } from './payment-notes';
import { sendReversal } from './payment-reversals';
import { settleWithdrawalRefunds, splitWithdrawalRefunds } from './withdrawal-refunds';
import type { ReloadDocsLinks } from './reload-docs-link';
import type { ServiceDeps } from '.';

export type SettlementDeps = {
  db: ShopDb;
  gateway: PaymentGateway;
  logger: Logger;
  now: () => Date;
  publicUrl: string;
  reloadDocs: ReloadDocsLinks;
  /** Where what needs a person goes (SUPPORT_EMAIL). */
  supportEmail: string;
  /** The only merchant account whose authorisations the shop keeps. */
  merchantAccount: string;
};

/** The settlement's parts, from what every service is built of and the process's gateway and links. */
export function settlementDepsOf(
  { db, clock, config, logger }: Pick<ServiceDeps, 'db' | 'clock' | 'config' | 'logger'>,
  { gateway, reloadDocs }: { gateway: PaymentGateway; reloadDocs: ReloadDocsLinks },
): SettlementDeps {
  return {
    db,
    gateway,
    logger,
    publicUrl: config.publicUrl,
    reloadDocs,
    now: () => clock.now(),
    supportEmail: config.supportEmail,
    merchantAccount: config.payments.merchantAccount,
  };
}

/** The order's money after settling, for the page that asked. */
export type SettledOrder = {
  orderId: string;
  customerId: string;
  status: OrderStatus;
  /** The PSP payment that pays the order. */
  payer: string | null;
  /** The payments the shop gives back, and why. */
  reversals: ReadonlyMap<string, ReversalReason>;
  facts: readonly PaymentFacts[];
};

/** Settles one order from its whole ledger; null for an order that does not exist. */
export async function settleOrder(deps: SettlementDeps, orderId: string): Promise<SettledOrder | null> {
  const now = deps.now();
  const settled = await deps.db.transaction(async (tx) => {
    // `no key update`: settlements of the order wait for each other, while webhooks naming it
    // (a foreign key to the order) are still stored meanwhile.
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('no key update');
    if (!order) return null;
    const ledger = await loadLedger(tx, orderId);
    const owed = await tx.select({ pspReference: paymentReversals.pspReference, reason: paymentReversals.reason }).from(paymentReversals).where(eq(paymentReversals.orderId, orderId));
    const reversals = new Map(owed.map((row) => [row.pspReference, row.reason]));
    // A withdrawal's refund is the shop's own doing: read apart (withdrawal-refunds.ts).
    const split = await splitWithdrawalRefunds(tx, orderId, ledger);
    const decision = decide({
      order: { status: order.status, paidBy: order.paidByPspReference },
      expected: { amountCents: order.totalCents, currency: 'EUR', merchantAccount: deps.merchantAccount },
      events: split.rest.map(ledgerEventOf),
      reversing: new Set(reversals.keys()),
    });
    let status = order.status;
    if (decision.pay) {
      await tx.update(orders).set({ paidByPspReference: decision.payer }).where(eq(orders.id, orderId));
      if (await payAndFulfil(tx, orderId, { now, publicUrl: deps.publicUrl, reloadDocs: deps.reloadDocs })) status = 'fulfilled';
    } else if (decision.payer !== order.paidByPspReference) {
      await tx.update(orders).set({ paidByPspReference: decision.payer }).where(eq(orders.id, orderId));
    }
    const amountOf = (payment: string) => decision.facts.find((facts) => facts.payment === payment)?.authorisedCents ?? null;
    const newReversals: string[] = [];
    for (const { payment, reason } of decision.reverse) {
      const [created] = await tx
        .insert(paymentReversals)
        .values({ pspReference: payment, orderId, merchantReference: merchantReferenceOf(ledger, payment), reason, requestedAt: now, nextAttemptAt: now })
        .onConflictDoNothing()
        .returning({ pspReference: paymentReversals.pspReference });
      if (!created) continue;
      reversals.set(payment, reason);
      newReversals.push(payment);
      const mail = composePaymentCancelledMail({ order, reason, amountCents: amountOf(payment) ?? order.totalCents, publicUrl: deps.publicUrl });
      await queueMail(tx, { dedupeKey: `payment-cancelled:${payment}`, kind: 'payment-cancelled', to: order.buyer.email, language: order.language, mail });
    }
    const current = { ...order, status };
    for (const notice of decision.notices) await writeNotice(tx, deps, current, notice, noticeDetails(notice, decision.facts, reversals), now);
    await settleWithdrawalRefunds(tx, deps, current, split, now);
    await summariseAttempts(tx, orderId, ledger, decision.facts, decision.payer, now);
    await markSettled(tx, orderId, now);
    return { settled: { orderId, customerId: order.customerId, status, payer: decision.payer, reversals, facts: decision.facts }, newReversals };
  });
  if (!settled) return null;
  // The reversal is owed whatever happens next: were this process to die here, the job sends it.
  for (const payment of settled.newReversals) await sendReversal(deps, payment);
  return settled.settled;
}

/** Our reference of the payment's attempt, as its authorisation named it (the reversal's reference). */
function merchantReferenceOf(ledger: readonly LedgerRow[], payment: string): string {
  const named = ledger.find((row) => row.paymentPspReference === payment && row.merchantReference !== '');
  return named?.merchantReference ?? '';
}

/** What a history line shows: the payment's amount, and why it is given back. */
function noticeDetails(notice: PaymentNotice, facts: readonly PaymentFacts[], reversals: ReadonlyMap<string, ReversalReason>): Record<string, string | number> {
  const of = facts.find((entry) => entry.payment === notice.payment);
  const amountCents = notice.kind === 'refunded' ? of?.refundedCents : of?.authorisedCents;
  const reason = reversals.get(notice.payment);
  return { ...(amountCents !== undefined && amountCents !== null ? { amountCents } : {}), ...(reason ? { reason } : {}) };
}

/**
 * When the PSP says a ledger row's event happened: a webhook's `eventDate`, else when the shop
 * recorded it. Webhooks come late, in batches and in any order, so the time they arrived does not
 * tell which of a session's refusals came last.
 */
function eventTimeOf(row: LedgerRow): number {
  const eventDate = (row.item as { eventDate?: unknown }).eventDate;
  const parsed = typeof eventDate === 'string' ? Date.parse(eventDate) : Number.NaN;
  return Number.isNaN(parsed) ? row.receivedAt.getTime() : parsed;
}

/** The attempt's last refusal (a hosted session may refuse several cards before the fan leaves), or undefined. */
function lastRefusalOf(rows: readonly LedgerRow[]): LedgerRow | undefined {
  const refusals = rows.filter((row) => row.eventCode === 'AUTHORISATION' && !row.success);
  // Ties keep the ledger's order (the later recorded wins).
  return refusals.reduce<LedgerRow | undefined>((last, row) => (last === undefined || eventTimeOf(row) >= eventTimeOf(last) ? row : last), undefined);
}

/**
 * Each attempt's row, as the pages read it (the pay page's last refusal, the return page): the
 * ledger says whether one of its payments was authorised, or the last refusal and its reason. An
 * attempt the session ended otherwise (cancelled, expired) keeps that, unless money came after.
 */
async function summariseAttempts(tx: ShopDb, orderId: string, ledger: readonly LedgerRow[], facts: readonly PaymentFacts[], payer: string | null, now: Date): Promise<void> {
  const attempts = await tx.select().from(payments).where(eq(payments.orderId, orderId));
  for (const attempt of attempts) {
    const rows = ledger.filter((row) => row.merchantReference === attempt.reference);
    const own = new Set(rows.map((row) => row.paymentPspReference));
    const authorised = facts.filter((entry) => own.has(entry.payment) && entry.authorised);
    if (authorised.length > 0) {
      const pspReference = authorised.find((entry) => entry.payment === payer)?.payment ?? authorised.at(-1)!.payment;
      // Its money gone back (a reversal confirmed, a cancellation): cancelled; else authorised.
      const status = authorised.some(holdsMoney) ? 'authorised' : 'cancelled';
      if (attempt.status !== status || attempt.pspReference !== pspReference) {
        await tx.update(payments).set({ status, pspReference, nextCheckAt: null, updatedAt: now }).where(eq(payments.id, attempt.id));
      }
      continue;
    }
    const refusal = lastRefusalOf(rows);
    if (!refusal) continue;
    const words = refusalOf(refusal.reason, refusal.reasonCode);
    const moving = attempt.status === 'open' || attempt.status === 'pending';
    const reworded = words !== null && (attempt.refusalReason !== words.reason || attempt.refusalReasonCode !== words.code);
    if (!moving && !(attempt.status === 'refused' && reworded)) continue;
    await tx
      .update(payments)
      .set({
        status: attempt.status === 'refused' || moving ? 'refused' : attempt.status,
        pspReference: refusal.paymentPspReference,
        nextCheckAt: null,
        updatedAt: now,
        ...(words ? { refusalReason: words.reason, refusalReasonCode: words.code } : {}),
      })
      .where(eq(payments.id, attempt.id));
  }
}

/**
 * An attempt ended without money as far as the shop can tell from outside the ledger (a session
 * cancelled or expired, a PSP error, still pending): the order keeps waiting, the fan may try
 * again. An attempt already authorised or refused stays so; pending may still become anything.
 */
export async function recordAttemptEnd(db: ShopDb, paymentId: string, status: 'cancelled' | 'expired' | 'error' | 'pending' | 'refused', now: Date): Promise<void> {
  const from: ('open' | 'pending')[] = status === 'pending' ? ['open'] : ['open', 'pending'];
  await db
    .update(payments)
    .set({ status, updatedAt: now, ...(status === 'pending' ? {} : { nextCheckAt: null }) })
    .where(and(eq(payments.id, paymentId), inArray(payments.status, from)));
}
