import { createCipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { documentCipher, isDocumentId, newDocumentId } from './document-cipher';
import { DocumentUnreadableError } from './document-store';
import { uploadsKeyId } from './key';

const meta = { type: 'pdf', fileName: 'passport.pdf', size: 5009, storedAt: '2026-03-01T09:00:00.000Z' } as const;
const scan = () => new Uint8Array(Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(5000)]));

describe('the document cipher', () => {
  const cipher = documentCipher(randomBytes(32));

  it('gives back the same bytes and meta; the sealed content shows neither', () => {
    const id = newDocumentId();
    const bytes = new Uint8Array(Buffer.from('%PDF-1.4 PLAINTEXT-MARKER '.repeat(100)));
    const sealed = cipher.seal(id, bytes, { ...meta, fileName: 'Mario-Rossi-passport.pdf' });
    expect(sealed.includes('PLAINTEXT-MARKER')).toBe(false);
    expect(sealed.includes('Mario-Rossi')).toBe(false);
    const opened = cipher.open(id, sealed);
    expect(Buffer.from(opened.bytes).equals(Buffer.from(bytes))).toBe(true);
    expect(opened.meta).toEqual({ ...meta, fileName: 'Mario-Rossi-passport.pdf' });
  });

  it('seals the same document differently twice (a fresh IV each time)', () => {
    const bytes = scan();
    expect(cipher.seal('A'.repeat(24), bytes, meta).equals(cipher.seal('A'.repeat(24), bytes, meta))).toBe(false);
  });

  it('refuses altered, truncated or foreign content instead of giving wrong bytes', () => {
    const id = newDocumentId();
    const sealed = cipher.seal(id, scan(), meta);
    const flipped = Buffer.from(sealed);
    flipped[flipped.length - 1] = (flipped[flipped.length - 1] ?? 0) ^ 1;
    expect(() => cipher.open(id, flipped)).toThrow(DocumentUnreadableError);
    expect(() => cipher.open(id, sealed.subarray(0, 20))).toThrow(DocumentUnreadableError);
    // Copied over another id (the id is authenticated), or opened under another key.
    expect(() => cipher.open(newDocumentId(), sealed)).toThrow(DocumentUnreadableError);
    expect(() => documentCipher(randomBytes(32)).open(id, sealed)).toThrow(DocumentUnreadableError);
    expect(cipher.open(id, sealed).meta.size).toBe(meta.size);
  });

  it('makes unguessable ids that are safe anywhere, and tells them from anything else', () => {
    const id = newDocumentId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(isDocumentId(id)).toBe(true);
    expect(newDocumentId()).not.toBe(id);
    for (const other of ['../outside', `${id}x`, '', '.AAAAAAAAAAAAAAAAAAAAAAAA.draft']) expect(isDocumentId(other)).toBe(false);
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => documentCipher(randomBytes(16))).toThrow(/32 bytes/);
    expect(() => documentCipher(randomBytes(32), [randomBytes(31)])).toThrow(/32 bytes/);
  });
});

/** The format before the key ring (v1: version | IV | tag | ciphertext, no key id), as files and old rows hold it. */
function sealV1(key: Buffer, id: string, bytes: Uint8Array, stored: typeof meta): Buffer {
  const metaBytes = Buffer.from(JSON.stringify(stored));
  const metaLength = Buffer.alloc(4);
  metaLength.writeUInt32BE(metaBytes.length);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(`fan-shop document v1 ${id}`));
  const ciphertext = Buffer.concat([cipher.update(metaLength), cipher.update(metaBytes), cipher.update(bytes), cipher.final()]);
  return Buffer.concat([Buffer.from([1]), iv, cipher.getAuthTag(), ciphertext]);
}

describe('the uploads key ring', () => {
  const oldKey = randomBytes(32);
  const newKey = randomBytes(32);
  const rotated = documentCipher(newKey, [oldKey]);

  it('names the sealing key in the header, and seals with the current key only', () => {
    const sealed = rotated.seal(newDocumentId(), scan(), meta);
    expect(sealed[0]).toBe(2);
    expect(sealed.subarray(1, 9).equals(uploadsKeyId(newKey))).toBe(true);
    expect(sealed.subarray(0, 9).equals(rotated.currentPrefix)).toBe(true);
    expect(uploadsKeyId(newKey).equals(uploadsKeyId(oldKey))).toBe(false);
  });

  it('opens what the previous key sealed, in the current format and in the format before the ring', () => {
    const bytes = scan();
    const id = newDocumentId();
    const underOld = documentCipher(oldKey).seal(id, bytes, meta);
    expect(Buffer.from(rotated.open(id, underOld).bytes).equals(Buffer.from(bytes))).toBe(true);
    const legacy = sealV1(oldKey, id, bytes, meta);
    expect(Buffer.from(rotated.open(id, legacy).bytes).equals(Buffer.from(bytes))).toBe(true);
    expect(Buffer.from(documentCipher(oldKey).open(id, legacy).bytes).equals(Buffer.from(bytes))).toBe(true);
    // Once the old key is dropped, neither opens.
    expect(() => documentCipher(newKey).open(id, underOld)).toThrow(DocumentUnreadableError);
    expect(() => documentCipher(newKey).open(id, legacy)).toThrow(DocumentUnreadableError);
  });

  it('refuses a key id edited to name another key of the ring (the id is authenticated)', () => {
    const id = newDocumentId();
    const sealed = Buffer.from(documentCipher(oldKey).seal(id, scan(), meta));
    uploadsKeyId(newKey).copy(sealed, 1);
    expect(() => rotated.open(id, sealed)).toThrow(DocumentUnreadableError);
  });
});
