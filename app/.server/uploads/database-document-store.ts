import { eq, inArray } from 'drizzle-orm';
import { clientFileName, DOCUMENT_MAX_BYTES } from '../../domain/document-upload';
import type { ShopDb } from '../db/client';
import { documents } from '../db/schema';
import { documentCipher, isDocumentId, newDocumentId } from './document-cipher';
import type { DocumentStore } from './document-store';

/**
 * Documents as rows of the `documents` table (PGlite and PostgreSQL alike), sealed before they
 * leave the process: the database, its backups and its replicas only ever hold ciphertext.
 */
export function createDatabaseDocumentStore({ db, key, previousKeys = [] }: { db: ShopDb; key: Uint8Array; previousKeys?: readonly Uint8Array[] }): DocumentStore {
  // New documents sealed with `key`; those of `previousKeys` (UPLOADS_KEY_PREVIOUS) still open.
  const cipher = documentCipher(key, previousKeys);
  return {
    async put(tx, bytes, meta) {
      if (bytes.byteLength > DOCUMENT_MAX_BYTES) throw new RangeError('A document is at most DOCUMENT_MAX_BYTES');
      const id = newDocumentId();
      const stored = { type: meta.type, fileName: clientFileName(meta.fileName), size: bytes.byteLength, storedAt: new Date().toISOString() };
      await tx.insert(documents).values({ id, content: cipher.seal(id, bytes, stored) });
      return id;
    },

    async get(id) {
      if (!isDocumentId(id)) return null;
      const [row] = await db.select({ content: documents.content }).from(documents).where(eq(documents.id, id));
      return row ? cipher.open(id, row.content) : null;
    },

    async delete(tx, ids) {
      const valid = ids.filter(isDocumentId);
      if (valid.length > 0) await tx.delete(documents).where(inArray(documents.id, valid));
    },
  };
}
