// A card item's identity documents: the bytes go to the DocumentStore, the rows link them.
// Run inside the configure transaction; the caller deletes `stored` if it rolls back and
// `replaced` once it has committed, so the store never keeps a file no row names (short of a
// crash between the two) and no row ever names a deleted file.
import { and, eq } from 'drizzle-orm';
import { clientFileName, DOCUMENT_FILE_FIELDS, type DocumentFileField } from '../../domain/document-upload';
import type { ShopDb } from '../db/client';
import { cartItemDocuments } from '../db/schema';
import type { UploadedDocument } from '../http/multipart';
import type { Logger } from '../logger';
import type { DocumentStore } from '../uploads/document-store';

/** Deletes stored files, logging (not throwing) what fails: the answer to the fan is already decided. */
export async function deleteStoredFiles(documents: DocumentStore, logger: Logger, storageIds: readonly string[], why: string): Promise<void> {
  for (const storageId of storageIds) {
    await documents.delete(storageId).catch((error: unknown) => logger.error({ err: error, storageId }, `cart: could not delete a document ${why}`));
  }
}

/** Storage ids touched by one save: new files, and the files of the rows they replaced. */
export type DocumentChanges = { stored: string[]; replaced: string[] };

const SIDES = [
  ['FRONT', DOCUMENT_FILE_FIELDS.FRONT],
  ['BACK', DOCUMENT_FILE_FIELDS.BACK],
] as const;

async function removeSide(tx: ShopDb, itemId: string, side: 'FRONT' | 'BACK', changes: DocumentChanges): Promise<void> {
  const removed = await tx
    .delete(cartItemDocuments)
    .where(and(eq(cartItemDocuments.cartItemId, itemId), eq(cartItemDocuments.side, side)))
    .returning({ storageId: cartItemDocuments.storageId });
  changes.replaced.push(...removed.map((row) => row.storageId));
}

/**
 * Stores the sent sides of `itemId`'s document, each replacing the side it had. `dropBack`: the
 * old back goes when no new one is sent (the document type changed: it belonged to another
 * document). Ids are recorded in `changes` as they are made, so a failure halfway is cleaned up.
 */
export async function saveItemDocuments(
  tx: ShopDb,
  store: DocumentStore,
  itemId: string,
  uploads: Partial<Record<DocumentFileField, UploadedDocument>>,
  { dropBack }: { dropBack: boolean },
  changes: DocumentChanges,
): Promise<void> {
  for (const [side, field] of SIDES) {
    const upload = uploads[field];
    if (!upload) {
      if (side === 'BACK' && dropBack) await removeSide(tx, itemId, side, changes);
      continue;
    }
    // The reader sanitised the name already; a label the fan sees is made safe here too, whoever the caller.
    const fileName = clientFileName(upload.fileName);
    const storageId = await store.put(upload.bytes, { type: upload.type, fileName });
    changes.stored.push(storageId);
    await removeSide(tx, itemId, side, changes);
    await tx.insert(cartItemDocuments).values({
      cartItemId: itemId,
      side,
      storageId,
      fileType: upload.type,
      fileName,
      sizeBytes: upload.bytes.byteLength,
    });
  }
}
