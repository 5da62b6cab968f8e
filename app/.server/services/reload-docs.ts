// Re-uploading a paid club card's identity documents (issue 15; spec §4 "Reload docs", §7
// "Re-upload documents"). The link's hash authorises one order item, and only for the fan who
// placed its order: anything else (a wrong hash, another fan's item, not a card, an order not
// paid, a card its buyer withdrew from) is the same `not-found`. Files are stored like the cart's (cart-documents.ts): put in the
// transaction, deleted if it rolls back; the replaced ones deleted once it has committed.
import { and, asc, eq } from 'drizzle-orm';
import type { LocalizedText } from '../../domain/catalogue-types';
import { clientFileName, DOCUMENT_FILE_FIELDS, type DocumentFileField, type DocumentType } from '../../domain/document-upload';
import { acceptsNewDocuments, readDocumentType, type ReloadDocsLinkGone, type ReloadDocsTarget } from '../../domain/reload-docs';
import { failure, success, type FieldProblems, type Result } from '../../domain/result';
import type { ShopDb } from '../db/client';
import { orderItemDocuments, orderItems, orders, withdrawalItems } from '../db/schema';
import type { UploadedDocument } from '../http/multipart';
import type { ServiceDeps } from '.';
import type { CartOwner } from './cart-contract';
import { deleteStoredFiles } from './cart-documents';
import { findOwner, isUuid } from './cart-items';
import { frontDocumentIdOf, queueReloadDocsMail, type ReloadDocsMailOutcome } from './reload-docs-mail';
import type { ReloadDocsLinks } from './reload-docs-link';

export type ReloadDocsField = 'documentType' | DocumentFileField;

/** What the page shows of the item whose documents are asked for. */
export type ReloadDocsItemView = {
  orderNumber: number;
  productName: LocalizedText;
  documentType: DocumentType | null;
};

export type ReplaceDocumentsRequest = {
  owner: CartOwner;
  target: ReloadDocsTarget;
  /** As sent: checked here (PASSPORT or IDENTITY). */
  documentType: string;
  /** What the upload reader accepted (size cap and type already checked). */
  uploads: Partial<Record<DocumentFileField, UploadedDocument>>;
};

export type ReplaceDocumentsResult = Result<null, 'not-found' | ReloadDocsLinkGone | 'invalid', ReloadDocsField>;

/** The item the page shows; or why a genuine link of this fan no longer opens it; or null (the 404). */
export type ReloadDocsOpening = ReloadDocsItemView | ReloadDocsLinkGone | null;

/** Support's request, by one order item or every card item of an order. */
export type DocumentsRequestTarget = { orderItemId: string } | { orderId: string };
export type DocumentsRequestResult = Result<{ outcomes: ReloadDocsMailOutcome[] }, 'not-found'>;

