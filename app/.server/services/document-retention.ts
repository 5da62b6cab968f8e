// Identity documents deleted once the club no longer needs them (issue 33; the rule is
// domain/document-retention.ts): a card's documents go `DOCUMENT_RETENTION_DAYS` after its order
// was fulfilled, cancelled or expired. A withdrawn card's went with the withdrawal already.
import { and, asc, eq, gt, inArray, lte, or } from 'drizzle-orm';
import { isDocumentDue, retentionMs } from '../../domain/document-retention';
import { documents, orderItemDocuments, orderItems, orders } from '../db/schema';
import type { ServiceDeps } from '.';

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
