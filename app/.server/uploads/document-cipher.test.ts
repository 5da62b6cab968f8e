import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { documentCipher, isDocumentId, newDocumentId } from './document-cipher';
import { DocumentUnreadableError } from './document-store';

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
  });
});