type ItemRow = typeof orderItems.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/** An order item with its order and whether it was withdrawn (its withdrawal_items row). */
function selectItems(executor: ShopDb) {
  return executor
    .select({ item: orderItems, order: orders, withdrawnBy: withdrawalItems.withdrawalId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(withdrawalItems, eq(withdrawalItems.orderItemId, orderItems.id));
}

function takesDocuments(row: { item: ItemRow; order: OrderRow; withdrawnBy: string | null }): boolean {
  return acceptsNewDocuments({ kind: row.item.kind, orderStatus: row.order.status, withdrawn: row.withdrawnBy !== null });
}

const SIDES = [
  ['FRONT', DOCUMENT_FILE_FIELDS.FRONT],
  ['BACK', DOCUMENT_FILE_FIELDS.BACK],
] as const;

export function createReloadDocsService(
  { db, logger, documents, clock }: Pick<ServiceDeps, 'db' | 'logger' | 'documents' | 'clock'>,
  { links }: { links: ReloadDocsLinks },
) {
  /**
   * The item the link names, when the link is genuine, the owner placed its order and it takes
   * documents; else null. A genuine link past its day, or whose documents were replaced since, is
   * 'expired' or 'used' — told only to the item's owner: anyone else gets the same null.
   */
  async function authorisedItem(executor: ShopDb, owner: CartOwner, target: ReloadDocsTarget, lock = false) {
    if (!isUuid(target.orderItemId)) return null;
    const customer = await findOwner(executor, owner);
    if (!customer) return null;
    if (lock) {
      // The order's row, as a withdrawal locks it (withdrawals.ts): an upload and a withdrawal of
      // the card go one after the other (two uploads too), and the item is read after the wait,
      // in a statement of its own, so it sees a withdrawal committed meanwhile.
      await executor
        .select({ id: orders.id })
        .from(orders)
        .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
        .where(and(eq(orderItems.id, target.orderItemId), eq(orders.customerId, customer.id)))
        .for('update', { of: orders });
    }
    const [row] = await selectItems(executor)
      .where(and(eq(orderItems.id, target.orderItemId), eq(orders.customerId, customer.id)))
      .limit(1);
    if (!row || !takesDocuments(row)) return null;
    const state = links.check(target, await frontDocumentIdOf(executor, row.item.id), clock.now());
    if (state === 'invalid') return null;
    return state === 'valid' ? row : state;
  }

  /** Writes the new sides' rows in place of every old one; ids are recorded as they are made. */
  async function replaceRows(tx: ShopDb, item: ItemRow, uploads: ReplaceDocumentsRequest['uploads'], changes: { stored: string[]; replaced: string[] }) {
    const removed = await tx.delete(orderItemDocuments).where(eq(orderItemDocuments.orderItemId, item.id)).returning({ storageId: orderItemDocuments.storageId });
    changes.replaced.push(...removed.map((row) => row.storageId));
    for (const [side, field] of SIDES) {
      const upload = uploads[field];
      if (!upload) continue;
      const fileName = clientFileName(upload.fileName);
      const storageId = await documents.put(upload.bytes, { type: upload.type, fileName });
      changes.stored.push(storageId);
      await tx.insert(orderItemDocuments).values({ orderItemId: item.id, side, storageId, fileType: upload.type, fileName, sizeBytes: upload.bytes.byteLength });
    }
  }

  async function requestFor(tx: ShopDb, order: OrderRow, item: ItemRow): Promise<ReloadDocsMailOutcome> {
    return queueReloadDocsMail(tx, { order, item, frontDocumentId: await frontDocumentIdOf(tx, item.id), links, now: clock.now() });
  }

  return {
    /** The item as the page shows it; 'expired' or 'used' for the owner's link that no longer works; null otherwise. */
    async open(owner: CartOwner, target: ReloadDocsTarget): Promise<ReloadDocsOpening> {
      const row = await authorisedItem(db, owner, target);
      if (row === null || typeof row === 'string') return row;
      return { orderNumber: row.order.number, productName: row.item.name, documentType: row.item.documentType };
    },

    /**
     * Replaces the item's documents with the type and sides sent: the front is required (a new
     * document is a whole one: an old back does not stay with a new front).
     */
    async replace(request: ReplaceDocumentsRequest): Promise<ReplaceDocumentsResult> {
      const authorised = await authorisedItem(db, request.owner, request.target);
      if (authorised === null) return failure('not-found');
      if (typeof authorised === 'string') return failure(authorised);
      const type = readDocumentType(request.documentType);
      const problems: FieldProblems<ReloadDocsField> = {};
      if ('problem' in type) problems.documentType = type.problem;
      if (!request.uploads.documentFront) problems.documentFront = 'required';
      if ('problem' in type || Object.keys(problems).length > 0) return failure('invalid', problems);

      const changes = { stored: [] as string[], replaced: [] as string[] };
      try {
        const done = await db.transaction(async (tx) => {
          // Locked and checked again: two uploads at once go one after the other.
          // A second upload through the same link finds the first one's documents: 'used'.
          const row = await authorisedItem(tx, request.owner, request.target, true);
          if (row === null || typeof row === 'string') return row ?? 'not-found';
          await replaceRows(tx, row.item, request.uploads, changes);
          await tx.update(orderItems).set({ documentType: type.documentType }).where(eq(orderItems.id, row.item.id));
          return 'done';
        });
        if (done !== 'done') {
          await deleteStoredFiles(documents, logger, changes.stored, 'of a refused reload');
          return failure(done);
        }
      } catch (error) {
        await deleteStoredFiles(documents, logger, changes.stored, 'of a reload that was rolled back');
        throw error;
      }
      await deleteStoredFiles(documents, logger, changes.replaced, 'replaced by a reload');
      return success(null);
    },

    /**
     * Support asks a fan for new documents (offline: /dev/reload-docs): the mail with the link for
     * the item, or for every card item of the order, when it takes documents (a paid card).
     */
    async requestDocuments(target: DocumentsRequestTarget): Promise<DocumentsRequestResult> {
      const id = 'orderItemId' in target ? target.orderItemId : target.orderId;
      if (!isUuid(id)) return failure('not-found');
      return db.transaction(async (tx) => {
        const rows = await selectItems(tx)
          .where('orderItemId' in target ? eq(orderItems.id, id) : eq(orderItems.orderId, id))
          .orderBy(asc(orderItems.position));
        const asked = rows.filter(takesDocuments);
        if (asked.length === 0) return failure('not-found');
        const outcomes: ReloadDocsMailOutcome[] = [];
        for (const row of asked) outcomes.push(await requestFor(tx, row.order, row.item));
        return success({ outcomes });
      });
    },
  };
}

export type ReloadDocsService = ReturnType<typeof createReloadDocsService>;
