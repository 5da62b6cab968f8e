// The right of withdrawal, used (issue 31; contract in withdrawals-contract.ts, the rule in
// domain/withdrawal-rights.ts). A withdrawal is recorded at once, under the order's row lock and
// in one transaction with everything that follows it: the memberships cancelled (a gift's only
// while nobody has taken it on), a card's size back in stock, its coupon given back, the history
// line, the fan's confirmation mail and support's. Its refund goes to the PSP after the commit
// (withdrawal-refunds.ts): an order is never refunded before the withdrawal is on record.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { summariseAddress } from '../../domain/address-summary';
import type { Language } from '../../domain/catalogue-types';
import { refundPlan, withdrawalDeadline, type PaymentStanding } from '../../domain/withdrawal-rights';
import { failure, success } from '../../domain/result';
import type { ShopDb } from '../db/client';
import { coupons, memberships, orderItemDocuments, orders, paymentEvents, payments, productVariants, withdrawalItems, withdrawals } from '../db/schema';
import type { DocumentStore } from '../uploads/document-store';
import { composeWithdrawalConfirmationMail } from '../mail/withdrawal-confirmation';
import type { PaymentGateway } from '../payments/gateway';
import type { ServiceDeps } from '.';
import type { CartOwner } from './cart-contract';
import { findOwner, isUuid } from './cart-items';
import { getCountry } from './lookups';
import { queueMail, writeNotice } from './payment-notes';
import { settlementDepsOf } from './payment-settlement';
import type { ReloadDocsLinks } from './reload-docs-link';
import { loadWithdrawalLines, refusalOfLine, type WithdrawalLine } from './withdrawal-lines';
import { loadPaymentStanding, sendWithdrawalRefund } from './withdrawal-refunds';
import type { PreviewResult, RefundMethod, WithdrawalPreview, WithdrawalRefusals, WithdrawRequest, WithdrawResult } from './withdrawals-contract';

type OrderRow = typeof orders.$inferSelect;

const isPaymentRefusal = (refusal: string) => refusal === 'payment-disputed' || refusal === 'payment-returned';

/** More item ids than an order could have is no fan's request. */
const MAX_ITEMS = 50;

/** A gift taken on by its recipient between the check and the cancellation (the other side of the race won). */
class GiftTakenMeanwhile extends Error {
  constructor(readonly itemId: string) {
    super('withdrawals: the gift was redeemed meanwhile');
  }
}

/** How the order was paid (the refund goes back there): the paying attempt's method, and the card as its authorisation named it. */
async function refundMethodOf(db: ShopDb, order: OrderRow): Promise<RefundMethod> {
  if (order.paidByPspReference === null) return null;
  const [attempt] = await db.select({ method: payments.method }).from(payments).where(and(eq(payments.orderId, order.id), eq(payments.pspReference, order.paidByPspReference))).limit(1);
  const [authorisation] = await db
    .select({ item: paymentEvents.item })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.paymentPspReference, order.paidByPspReference), eq(paymentEvents.eventCode, 'AUTHORISATION'), eq(paymentEvents.success, true)))
    .limit(1);
  const item = (authorisation?.item ?? {}) as { paymentMethod?: unknown; additionalData?: Record<string, unknown> };
  const brand = typeof item.paymentMethod === 'string' ? item.paymentMethod.slice(0, 32) : null;
  const summary = item.additionalData?.cardSummary;
  const method = attempt?.method ?? (brand === 'paypal' ? 'paypal' : 'scheme');
  return { method, brand: method === 'paypal' ? null : brand, lastFour: typeof summary === 'string' && /^\d{4}$/.test(summary) ? summary : null };
}

/** Why the chosen items may not be withdrawn, per item; empty when all may. */
function refusalsOf(lines: readonly WithdrawalLine[], chosen: ReadonlySet<string>, order: OrderRow, payment: PaymentStanding, now: Date): WithdrawalRefusals {
  const refusals: WithdrawalRefusals = {};
  for (const id of chosen) {
    const line = lines.find((candidate) => candidate.item.id === id);
    const refusal = line ? refusalOfLine(line, order, payment, now) : 'not-found';
    if (refusal) refusals[id] = refusal;
  }
  return refusals;
}

