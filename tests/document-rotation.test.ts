// The uploads key rotation (issue 33, item 7; docs/operations.md "Rotating the uploads key"), on
// PGlite and PostgreSQL: documents sealed with the previous key — in the current format and in
// the one before the key ring — open once the key is rotated, the re-seal puts every one under
// the new key so that the previous key can go, and the command does it from the configuration.
import { createCipheriv, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../app/.server/db/client';
import { documents } from '../app/.server/db/schema';
import { createDatabaseDocumentStore } from '../app/.server/uploads/database-document-store';
import { documentCipher, newDocumentId } from '../app/.server/uploads/document-cipher';
import { DocumentUnreadableError } from '../app/.server/uploads/document-store';
import { uploadsKeyId } from '../app/.server/uploads/key';
import { countDocumentsToReseal, resealDocuments, runResealCommand } from '../app/.server/uploads/reseal';
import { createEmptyPostgresDatabase, createTestDatabase } from './support/database';

const meta = { type: 'pdf', fileName: 'passport.pdf' } as const;
const scan = (marker: string) => new Uint8Array(Buffer.concat([Buffer.from(`%PDF-1.4 ${marker}\n`), randomBytes(3000)]));
const bytesOf = (document: { bytes: Uint8Array } | null) => Buffer.from(document?.bytes ?? []).toString('latin1');

/** A row as the shop wrote it before the key ring (format v1: no key id), under `key`. */
function legacyContent(key: Buffer, id: string, bytes: Uint8Array): Buffer {
  const metaBytes = Buffer.from(JSON.stringify({ ...meta, size: bytes.byteLength, storedAt: '2026-03-01T09:00:00.000Z' }));
  const metaLength = Buffer.alloc(4);
  metaLength.writeUInt32BE(metaBytes.length);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(`fan-shop document v1 ${id}`));
  const ciphertext = Buffer.concat([cipher.update(metaLength), cipher.update(metaBytes), cipher.update(bytes), cipher.final()]);
  return Buffer.concat([Buffer.from([1]), iv, cipher.getAuthTag(), ciphertext]);
}

/** Three documents under `oldKey` (two in the current format, one in v1) and one under a key nobody has any more. */
async function storeUnderOldKey(database: Database, oldKey: Buffer) {
  const before = createDatabaseDocumentStore({ db: database.db, key: oldKey });
  const current = await database.db.transaction(async (tx) => [await before.put(tx, scan('FIRST'), meta), await before.put(tx, scan('SECOND'), meta)]);
  const legacy = newDocumentId();
  await database.db.insert(documents).values({ id: legacy, content: legacyContent(oldKey, legacy, scan('LEGACY')) });
  const lost = newDocumentId();
  await database.db.insert(documents).values({ id: lost, content: legacyContent(randomBytes(32), lost, scan('LOST')) });
  return { ids: [...current, legacy], lost };
}

