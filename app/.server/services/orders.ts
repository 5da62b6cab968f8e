// The orders use cases (issue 13; contract in orders-contract.ts). Every read takes the
// signed-in owner and answers only that fan's orders; the status moves check their own guards.
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isFollowUpProcess } from '../../domain/membership-follow-up';
import { withdrawalChoiceOf } from '../../domain/withdrawal';
import type { PaymentStanding } from '../../domain/withdrawal-rights';
import type { ShopDb } from '../db/client';
import { memberships, orderItems, orderNotes, orders, products } from '../db/schema';
import type { ServiceDeps } from '.';
import type { CartOwner } from './cart-contract';
import { findOwner, isUuid } from './cart-items';
import type { CatalogueService } from './catalogue';
import { closeUnpaidOrder, dueUnpaidOrders } from './order-closing';
import { fulfilOrder, type FulfilOutcome } from './order-fulfilment';
import { placeOrder } from './order-placement';
import type { ReloadDocsLinks } from './reload-docs-link';
import { loadWithdrawalLines, refusalOfLine, withdrawableUntil, type WithdrawalLine } from './withdrawal-lines';
import { loadPaymentStanding, withdrawalsOf } from './withdrawal-refunds';
import type { OrderHistoryLine, OrderLineView, OrderSummary, OrderView, PlaceOrderRequest, PlaceOrderResult } from './orders-contract';
import { NOTICE_KINDS, type NoticeKind, type ReversalReason } from '../../domain/payment-ledger';

const REVERSAL_REASONS: readonly string[] = ['duplicate', 'order-closed', 'mismatch'] satisfies ReversalReason[];

/** The order's payment history (order_notes), oldest first. */
async function historyOf(db: ShopDb, orderId: string): Promise<OrderHistoryLine[]> {
  const notes = await db.select().from(orderNotes).where(eq(orderNotes.orderId, orderId)).orderBy(asc(orderNotes.createdAt), asc(orderNotes.id));
  return notes.flatMap((note) => {
    if (!(NOTICE_KINDS as readonly string[]).includes(note.kind)) return [];
    const { amountCents, reason } = note.details;
    return [
      {
        key: note.key,
        kind: note.kind as NoticeKind,
        at: note.createdAt,
        amountCents: typeof amountCents === 'number' ? amountCents : null,
        reason: typeof reason === 'string' && REVERSAL_REASONS.includes(reason) ? (reason as ReversalReason) : null,
      },
    ];
  });
}

/** A line's withdrawal fields: whether it may be withdrawn now and until when, or how its withdrawal stands. */
function withdrawalViewOf(line: WithdrawalLine | undefined, order: typeof orders.$inferSelect, payment: PaymentStanding, now: Date): Pick<OrderLineView, 'withdrawable' | 'withdrawn'> {
  if (!line) return { withdrawable: null, withdrawn: null };
  const until = withdrawableUntil(line, order, payment, now);
  const { withdrawal } = line;
  return {
    withdrawable: until === null ? null : { until },
    withdrawn: withdrawal ? { state: withdrawal.row.state, at: withdrawal.row.requestedAt, refundCents: withdrawal.refundCents, couponCode: withdrawal.couponCode } : null,
  };
}

/** What the order's withdrawals gave back, and what is still on its way (asked, or failed and with support). */
function refundsOf(rows: readonly { state: string; refundCents: number }[]): OrderView['refunds'] {
  const sum = (states: readonly string[]) => rows.filter((row) => states.includes(row.state)).reduce((total, row) => total + row.refundCents, 0);
  return { refundedCents: sum(['refunded']), pendingCents: sum(['requested', 'failed']) };
}

/** How many due orders one expiry pass closes (the next pass takes the rest). */
const EXPIRY_BATCH = 100;

