// The identity documents in the database (issue 33), on PGlite and PostgreSQL: the store's round
// trip and refusals, documents that commit or roll back with the rows naming them (a crash
// included), the foreign keys that keep the two together, and the start's import of the files
// documents were kept in before.
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../app/.server/db/client';
import { cartItemDocuments, documents } from '../app/.server/db/schema';
import { createDatabaseDocumentStore } from '../app/.server/uploads/database-document-store';
import { DocumentUnreadableError } from '../app/.server/uploads/document-store';
import { newDocumentId } from '../app/.server/uploads/document-cipher';
import { importDocumentFiles, ORPHAN_MIN_AGE_MS } from '../app/.server/uploads/import-files';
import { startShop } from '../app/.server/shop';
import { manualClock } from './support/clock';
import { configureRequest, draftWith, newFan, scan } from './support/cart';
import { createEmptyPostgresDatabase, createTestDatabase } from './support/database';
import { servicesFor } from './support/services';

let database: Database;
const key = randomBytes(32);
const store = () => createDatabaseDocumentStore({ db: database.db, key });
const clock = manualClock('2026-03-01T09:00:00Z');
const pdf = () => new Uint8Array(Buffer.concat([Buffer.from('%PDF-1.4 PLAINTEXT-MARKER\n'), randomBytes(5000)]));
const meta = { type: 'pdf', fileName: '../../Mario Rossi passport.pdf' } as const;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

const contentOf = async (id: string) => (await database.db.select().from(documents).where(eq(documents.id, id)))[0]?.content;

describe('the database document store', () => {
  it('gives back the same bytes and meta; the table holds ciphertext only', async () => {
    const bytes = pdf();
    const id = await database.db.transaction((tx) => store().put(tx, bytes, meta));
    expect(id).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const stored = await store().get(id);
    expect(Buffer.from(stored?.bytes ?? []).equals(Buffer.from(bytes))).toBe(true);
    expect(stored?.meta).toMatchObject({ type: 'pdf', fileName: 'Mario Rossi passport.pdf', size: bytes.byteLength });
    const content = await contentOf(id);
    expect(content?.includes('PLAINTEXT-MARKER')).toBe(false);
    expect(content?.includes('Mario Rossi')).toBe(false);
  });

  it('refuses altered content, content copied over another id, and another key', async () => {
    const [fanA, fanB] = await database.db.transaction(async (tx) => [await store().put(tx, pdf(), meta), await store().put(tx, pdf(), meta)]);
    const content = Buffer.from((await contentOf(fanA)) ?? []);
    content[content.length - 1] = (content[content.length - 1] ?? 0) ^ 1;
    await database.db.update(documents).set({ content }).where(eq(documents.id, fanA));
    await expect(store().get(fanA)).rejects.toBeInstanceOf(DocumentUnreadableError);
    await database.db.update(documents).set({ content: (await contentOf(fanB)) ?? Buffer.alloc(0) }).where(eq(documents.id, fanA));
    await expect(store().get(fanA)).rejects.toBeInstanceOf(DocumentUnreadableError);
    await expect(createDatabaseDocumentStore({ db: database.db, key: randomBytes(32) }).get(fanB)).rejects.toBeInstanceOf(DocumentUnreadableError);
    expect((await store().get(fanB))?.meta.type).toBe('pdf');
  });

  it('answers null for an unknown id and one that is not an id; deletes, and deleting again is fine', async () => {
    const id = await database.db.transaction((tx) => store().put(tx, pdf(), meta));
    expect(await store().get(newDocumentId())).toBeNull();
    expect(await store().get("' or 1=1 --")).toBeNull();
    await database.db.transaction((tx) => store().delete(tx, [id, '../outside']));
    expect(await store().get(id)).toBeNull();
    expect(await contentOf(id)).toBeUndefined();
    await database.db.transaction((tx) => store().delete(tx, [id]));
  });

  it('refuses a document over the cap', async () => {
    await expect(database.db.transaction((tx) => store().put(tx, new Uint8Array(4_194_305), meta))).rejects.toThrow(RangeError);
  });
});