function planOf(order: OrderRow, lines: readonly WithdrawalLine[], chosen: ReadonlySet<string>) {
  return refundPlan(
    {
      lines: lines.map(({ item }) => ({ id: item.id, unitPriceCents: item.unitPriceCents, ships: item.shippingAddress !== null, couponCode: item.couponCode })),
      voucherDiscountCents: order.voucherDiscountCents,
      shippingCents: order.shippingCents,
    },
    new Set(lines.flatMap((line) => (line.withdrawal ? [line.item.id] : []))),
    chosen,
  );
}

/** The ids a request names, once each; null when there are more than any order has. */
function chosenIds(itemIds: readonly string[]): Set<string> | null {
  const ids = new Set(itemIds);
  return ids.size > MAX_ITEMS ? null : ids;
}

/** The items' effects, in the withdrawal's transaction; rows in a fixed order (memberships, then sizes by id) against deadlocks. */
async function undoItems(tx: ShopDb, documents: DocumentStore, order: OrderRow, lines: readonly WithdrawalLine[], now: Date): Promise<void> {
  for (const line of lines) {
    if (!line.membership) continue;
    const isGift = line.item.process === 'gift';
    const [cancelled] = await tx
      .update(memberships)
      // Free again the membership a withdrawn upgrade or renewal followed: it may be upgraded or renewed anew.
      .set({ status: 'cancelled', withdrawnAt: now, upgradeOf: null, renewalOf: null })
      .where(and(eq(memberships.id, line.membership.id), inArray(memberships.status, ['ready', 'active']), isGift ? isNull(memberships.managerCustomerId) : undefined))
      .returning({ id: memberships.id });
    if (!cancelled && isGift) throw new GiftTakenMeanwhile(line.item.id);
  }
  const variantIds = lines.flatMap(({ item }) => (item.variantId === null ? [] : [item.variantId])).sort();
  for (const variantId of variantIds) {
    await tx.update(productVariants).set({ stockQty: sql`${productVariants.stockQty} + 1` }).where(eq(productVariants.id, variantId));
  }
  const couponCodes = lines.flatMap(({ item }) => (item.couponCode === null ? [] : [item.couponCode]));
  if (couponCodes.length > 0) {
    await tx.update(coupons).set({ redeemedAt: null, redeemedBy: null }).where(and(inArray(coupons.code, couponCodes), eq(coupons.redeemedBy, order.customerId)));
  }
  // A withdrawn card's identity documents are no longer needed: their rows go, then the documents.
  const cardItems = lines.filter(({ item }) => item.kind === 'card').map(({ item }) => item.id);
  if (cardItems.length === 0) return;
  const removed = await tx.delete(orderItemDocuments).where(inArray(orderItemDocuments.orderItemId, cardItems)).returning({ storageId: orderItemDocuments.storageId });
  await documents.delete(tx, removed.map((row) => row.storageId));
}

function holderName(line: WithdrawalLine): string | null {
  return line.item.holder ? `${line.item.holder.firstName} ${line.item.holder.lastName}` : null;
}

/** The fan's billing address on one line, as the model form's "address of the consumer". */
async function consumerAddressOf(order: OrderRow, language: Language): Promise<string | null> {
  const address = order.billingAddress;
  if (!address) return null;
  const summary = summariseAddress({ ...address, id: address.addressId, isPreferred: false }, (await getCountry(address.countryCode, language))?.name ?? address.countryCode);
  return [summary.street, summary.extraInfo, summary.place, summary.country].filter((part) => part !== null && part !== '').join(', ');
}

