// Re-sealing the stored identity documents under the current uploads key (issue 33, item 7), so
// that a previous key (UPLOADS_KEY_PREVIOUS) can be dropped: `npm run documents:reseal`
// (scripts/reseal-documents.js), steps in docs/operations.md.
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Config } from '../env';
import { openDatabase, type ShopDb } from '../db/client';
import { documents } from '../db/schema';
import { readConfigWithSecret } from '../secrets';
import { documentCipher, type DocumentCipher } from './document-cipher';
import { DocumentUnreadableError } from './document-store';
import { uploadsKeyId } from './key';

/** The command's last line when a previous key may go (docs/operations.md quotes it). */
export const RESEAL_DONE = 'every document is sealed with the current key: UPLOADS_KEY_PREVIOUS can be removed';

/** Ids are read this many at a time; each document is then read, re-sealed and written alone (they are up to megabytes). */
const ID_BATCH = 200;

export type ResealReport = {
  /** Documents now sealed with the current key that were not before. */
  resealed: number;
  /** Ids of documents no key of the ring opens (altered, or under a key no longer configured): left as they are. */
  unreadable: string[];
};

/** Rows whose content does not begin with the current format and key id. */
const notCurrent = (cipher: DocumentCipher) => sql`substring(${documents.content} from 1 for ${cipher.currentPrefix.length}) <> ${cipher.currentPrefix}`;

/** How many documents are not yet sealed with the current key (0: the previous keys can go). */
export async function countDocumentsToReseal(db: ShopDb, cipher: DocumentCipher): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(documents).where(notCurrent(cipher));
  return row?.count ?? 0;
}

/**
 * Re-seals every document not sealed with the current key, in id order. Safe beside running
 * instances (PostgreSQL): each write only replaces the content it read, so a document deleted or
 * re-written meanwhile is left alone, and running it twice, or two at once, does no harm.
 * `onProgress` hears the running total after each full batch of `batchSize` ids.
 */
export async function resealDocuments(
  db: ShopDb,
  cipher: DocumentCipher,
  { batchSize = ID_BATCH, onProgress = () => undefined }: { batchSize?: number; onProgress?: (report: ResealReport) => void } = {},
): Promise<ResealReport> {
  const report: ResealReport = { resealed: 0, unreadable: [] };
  let after = '';
  for (;;) {
    const batch = await db
      .select({ id: documents.id })
      .from(documents)
      .where(and(gt(documents.id, after), notCurrent(cipher)))
      .orderBy(asc(documents.id))
      .limit(batchSize);
    for (const { id } of batch) {
      const [row] = await db.select({ content: documents.content }).from(documents).where(eq(documents.id, id));
      if (!row) continue;
      let opened;
      try {
        opened = cipher.open(id, row.content);
      } catch (error) {
        if (!(error instanceof DocumentUnreadableError)) throw error;
        report.unreadable.push(id);
        continue;
      }
      const updated = await db
        .update(documents)
        .set({ content: cipher.seal(id, opened.bytes, opened.meta) })
        .where(and(eq(documents.id, id), eq(documents.content, row.content)))
        .returning({ id: documents.id });
      report.resealed += updated.length;
    }
    if (batch.length < batchSize) return report;
    after = batch[batch.length - 1]?.id ?? after;
    onProgress(report);
  }
}

/**
 * The command: the shop's own configuration (the same environment as the instances: UPLOADS_KEY,
 * UPLOADS_KEY_PREVIOUS, DATABASE_URL or DATA_DIR), then re-seal, or only count with `check`.
 * Answers the process's exit code: 0 when every document is under the current key.
 */
export async function runResealCommand(env: Record<string, string | undefined>, options: { check: boolean; print: (line: string) => void }): Promise<number> {
  const config: Config = await readConfigWithSecret(env);
  if (!config.uploads.key) throw new Error('no uploads key configured (UPLOADS_KEY)');
  const cipher = documentCipher(config.uploads.key, config.uploads.previousKeys);
  const database = openDatabase(config.database);
  try {
    const keyId = uploadsKeyId(config.uploads.key).toString('hex');
    const before = await countDocumentsToReseal(database.db, cipher);
    options.print(`${before} document(s) not sealed with the current uploads key (key id ${keyId})`);
    if (options.check) return before === 0 ? 0 : 1;
    const report = await resealDocuments(database.db, cipher, { onProgress: (progress) => options.print(`re-sealed ${progress.resealed} so far`) });
    options.print(`re-sealed ${report.resealed} document(s)`);
    if (report.unreadable.length > 0) {
      options.print(`${report.unreadable.length} document(s) open with no configured key, left as they are: ${report.unreadable.join(', ')}`);
    }
    const after = await countDocumentsToReseal(database.db, cipher);
    options.print(after === 0 ? RESEAL_DONE : `${after} document(s) still not sealed with the current key`);
    return after === 0 ? 0 : 1;
  } finally {
    await database.close();
  }
}