describe('documents and the rows naming them', () => {
  it('leave nothing when the transaction rolls back', async () => {
    let id = '';
    await expect(
      database.db.transaction(async (tx) => {
        id = await store().put(tx, pdf(), meta);
        throw new Error('the cart rules refused it');
      }),
    ).rejects.toThrow('the cart rules refused it');
    expect(id).not.toBe('');
    expect(await contentOf(id)).toBeUndefined();
  });

  // PGlite is this process: a crash of it takes the database's open transaction with it alike.
  it.runIf(process.env.TEST_DATABASE_KIND === 'postgres')('leave nothing when the connection dies before the commit (a crash)', async () => {
    let id = '';
    await expect(
      database.db.transaction(async (tx) => {
        id = await store().put(tx, pdf(), meta);
        const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] };
        // Another connection of the pool ends this one, as the server does when a shop process dies.
        await database.db.execute(sql`select pg_terminate_backend(${rows[0]?.pid ?? 0})`);
        await tx.execute(sql`select 1`);
      }),
    ).rejects.toThrow();
    expect(id).not.toBe('');
    expect(await contentOf(id)).toBeUndefined();
  });

  it('cannot part: a row naming a missing document is refused, and so is deleting a named document', async () => {
    const services = servicesFor(database, { clock, documents: store() });
    const fan = await newFan(services, 'fk-card');
    const added = await services.cart.configureItem(configureRequest(fan, 'jcard', 'buy', cardDraft(), { documents: { documentFront: scan('front.png', 'FRONT') } }));
    if (!added.ok) throw new Error(`not added: ${JSON.stringify(added)}`);
    const [row] = await database.db.select().from(cartItemDocuments).where(eq(cartItemDocuments.cartItemId, added.value.itemId));
    if (!row) throw new Error('no document row');
    await expect(database.db.insert(cartItemDocuments).values({ ...row, id: undefined, side: 'BACK', storageId: newDocumentId() })).rejects.toThrow();
    await expect(database.db.delete(documents).where(eq(documents.id, row.storageId))).rejects.toThrow();
    expect(await contentOf(row.storageId)).toBeDefined();
  });
});

const cardDraft = () => draftWith({ buyFor: 'BUY_CARD', variantId: 'jcard-48', documentType: 'IDENTITY', customization: 'ROSSI' });

describe('the import of the files documents were kept in before', () => {
  let directory: string;
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

  beforeEach(async () => {
    directory = path.join(await mkdtemp(path.join(os.tmpdir(), 'shop-import-')), 'uploads');
  });

  /**
   * A card in a cart whose documents are files, as before migration 0022: stored through the
   * store, then their content moved out to files named by id (the constraints dropped for that,
   * and added again NOT VALID as the migration adds them).
   */
  async function cardWithFiles(subject: string) {
    const services = servicesFor(database, { clock, documents: store() });
    const fan = await newFan(services, subject);
    const sides = { documentFront: scan('front.png', 'FRONT-SIDE'), documentBack: scan('back.png', 'BACK-SIDE') };
    const added = await services.cart.configureItem(configureRequest(fan, 'jcard', 'buy', cardDraft(), { documents: sides }));
    if (!added.ok) throw new Error(`not added: ${JSON.stringify(added)}`);
    const rows = await database.db.select().from(cartItemDocuments).where(eq(cartItemDocuments.cartItemId, added.value.itemId));
    const ids = rows.map((row) => row.storageId);
    await database.db.execute(sql`alter table cart_item_documents drop constraint cart_item_documents_storage_id_documents_id_fk`);
    const moved = await database.db.delete(documents).where(inArray(documents.id, ids)).returning();
    await database.db.execute(
      sql`alter table cart_item_documents add constraint cart_item_documents_storage_id_documents_id_fk foreign key (storage_id) references documents(id) not valid`,
    );
    await writeFiles(moved.map((row) => [row.id, row.content]), hoursAgo(24));
    return { ids: ids.sort(), fan, itemId: added.value.itemId };
  }

  async function writeFiles(files: [string, Uint8Array][], writtenAt: Date) {
    await mkdir(directory, { recursive: true });
    for (const [name, content] of files) {
      await writeFile(path.join(directory, name), content);
      await utimes(path.join(directory, name), writtenAt, writtenAt);
    }
  }

  it('moves the files rows name into the table, readable as before; deletes old orphans and drafts; runs again to no effect', async () => {
    const card = await cardWithFiles('import-card');
    const [oldOrphan, youngOrphan, draft] = [newDocumentId(), newDocumentId(), `.${newDocumentId()}.draft`];
    await writeFiles([[oldOrphan, randomBytes(100)], [draft, randomBytes(100)], ['notes.txt', Buffer.from('not ours')]], hoursAgo(2));
    await writeFiles([[youngOrphan, randomBytes(100)]], new Date());

    expect(await importDocumentFiles(database.db, directory)).toEqual({ imported: 2, orphansDeleted: 2, orphansKept: 1 });
    expect((await readdir(directory)).sort()).toEqual(['notes.txt', youngOrphan].sort());
    const sides = await Promise.all(card.ids.map(async (id) => Buffer.from((await store().get(id))?.bytes ?? []).toString('latin1')));
    expect(sides.filter((bytes) => bytes.includes('FRONT-SIDE'))).toHaveLength(1);
    expect(sides.filter((bytes) => bytes.includes('BACK-SIDE'))).toHaveLength(1);
    // Every row names a document again: the constraint now holds for the old rows too.
    await database.db.execute(sql`alter table cart_item_documents validate constraint cart_item_documents_storage_id_documents_id_fk`);

    expect(await importDocumentFiles(database.db, directory)).toEqual({ imported: 0, orphansDeleted: 0, orphansKept: 1 });
    // An hour on, the young orphan is no older shop's upload in flight any more.
    expect(await importDocumentFiles(database.db, directory, new Date(Date.now() + ORPHAN_MIN_AGE_MS))).toEqual({ imported: 0, orphansDeleted: 1, orphansKept: 0 });
    expect(await readdir(directory)).toEqual(['notes.txt']);
  });

  it('imports each document once when two instances start together, and removes the emptied directory', async () => {
    const card = await cardWithFiles('import-together');
    const [one, two] = await Promise.all([importDocumentFiles(database.db, directory), importDocumentFiles(database.db, directory)]);
    expect((one?.imported ?? 0) + (two?.imported ?? 0)).toBe(2);
    expect((await database.db.select({ id: documents.id }).from(documents).where(inArray(documents.id, card.ids))).map((row) => row.id).sort()).toEqual(card.ids);
    await expect(readdir(directory)).rejects.toThrow(/ENOENT/);
    // The card is whole again: the cart shows both sides.
    const services = servicesFor(database, { clock, documents: store() });
    expect((await services.cart.findItem(card.fan.owner, card.itemId))?.documents).toHaveLength(2);
  });

  it('does nothing without the directory', async () => {
    await rm(path.dirname(directory), { recursive: true, force: true });
    expect(await importDocumentFiles(database.db, directory)).toEqual({ imported: 0, orphansDeleted: 0, orphansKept: 0 });
  });
});

