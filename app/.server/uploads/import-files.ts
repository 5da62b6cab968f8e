// The one-off move of identity documents from files ($DATA_DIR/uploads, before issue 33) into
// the `documents` table, run at every start after the SQL migrations; once the directory is
// empty it does nothing. Instances starting together may both run it: a document is inserted
// with `on conflict do nothing` and a file already gone is skipped, so each lands once.
import { readdir, readFile, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { ShopDb } from '../db/client';
import { cartItemDocuments, documents, orderItemDocuments } from '../db/schema';
import { isDocumentId } from './document-cipher';

/** A file no row names is left alone while this young: an older shop may be about to commit its row (a rolling upgrade). */
export const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000;

export type FileImport = { imported: number; orphansDeleted: number; orphansKept: number };

/** Whether a cart or order row names the document. */
async function isReferenced(db: ShopDb, id: string): Promise<boolean> {
  const [inCart] = await db.select({ id: cartItemDocuments.id }).from(cartItemDocuments).where(eq(cartItemDocuments.storageId, id)).limit(1);
  if (inCart) return true;
  const [inOrder] = await db.select({ id: orderItemDocuments.id }).from(orderItemDocuments).where(eq(orderItemDocuments.storageId, id)).limit(1);
  return inOrder !== undefined;
}

/** The file's content and when it was written, or null when another instance took it meanwhile. */
async function readIfThere(file: string): Promise<{ content: Buffer; writtenAt: number } | null> {
  try {
    const [content, info] = await Promise.all([readFile(file), stat(file)]);
    return { content, writtenAt: info.mtimeMs };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Moves every document file a row names into the table as it is (the sealed format did not
 * change: the id stays the additional data), then removes it. A file no row names (left by a
 * crash between storing and committing, or a draft) is deleted once an hour old. The directory
 * goes when empty.
 */
export async function importDocumentFiles(db: ShopDb, directory: string, now: Date = new Date()): Promise<FileImport> {
  const outcome: FileImport = { imported: 0, orphansDeleted: 0, orphansKept: 0 };
  let names: string[];
  try {
    names = await readdir(directory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return outcome;
    throw error;
  }
  for (const name of names.sort()) {
    // Nothing but ids and the store's drafts (`.<id>.draft`) was ever written here; anything else is not ours.
    const draft = /^\.([A-Za-z0-9_-]{24})\.draft$/.exec(name);
    if (!isDocumentId(name) && !draft) continue;
    const file = path.join(directory, name);
    const found = await readIfThere(file);
    if (!found) continue;
    if (!draft && (await isReferenced(db, name))) {
      // Nothing inserted: another instance did it first (the same file, so the same content).
      const inserted = await db.insert(documents).values({ id: name, content: found.content }).onConflictDoNothing().returning({ id: documents.id });
      // Removed only once its row is in: a crash before this leaves the file for the next start.
      await rm(file, { force: true });
      outcome.imported += inserted.length;
    } else if (now.getTime() - found.writtenAt >= ORPHAN_MIN_AGE_MS) {
      await rm(file, { force: true });
      outcome.orphansDeleted += 1;
    } else {
      outcome.orphansKept += 1;
    }
  }
  // Only when empty (rmdir refuses otherwise): the key file and the database live beside it, not in it.
  await rmdir(directory).catch(() => undefined);
  return outcome;
}