export function createOrdersService(
  { db, clock, config, logger }: Pick<ServiceDeps, 'db' | 'clock' | 'config' | 'logger'>,
  { catalogue, reloadDocs }: { catalogue: CatalogueService; reloadDocs: ReloadDocsLinks },
) {
  const publicUrl = config.publicUrl;

  /** The order's lines, and why withdrawing through the shop is blocked (the payment's standing) when it is. */
  async function orderLines(executor: ShopDb, order: typeof orders.$inferSelect): Promise<{ lines: OrderLineView[]; withdrawalBlockedBy: OrderView['withdrawalBlockedBy'] }> {
    const { id: orderId, paidAt } = order;
    const now = clock.now();
    const withdrawalLines = await loadWithdrawalLines(executor, orderId);
    const withdrawalOf = new Map(withdrawalLines.map((line) => [line.item.id, line]));
    const payment = await loadPaymentStanding(executor, order, config.payments.merchantAccount);
    const blocked = withdrawalLines.map((line) => refusalOfLine(line, order, payment, now)).find((refusal) => refusal === 'payment-disputed' || refusal === 'payment-returned');
    const previous = alias(memberships, 'previous');
    const rows = await executor
      .select({ item: orderItems, membershipCode: memberships.code, previousCode: previous.code, imageUrl: products.imageUrl })
      .from(orderItems)
      .leftJoin(products, eq(products.id, orderItems.productId))
      .leftJoin(memberships, eq(memberships.orderItemId, orderItems.id))
      .leftJoin(previous, eq(previous.id, orderItems.previousMembershipId))
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.position));
    const lines = rows.map(({ item, membershipCode, previousCode, imageUrl }) => ({
      id: item.id,
      productId: item.productId,
      imageUrl,
      name: item.name,
      kind: item.kind,
      process: item.process,
      holder: item.holder ? { firstName: item.holder.firstName, lastName: item.holder.lastName } : null,
      unitPriceCents: item.unitPriceCents,
      shippingAddress: item.shippingAddress,
      membershipCode,
      follows: isFollowUpProcess(item.process) && previousCode !== null ? { process: item.process, membershipCode: previousCode } : null,
      withdrawal: withdrawalChoiceOf(item, paidAt),
      ...withdrawalViewOf(withdrawalOf.get(item.id), order, payment, now),
    }));
    return { lines, withdrawalBlockedBy: blocked ?? null };
  }

  return {
    /** Places the fan's cart as an order (order-placement.ts); a zero total is paid and fulfilled at once. */
    place(request: PlaceOrderRequest): Promise<PlaceOrderResult> {
      return placeOrder(db, catalogue, request, { now: clock.now(), publicUrl, reloadDocs });
    },

    /** One of the fan's orders; null for anything else (not a uuid, unknown, someone else's). */
    async find(owner: CartOwner, orderId: string): Promise<OrderView | null> {
      const customer = await findOwner(db, owner);
      if (!customer || !isUuid(orderId)) return null;
      const [order] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.customerId, customer.id)))
        .limit(1);
      if (!order) return null;
      const { lines, withdrawalBlockedBy } = await orderLines(db, order);
      return {
        id: order.id,
        number: order.number,
        status: order.status,
        language: order.language,
        placedAt: order.placedAt,
        payBy: order.payBy,
        paidAt: order.paidAt,
        lines,
        subtotalCents: order.subtotalCents,
        voucherCode: order.voucherCode,
        voucherDiscountCents: order.voucherDiscountCents,
        shippingCents: order.shippingCents,
        totalCents: order.totalCents,
        buyer: order.buyer,
        billingAddress: order.billingAddress,
        invoicing: order.invoicing,
        acceptedTerms: order.acceptedTerms,
        history: await historyOf(db, order.id),
        refunds: refundsOf(await withdrawalsOf(db, [order.id])),
        withdrawalBlockedBy,
      };
    },

    /** The fan's orders, newest first. */
    async list(owner: CartOwner): Promise<OrderSummary[]> {
      const customer = await findOwner(db, owner);
      if (!customer) return [];
      const rows = await db
        .select({ id: orders.id, number: orders.number, status: orders.status, placedAt: orders.placedAt, totalCents: orders.totalCents })
        .from(orders)
        .where(eq(orders.customerId, customer.id))
        .orderBy(desc(orders.placedAt), desc(orders.number));
      if (rows.length === 0) return [];
      const counts = await db
        .select({ orderId: orderItems.orderId, items: count() })
        .from(orderItems)
        .where(inArray(orderItems.orderId, rows.map((row) => row.id)))
        .groupBy(orderItems.orderId);
      const itemsOf = new Map(counts.map((row) => [row.orderId, row.items]));
      return rows.map((row) => ({ ...row, itemCount: itemsOf.get(row.id) ?? 0 }));
    },

    /** Fulfils a paid order (a retry after a failure); issues nothing twice. */
    fulfil(orderId: string): Promise<FulfilOutcome> {
      const now = clock.now();
      return db.transaction((tx) => fulfilOrder(tx, orderId, { now, publicUrl, reloadDocs }));
    },

    /** Closes the unpaid orders whose payment window has passed; answers how many it closed. */
    async expireDue(): Promise<number> {
      const now = clock.now();
      let closed = 0;
      for (const orderId of await dueUnpaidOrders(db, now, EXPIRY_BATCH)) {
        if (await db.transaction((tx) => closeUnpaidOrder(tx, orderId, 'expired', now))) closed++;
      }
      if (closed > 0) logger.info({ closed }, 'orders: unpaid orders expired and their stock released');
      return closed;
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