export function createWithdrawalsService(
  { db, clock, config, logger, documents }: Pick<ServiceDeps, 'db' | 'clock' | 'config' | 'logger' | 'documents'>,
  { gateway, reloadDocs }: { gateway: PaymentGateway; reloadDocs: ReloadDocsLinks },
) {
  const settlement = settlementDepsOf({ db, clock, config, logger }, { gateway, reloadDocs });

  async function ownedOrder(executor: ShopDb, owner: CartOwner, orderId: string, lock: boolean): Promise<OrderRow | null> {
    const customer = await findOwner(executor, owner);
    if (!customer || !isUuid(orderId)) return null;
    const query = executor.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.customerId, customer.id)));
    const [order] = lock ? await query.for('update') : await query;
    return order ?? null;
  }

  async function previewOf(executor: ShopDb, order: OrderRow, lines: readonly WithdrawalLine[], chosen: ReadonlySet<string>): Promise<WithdrawalPreview> {
    const plan = planOf(order, lines, chosen);
    const refundOf = new Map(plan.items.map((entry) => [entry.id, entry]));
    return {
      orderId: order.id,
      orderNumber: order.number,
      placedAt: order.placedAt,
      lines: lines.flatMap((line) => {
        const planned = refundOf.get(line.item.id);
        if (!planned) return [];
        const holder = line.item.holder ? { firstName: line.item.holder.firstName, lastName: line.item.holder.lastName } : null;
        return [{ itemId: line.item.id, name: line.item.name, holder, membershipCode: line.membership?.code ?? null, refundCents: planned.refundCents, couponCode: planned.couponCode }];
      }),
      shippingRefundCents: plan.shippingCents,
      refundCents: plan.totalCents,
      method: plan.totalCents > 0 ? await refundMethodOf(executor, order) : null,
      until: withdrawalDeadline(order) ?? clock.now(),
    };
  }

  return {
    /** What withdrawing `itemIds` of the fan's order would give back, or why it may not. */
    async preview(owner: CartOwner, orderId: string, itemIds: readonly string[]): Promise<PreviewResult> {
      const order = await ownedOrder(db, owner, orderId, false);
      if (!order) return failure('not-found');
      const chosen = chosenIds(itemIds);
      if (chosen === null) return { ok: false, reason: 'refused', fields: {}, refusals: Object.fromEntries(itemIds.slice(0, MAX_ITEMS).map((id) => [id, 'not-found'])) };
      if (chosen.size === 0) return failure('nothing-chosen');
      const lines = await loadWithdrawalLines(db, order.id);
      const refusals = refusalsOf(lines, chosen, order, await loadPaymentStanding(db, order, settlement.merchantAccount), clock.now());
      if (Object.keys(refusals).length > 0) return { ok: false, reason: 'refused', fields: {}, refusals };
      return success(await previewOf(db, order, lines, chosen));
    },

    /**
     * Records the withdrawal at once (the same request key twice answers the first), then asks
     * the PSP for its refund; nothing is refunded unless every chosen item may be withdrawn.
     */
    async withdraw(request: WithdrawRequest): Promise<WithdrawResult> {
      const chosen = chosenIds(request.itemIds);
      if (chosen === null) return { ok: false, reason: 'refused', fields: {}, refusals: {} };
      if (chosen.size === 0) return failure('nothing-chosen');
      let recorded: { withdrawalId: string; orderId: string; refundCents: number; state: 'requested' | 'completed' | 'refunded' | 'failed' };
      try {
        const outcome = await db.transaction(async (tx): Promise<WithdrawResult | typeof recorded> => {
          const order = await ownedOrder(tx, request.owner, request.orderId, true);
          if (!order) return failure('not-found');
          const [earlier] = await tx.select().from(withdrawals).where(and(eq(withdrawals.customerId, order.customerId), eq(withdrawals.requestKey, request.key)));
          if (earlier) return success({ withdrawalId: earlier.id, orderId: earlier.orderId, refundCents: earlier.refundCents, state: earlier.state });
          const now = clock.now();
          const lines = await loadWithdrawalLines(tx, order.id);
          const refusals = refusalsOf(lines, chosen, order, await loadPaymentStanding(tx, order, settlement.merchantAccount), now);
          if (Object.keys(refusals).length > 0) {
            // The fan asked and the shop cannot refund through the PSP: a person must answer them (told once).
            if (order.paidByPspReference !== null && Object.values(refusals).some(isPaymentRefusal)) {
              await writeNotice(tx, settlement, order, { kind: 'withdrawal-blocked', payment: order.paidByPspReference }, {}, now);
            }
            return { ok: false, reason: 'refused', fields: {}, refusals };
          }
          const preview = await previewOf(tx, order, lines, chosen);
          const [{ count }] = (await tx.select({ count: sql<number>`count(*)::int` }).from(withdrawals).where(eq(withdrawals.orderId, order.id))) as [{ count: number }];
          const number = count + 1;
          const refunding = preview.refundCents > 0;
          // Money was taken but no PSP payment is on record (support settled it by hand): a person must refund it.
          const unrefundable = refunding && order.paidByPspReference === null;
          const [withdrawal] = await tx
            .insert(withdrawals)
            .values({
              orderId: order.id,
              customerId: order.customerId,
              requestKey: request.key,
              number,
              reference: `${order.number}-W${number}`,
              language: request.language,
              refundCents: preview.refundCents,
              shippingRefundCents: preview.shippingRefundCents,
              paymentPspReference: refunding ? order.paidByPspReference : null,
              state: unrefundable ? 'failed' : refunding ? 'requested' : 'completed',
              requestedAt: now,
              settledAt: refunding && !unrefundable ? null : now,
              nextAttemptAt: refunding && !unrefundable ? now : null,
            })
            .returning();
          if (!withdrawal) throw new Error('withdrawals: the withdrawal was not recorded');
          await tx.insert(withdrawalItems).values(preview.lines.map((line) => ({ withdrawalId: withdrawal.id, orderItemId: line.itemId, refundCents: line.refundCents, couponCode: line.couponCode })));
          const chosenLines = lines.filter((line) => chosen.has(line.item.id));
          await undoItems(tx, documents, order, chosenLines, now);
          await writeNotice(tx, settlement, order, { kind: 'withdrawal-requested', payment: withdrawal.reference }, { amountCents: withdrawal.refundCents }, now);
          if (unrefundable) await writeNotice(tx, settlement, order, { kind: 'withdrawal-refund-failed', payment: withdrawal.reference }, { amountCents: withdrawal.refundCents }, now);
          const mail = composeWithdrawalConfirmationMail({
            language: request.language,
            orderNumber: order.number,
            placedAt: order.placedAt,
            paidAt: order.paidAt,
            consumer: { firstName: order.buyer.firstName, lastName: order.buyer.lastName, email: order.buyer.email },
            consumerAddress: await consumerAddressOf(order, request.language),
            lines: chosenLines.map((line) => {
              const planned = preview.lines.find((entry) => entry.itemId === line.item.id);
              return { name: line.item.name[request.language], holder: holderName(line), refundCents: planned?.refundCents ?? 0, couponCode: planned?.couponCode ?? null };
            }),
            shippingRefundCents: withdrawal.shippingRefundCents,
            refundCents: withdrawal.refundCents,
            requestedAt: now,
            receiptUrl: `${config.publicUrl}/account/orders/${order.id}`,
            traderEmail: config.supportEmail,
          });
          await queueMail(tx, { dedupeKey: `withdrawal-confirmation:${withdrawal.id}`, kind: 'withdrawal-confirmation', to: order.buyer.email, language: request.language, mail });
          return { withdrawalId: withdrawal.id, orderId: order.id, refundCents: withdrawal.refundCents, state: withdrawal.state };
        });
        if ('ok' in outcome) return outcome;
        recorded = outcome;
      } catch (error) {
        if (error instanceof GiftTakenMeanwhile) return { ok: false, reason: 'refused', fields: {}, refusals: { [error.itemId]: 'gift-redeemed' } };
        throw error;
      }
      logger.info({ withdrawalId: recorded.withdrawalId, orderId: recorded.orderId, refundCents: recorded.refundCents }, 'withdrawals: a fan withdrew');
      // The refund is owed whatever happens next: were this to fail or the process to die, the payments job sends it.
      if (recorded.state === 'requested') await sendWithdrawalRefund(settlement, recorded.withdrawalId).catch((error: unknown) => logger.error({ err: error }, 'withdrawals: sending a refund failed'));
      const [after] = await db.select({ state: withdrawals.state }).from(withdrawals).where(eq(withdrawals.id, recorded.withdrawalId));
      return success({ withdrawalId: recorded.withdrawalId, orderId: recorded.orderId, refundCents: recorded.refundCents, state: after?.state ?? recorded.state });
    },
  };
}

export type WithdrawalsService = ReturnType<typeof createWithdrawalsService>;