describe.runIf(process.env.TEST_DATABASE_KIND === 'postgres')('two instances on one PostgreSQL', () => {
  it('read each other’s documents: uploaded through one, read through the other (their disks apart)', async () => {
    const shared = await createEmptyPostgresDatabase();
    const dataDirs = [await mkdtemp(path.join(os.tmpdir(), 'shop-one-')), await mkdtemp(path.join(os.tmpdir(), 'shop-other-'))];
    // A file left by a crash before issue 33, in the first instance's uploads: its start deletes it.
    const leftover = path.join(dataDirs[0] ?? '', 'uploads', newDocumentId());
    await mkdir(path.dirname(leftover), { recursive: true });
    await writeFile(leftover, randomBytes(64));
    await utimes(leftover, new Date(Date.now() - 2 * ORPHAN_MIN_AGE_MS), new Date(Date.now() - 2 * ORPHAN_MIN_AGE_MS));
    const env = (dataDir = '') => ({ LOG_LEVEL: 'silent', DATABASE_URL: shared.url, DATA_DIR: dataDir, UPLOADS_KEY: key.toString('hex') });
    const [one, other] = await Promise.all(dataDirs.map((dataDir) => startShop(env(dataDir))));
    try {
      if (!one || !other) throw new Error('not started');
      await expect(readdir(path.dirname(leftover))).rejects.toThrow(/ENOENT/);
      const fan = await newFan(one.services, 'two-instances');
      const added = await one.services.cart.configureItem(
        configureRequest(fan, 'jcard', 'buy', cardDraft(), { documents: { documentFront: scan('front.png', 'THROUGH-ONE') } }),
      );
      if (!added.ok) throw new Error(`not added: ${JSON.stringify(added)}`);
      const [row] = await other.database.db.select().from(cartItemDocuments).where(eq(cartItemDocuments.cartItemId, added.value.itemId));
      expect((await other.services.cart.findItem(fan.owner, added.value.itemId))?.documents).toMatchObject([{ side: 'FRONT', fileName: 'front.png' }]);
      const read = await other.documents.get(row?.storageId ?? '');
      expect(Buffer.from(read?.bytes ?? []).toString('latin1')).toContain('THROUGH-ONE');
      // Removed through the other instance: gone for the first too.
      expect((await other.services.cart.removeItem(fan.owner, added.value.itemId)).ok).toBe(true);
      expect(await one.documents.get(row?.storageId ?? '')).toBeNull();
    } finally {
      await Promise.all([one, other].map((shop) => shop?.close()));
      await shared.drop();
      await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
    }
  });
});
