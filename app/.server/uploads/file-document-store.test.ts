import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DocumentUnreadableError, type DocumentStore } from './document-store';
import { createFileDocumentStore } from './file-document-store';

let root: string;
let directory: string;
let key: Buffer;
let store: DocumentStore;
const scan = () => new Uint8Array(Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(5000)]));

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'shop-uploads-'));
  directory = path.join(root, 'uploads');
  key = randomBytes(32);
  store = createFileDocumentStore({ directory, key });
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('the file-system document store', () => {
  it('gives back the same bytes and meta, under an id that is not the client’s file name', async () => {
    const bytes = scan();
    const id = await store.put(bytes, { type: 'pdf', fileName: '../../passport front.pdf' });
    expect(id).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const stored = await store.get(id);
    expect(Buffer.from(stored?.bytes ?? []).equals(Buffer.from(bytes))).toBe(true);
    expect(stored?.meta).toMatchObject({ type: 'pdf', fileName: 'passport front.pdf', size: bytes.byteLength });
    expect(await readdir(directory)).toEqual([id]);
  });

  it('keeps the bytes and the file name encrypted, readable by the owner only', async () => {
    const bytes = new Uint8Array(Buffer.from('%PDF-1.4 PLAINTEXT-MARKER '.repeat(100)));
    const id = await store.put(bytes, { type: 'pdf', fileName: 'Mario-Rossi-passport.pdf' });
    const onDisk = await readFile(path.join(directory, id));
    expect(onDisk.includes('PLAINTEXT-MARKER')).toBe(false);
    expect(onDisk.includes('Mario-Rossi')).toBe(false);
    expect((await stat(path.join(directory, id))).mode & 0o777).toBe(0o600);
    expect((await stat(directory)).mode & 0o777).toBe(0o700);
  });

  it('makes a different id and ciphertext for the same document twice', async () => {
    const bytes = scan();
    const [first, second] = [await store.put(bytes, { type: 'pdf', fileName: 'a.pdf' }), await store.put(bytes, { type: 'pdf', fileName: 'a.pdf' })];
    expect(first).not.toBe(second);
    const [one, two] = await Promise.all([readFile(path.join(directory, first)), readFile(path.join(directory, second))]);
    expect(one.equals(two)).toBe(false);
  });

  it('refuses to read a tampered file instead of giving wrong bytes', async () => {
    const id = await store.put(scan(), { type: 'pdf', fileName: 'a.pdf' });
    const file = path.join(directory, id);
    const content = await readFile(file);
    // One bit of the ciphertext's last byte.
    content[content.length - 1] = (content[content.length - 1] ?? 0) ^ 1;
    await writeFile(file, content);
    await expect(store.get(id)).rejects.toBeInstanceOf(DocumentUnreadableError);
    await writeFile(file, content.subarray(0, 20));
    await expect(store.get(id)).rejects.toBeInstanceOf(DocumentUnreadableError);
  });

  it('refuses a document copied over another id, and one read with another key', async () => {
    const fanA = await store.put(scan(), { type: 'pdf', fileName: 'a.pdf' });
    const fanB = await store.put(scan(), { type: 'png', fileName: 'b.png' });
    await writeFile(path.join(directory, fanB), await readFile(path.join(directory, fanA)));
    await expect(store.get(fanB)).rejects.toBeInstanceOf(DocumentUnreadableError);
    const otherKey = createFileDocumentStore({ directory, key: randomBytes(32) });
    await expect(otherKey.get(fanA)).rejects.toBeInstanceOf(DocumentUnreadableError);
  });

  it('answers null for an unknown id and for one that is not an id (no path is built from it)', async () => {
    await writeFile(path.join(root, 'outside'), 'secret');
    expect(await store.get('AAAAAAAAAAAAAAAAAAAAAAAA')).toBeNull();
    expect(await store.get('../outside')).toBeNull();
    await store.delete('../outside');
    expect(await readFile(path.join(root, 'outside'), 'utf8')).toBe('secret');
  });

  it('deletes a document, and deleting it again is fine', async () => {
    const id = await store.put(scan(), { type: 'pdf', fileName: 'a.pdf' });
    await store.delete(id);
    expect(await store.get(id)).toBeNull();
    await store.delete(id);
    expect(await readdir(directory)).toEqual([]);
  });

  it('refuses a key that is not 32 bytes and a document over the cap', async () => {
    expect(() => createFileDocumentStore({ directory, key: randomBytes(16) })).toThrow(/32 bytes/);
    await expect(store.put(new Uint8Array(4_194_305), { type: 'pdf', fileName: 'big.pdf' })).rejects.toThrow(RangeError);
  });
});
