import type { DocumentFileType } from '../../domain/document-upload';
import type { ShopDb } from '../db/client';

/** What is kept beside a document's bytes (encrypted with them). */
export type DocumentMeta = Readonly<{
  type: DocumentFileType;
  /** The fan's own name for the file, sanitised (`clientFileName`): shown, never used as a path. */
  fileName: string;
}>;

export type StoredDocument = Readonly<{ bytes: Uint8Array; meta: DocumentMeta & { size: number; storedAt: string } }>;

/**
 * Where identity documents are kept, encrypted. Writes take the transaction that writes (or
 * deletes) the row naming the document, so the two commit or roll back together: no document
 * without its row, no row without its document. Ids are random and unguessable; nothing the
 * client sent ever names a stored document. (A bucket behind this interface: docs/decisions/documents.md,
 * "Issue 33: documents in the database".)
 */
export interface DocumentStore {
  /** Keeps the document within `tx`; answers its new id, to be written in a row of the same transaction. */
  put(tx: ShopDb, bytes: Uint8Array, meta: DocumentMeta): Promise<string>;
  /** The document, or null when there is none with this id. Throws DocumentUnreadableError when it was altered. */
  get(id: string): Promise<StoredDocument | null>;
  /** Removes the documents within `tx`, after the rows naming them; nothing happens for an id there is none of. */
  delete(tx: ShopDb, ids: readonly string[]): Promise<void>;
}

/** A stored document that does not decrypt: altered, truncated, or under another key. Never wrong bytes. */
export class DocumentUnreadableError extends Error {
  override name = 'DocumentUnreadableError';
}
