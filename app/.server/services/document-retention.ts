// Identity documents deleted once the club no longer needs them (issue 33; the rule is
// domain/document-retention.ts): a card's documents go `DOCUMENT_RETENTION_DAYS` after its order
// was fulfilled, cancelled or expired. A withdrawn card's went with the withdrawal already. On
// request (a fan asks to be forgotten), support erases a fan's documents at once: `eraseForCustomer`.
import { and, asc, eq, gt, inArray, lte, or } from 'drizzle-orm';
import { isDocumentDue, isErasableOnRequest, retentionMs } from '../../domain/document-retention';
import { cartItemDocuments, cartItems, documents, orderItemDocuments, orderItems, orders } from '../db/schema';
import { lockCart } from './cart-changes';
import type { ServiceDeps } from '.';

/** What an erasure did: documents erased, and the open orders whose documents it had to keep. */
export type DocumentErasure = { erased: number; cartItemsRemoved: number; keptForOrders: { orderNumber: number; status: string }[] };

/** Rows looked at per transaction: a pass loops until a batch deletes nothing. */
const BATCH = 200;

export function createDocumentRetentionService({ db, clock, config, documents: store }: Pick<ServiceDeps, 'db' | 'clock' | 'config' | 'documents'>) {
  const retention = retentionMs(config.uploads.retentionDays);

  /** One batch in one transaction: how many documents it deleted, and the last row it saw when there may be more. */
  async function deleteBatch(now: Date, afterId: string | null): Promise<{ deleted: number; lastId: string | null }> {
    return db.transaction(async (tx) => {
      // Necessary, not sufficient: the order ended at least `retention` ago. The rule decides.
      const endedBefore = new Date(now.getTime() - retention);
      const candidates = await tx
        .select({
          id: orderItemDocuments.id,
          storageId: orderItemDocuments.storageId,
          orderStatus: orders.status,
          fulfilledAt: orders.fulfilledAt,
          closedAt: orders.closedAt,
          storedAt: documents.createdAt,
        })
        .from(orderItemDocuments)
        .innerJoin(orderItems, eq(orderItems.id, orderItemDocuments.orderItemId))
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .innerJoin(documents, eq(documents.id, orderItemDocuments.storageId))
        .where(
          and(
            or(
              and(eq(orders.status, 'fulfilled'), lte(orders.fulfilledAt, endedBefore)),
              and(inArray(orders.status, ['cancelled', 'expired']), lte(orders.closedAt, endedBefore)),
            ),
            // Past the rows an earlier batch kept (a document sent again later, not due yet).
            afterId === null ? undefined : gt(orderItemDocuments.id, afterId),
          ),
        )
        .orderBy(asc(orderItemDocuments.id))
        .limit(BATCH)
        // Two instances' passes at once: each row is taken by one, the other skips it.
        .for('update', { of: orderItemDocuments, skipLocked: true });
      const due = candidates.filter((row) => isDocumentDue(row, retention, now));
      if (due.length > 0) {
        await tx.delete(orderItemDocuments).where(inArray(orderItemDocuments.id, due.map((row) => row.id)));
        await store.delete(tx, due.map((row) => row.storageId));
      }
      return { deleted: due.length, lastId: candidates.length === BATCH ? (candidates.at(-1)?.id ?? null) : null };
    });
  }

  return {
    /**
     * Erases the fan's identity documents now, in one transaction (the rule:
     * `isErasableOnRequest`): those of ended orders, and those in the cart together with the card
     * items that carry them (a card cannot be bought without them). An open order's are kept and
     * named in the answer.
     */
    async eraseForCustomer(customerId: string): Promise<DocumentErasure> {
      return db.transaction(async (tx) => {
        // The cart first, then the orders, in id order: the lock order placement and withdrawal use.
        const cart = await lockCart(tx, customerId);
        const fanOrders = await tx
          .select({ id: orders.id, number: orders.number, status: orders.status })
          .from(orders)
          .where(eq(orders.customerId, customerId))
          .orderBy(asc(orders.id))
          .for('update');
        const inCart = cart
          ? await tx
              .select({ cartItemId: cartItemDocuments.cartItemId, storageId: cartItemDocuments.storageId })
              .from(cartItemDocuments)
              .innerJoin(cartItems, eq(cartItems.id, cartItemDocuments.cartItemId))
              .where(eq(cartItems.cartId, cart.id))
          : [];
        const ofOrders =
          fanOrders.length === 0
            ? []
            : await tx
                .select({ id: orderItemDocuments.id, storageId: orderItemDocuments.storageId, orderId: orderItems.orderId })
                .from(orderItemDocuments)
                .innerJoin(orderItems, eq(orderItems.id, orderItemDocuments.orderItemId))
                .where(inArray(orderItems.orderId, fanOrders.map((order) => order.id)));
        const statusOf = new Map(fanOrders.map((order) => [order.id, order]));
        const erasable = ofOrders.filter((row) => isErasableOnRequest(statusOf.get(row.orderId)?.status ?? null));
        const kept = new Set(ofOrders.filter((row) => !erasable.includes(row)).map((row) => row.orderId));
        if (inCart.length > 0) {
          // A cart's documents always go (isErasableOnRequest(null)). Deleting the items deletes their document rows (cascade); the documents follow.
          await tx.delete(cartItems).where(inArray(cartItems.id, [...new Set(inCart.map((row) => row.cartItemId))]));
        }
        if (erasable.length > 0) await tx.delete(orderItemDocuments).where(inArray(orderItemDocuments.id, erasable.map((row) => row.id)));
        await store.delete(tx, [...inCart, ...erasable].map((row) => row.storageId));
        return {
          erased: inCart.length + erasable.length,
          cartItemsRemoved: new Set(inCart.map((row) => row.cartItemId)).size,
          keptForOrders: fanOrders.filter((order) => kept.has(order.id)).map((order) => ({ orderNumber: order.number, status: order.status })),
        };
      });
    },

    /** Deletes every document past its retention; answers how many. */
    async deleteDue(): Promise<number> {
      const now = clock.now();
      let deleted = 0;
      let afterId: string | null = null;
      do {
        const batch = await deleteBatch(now, afterId);
        deleted += batch.deleted;
        afterId = batch.lastId;
      } while (afterId !== null);
      return deleted;
    },
  };
}

export type DocumentRetentionService = ReturnType<typeof createDocumentRetentionService>;
