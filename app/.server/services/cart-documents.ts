// A card item's identity documents: the DocumentStore keeps the bytes, the rows link them, and
// both are written in the configure transaction, so a rollback leaves neither behind.
import { and, eq } from 'drizzle-orm';
import { clientFileName, DOCUMENT_FILE_FIELDS, type DocumentFileField } from '../../domain/document-upload';
import type { ShopDb } from '../db/client';
import { cartItemDocuments } from '../db/schema';
import type { UploadedDocument } from '../http/multipart';
import type { DocumentStore } from '../uploads/document-store';

const SIDES = [
  ['FRONT', DOCUMENT_FILE_FIELDS.FRONT],
  ['BACK', DOCUMENT_FILE_FIELDS.BACK],
] as const;

/** Deletes the side's row, then the document it named. */
async function removeSide(tx: ShopDb, store: DocumentStore, itemId: string, side: 'FRONT' | 'BACK'): Promise<void> {
  const removed = await tx
    .delete(cartItemDocuments)
    .where(and(eq(cartItemDocuments.cartItemId, itemId), eq(cartItemDocuments.side, side)))
    .returning({ storageId: cartItemDocuments.storageId });
  await store.delete(tx, removed.map((row) => row.storageId));
}

/**
 * Stores the sent sides of `itemId`'s document, each replacing the side it had. `dropBack`: the
 * old back goes when no new one is sent (the document type changed: it belonged to another
 * document).
 */
export async function saveItemDocuments(
  tx: ShopDb,
  store: DocumentStore,
  itemId: string,
  uploads: Partial<Record<DocumentFileField, UploadedDocument>>,
  { dropBack }: { dropBack: boolean },
): Promise<void> {
  for (const [side, field] of SIDES) {
    const upload = uploads[field];
    if (!upload) {
      if (side === 'BACK' && dropBack) await removeSide(tx, store, itemId, side);
      continue;
    }
    // The reader sanitised the name already; a label the fan sees is made safe here too, whoever the caller.
    const fileName = clientFileName(upload.fileName);
    await removeSide(tx, store, itemId, side);
    const storageId = await store.put(tx, upload.bytes, { type: upload.type, fileName });
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
