import type { DocumentFileType } from '../../domain/document-upload';

/** What is kept beside a document's bytes (encrypted with them). */
export type DocumentMeta = Readonly<{
  type: DocumentFileType;
  /** The fan's own name for the file, sanitised (`clientFileName`): shown, never used as a path. */
  fileName: string;
}>;

export type StoredDocument = Readonly<{ bytes: Uint8Array; meta: DocumentMeta & { size: number; storedAt: string } }>;

/**
 * Where identity documents are kept, behind an interface so a bucket can replace the directory.
 * Ids are random and unguessable; nothing the client sent ever names a stored object.
 */
export interface DocumentStore {
  /** Keeps the document; answers its new id. */
  put(bytes: Uint8Array, meta: DocumentMeta): Promise<string>;
  /** The document, or null when there is none with this id. Throws DocumentUnreadableError when it was altered. */
  get(id: string): Promise<StoredDocument | null>;
  /** Removes the document; nothing happens when there is none. */
  delete(id: string): Promise<void>;
}

/** A stored document that does not decrypt: altered, truncated, or under another key. Never wrong bytes. */
export class DocumentUnreadableError extends Error {
  override name = 'DocumentUnreadableError';
}