describe('rotating the uploads key', () => {
  let database: Database;
  const [oldKey, newKey] = [randomBytes(32), randomBytes(32)];

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database?.close();
  });

  it('opens what the previous key sealed, re-seals it under the new key in batches, and then needs the previous key no more', async () => {
    const { ids, lost } = await storeUnderOldKey(database, oldKey);
    const rotated = createDatabaseDocumentStore({ db: database.db, key: newKey, previousKeys: [oldKey] });
    expect((await Promise.all(ids.map(async (id) => bytesOf(await rotated.get(id))))).map((bytes) => bytes.slice(9, 15))).toEqual(['FIRST\n', 'SECOND', 'LEGACY']);
    // What is stored now goes under the new key at once.
    const fresh = await database.db.transaction((tx) => rotated.put(tx, scan('FRESH'), meta));
    const [row] = await database.db.select().from(documents).where(eq(documents.id, fresh));
    expect(row?.content.subarray(1, 9).equals(uploadsKeyId(newKey))).toBe(true);

    const ring = documentCipher(newKey, [oldKey]);
    const waiting = await countDocumentsToReseal(database.db, ring);
    // The three under the old key and the lost one (whatever other documents the file's database holds are under other keys too).
    expect(waiting).toBeGreaterThanOrEqual(4);
    const progress: number[] = [];
    const report = await resealDocuments(database.db, ring, { batchSize: 2, onProgress: ({ resealed }) => progress.push(resealed) });
    expect(progress.length).toBeGreaterThanOrEqual(1);
    expect(report.unreadable).toContain(lost);
    expect(report.resealed).toBe(waiting - report.unreadable.length);
    expect(await countDocumentsToReseal(database.db, ring)).toBe(report.unreadable.length);

    const newOnly = createDatabaseDocumentStore({ db: database.db, key: newKey });
    expect((await Promise.all(ids.map(async (id) => bytesOf(await newOnly.get(id))))).map((bytes) => bytes.slice(9, 15))).toEqual(['FIRST\n', 'SECOND', 'LEGACY']);
    expect(bytesOf(await newOnly.get(fresh))).toContain('FRESH');
    await expect(newOnly.get(lost)).rejects.toBeInstanceOf(DocumentUnreadableError);
    // The old key alone opens none of them now.
    await expect(createDatabaseDocumentStore({ db: database.db, key: oldKey }).get(ids[0] ?? '')).rejects.toBeInstanceOf(DocumentUnreadableError);
    // Running it again finds nothing to do.
    expect((await resealDocuments(database.db, ring)).resealed).toBe(0);
  });
});

describe('the re-seal command (npm run documents:reseal)', () => {
  let dataDir: string;
  let dropPostgres: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-reseal-'));
  });

  afterAll(async () => {
    await dropPostgres?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('re-seals with the configuration the instances use, says how many are left, and exits 0 only when none is', async () => {
    const [oldKey, newKey] = [randomBytes(32), randomBytes(32)];
    let env: Record<string, string> = { DATA_DIR: dataDir };
    if (process.env.TEST_DATABASE_KIND === 'postgres') {
      const empty = await createEmptyPostgresDatabase();
      dropPostgres = empty.drop;
      env = { ...env, DATABASE_URL: empty.url };
    }
    const target = env.DATABASE_URL ? ({ kind: 'postgres', url: env.DATABASE_URL } as const) : ({ kind: 'pglite', dataDir: path.join(dataDir, 'db') } as const);
    const database = openDatabase(target);
    await database.migrate();
    const { ids, lost } = await storeUnderOldKey(database, oldKey);
    await database.db.delete(documents).where(eq(documents.id, lost));
    // PGlite: one process at a time in DATA_DIR/db, so the shop is stopped while the command runs.
    await database.close();

    const lines: string[] = [];
    const rotatedEnv = { ...env, UPLOADS_KEY: newKey.toString('hex'), UPLOADS_KEY_PREVIOUS: `${randomBytes(32).toString('base64')},${oldKey.toString('hex')}` };
    expect(await runResealCommand(rotatedEnv, { check: true, print: (line) => lines.push(line) })).toBe(1);
    expect(lines).toEqual([`3 document(s) not sealed with the current uploads key (key id ${uploadsKeyId(newKey).toString('hex')})`]);
    expect(await runResealCommand(rotatedEnv, { check: false, print: (line) => lines.push(line) })).toBe(0);
    expect(lines.slice(-2)).toEqual(['re-sealed 3 document(s)', 'every document is sealed with the current key: UPLOADS_KEY_PREVIOUS can be removed']);
    expect(await runResealCommand({ ...env, UPLOADS_KEY: newKey.toString('hex') }, { check: true, print: () => undefined })).toBe(0);

    const reopened = openDatabase(target);
    try {
      const newOnly = createDatabaseDocumentStore({ db: reopened.db, key: newKey });
      for (const id of ids) expect(bytesOf(await newOnly.get(id))).toMatch(/^%PDF-1\.4 /);
    } finally {
      await reopened.close();
    }
  });
});
