import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { DOCUMENT_FILE_TYPES } from '../../domain/document-upload';
import { DocumentUnreadableError, type StoredDocument } from './document-store';
import { UPLOADS_KEY_BYTES, UPLOADS_KEY_ID_BYTES, uploadsKeyId } from './key';

/**
 * How a document is sealed, wherever it is kept (the files of old, the `documents` table now):
 *
 *   v2 (since the key ring): 2 | key id (8) | IV (12) | GCM tag (16) | AES-256-GCM( meta length (4, BE) | meta JSON | bytes )
 *   v1 (files, and rows sealed before the ring): 1 | IV (12) | GCM tag (16) | the same ciphertext
 *
 * The file name, type and size are encrypted with the bytes. The id — and in v2 the version and
 * key id — are authenticated too (additional data), so content copied over another id, or a key
 * id edited to another key's, does not decrypt. The key id (key.ts) tells which key of the ring
 * opens a v2 document; a v1 document is tried with each key, current first. New documents are
 * always v2 under the current key; old files stay valid `documents.content` as they are.
 */
const CURRENT_VERSION = 2;
const LEGACY_VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const V1_HEADER_BYTES = 1 + IV_BYTES + TAG_BYTES;
const V2_PREFIX_BYTES = 1 + UPLOADS_KEY_ID_BYTES;
const V2_HEADER_BYTES = V2_PREFIX_BYTES + IV_BYTES + TAG_BYTES;

/** 144 random bits, base64url: unguessable. */
const ID_PATTERN = /^[A-Za-z0-9_-]{24}$/;
export const newDocumentId = (): string => randomBytes(18).toString('base64url');
export const isDocumentId = (id: string): boolean => ID_PATTERN.test(id);

type StoredMeta = StoredDocument['meta'];

export type DocumentCipher = {
  /** Seals with the current key, in the current format. */
  seal(id: string, bytes: Uint8Array, meta: StoredMeta): Buffer;
  /** Throws DocumentUnreadableError unless `content` is exactly what `seal` made for this id under a key of the ring. */
  open(id: string, content: Uint8Array): StoredDocument;
  /**
   * The first bytes of every document sealed now (version and current key id): content that
   * starts otherwise needs re-sealing before a previous key can be dropped (reseal.ts).
   */
  currentPrefix: Buffer;
};

/** The uploads key ring: `current` seals (UPLOADS_KEY), `previous` only open (UPLOADS_KEY_PREVIOUS). */
export function documentCipher(current: Uint8Array, previous: readonly Uint8Array[] = []): DocumentCipher {
  const ring = [current, ...previous].map((keyBytes) => {
    if (keyBytes.byteLength !== UPLOADS_KEY_BYTES) throw new Error(`The uploads key must be ${UPLOADS_KEY_BYTES} bytes`);
    return { key: Buffer.from(keyBytes), id: uploadsKeyId(keyBytes) };
  });
  const sealing = ring[0] as (typeof ring)[number];
  const currentPrefix = Buffer.concat([Buffer.from([CURRENT_VERSION]), sealing.id]);
  const v1Data = (id: string) => Buffer.from(`fan-shop document v1 ${id}`);
  const v2Data = (keyId: Buffer, id: string) => Buffer.from(`fan-shop document v2 ${keyId.toString('hex')} ${id}`);

  /** The plain meta and bytes, or null when this key, IV and tag do not authenticate `ciphertext`. */
  const decrypt = (key: Buffer, iv: Buffer, tag: Buffer, additionalData: Buffer, ciphertext: Buffer): Buffer | null => {
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(additionalData);
    decipher.setAuthTag(tag);
    try {
      // final() checks the tag: nothing is returned unless every byte is as written.
      return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
    } catch {
      return null;
    }
  };

  return {
    currentPrefix,

    seal(id, bytes, meta) {
      const metaBytes = Buffer.from(JSON.stringify(meta));
      const metaLength = Buffer.alloc(4);
      metaLength.writeUInt32BE(metaBytes.length);
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', sealing.key, iv);
      cipher.setAAD(v2Data(sealing.id, id));
      const ciphertext = Buffer.concat([cipher.update(metaLength), cipher.update(metaBytes), cipher.update(bytes), cipher.final()]);
      return Buffer.concat([currentPrefix, iv, cipher.getAuthTag(), ciphertext]);
    },

    open(id, sealed) {
      const content = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
      const unreadable = () => new DocumentUnreadableError(`Stored document ${id} does not decrypt with any uploads key configured`);
      let plain: Buffer | null = null;
      if (content[0] === CURRENT_VERSION && content.length >= V2_HEADER_BYTES + 4) {
        const keyId = content.subarray(1, V2_PREFIX_BYTES);
        const entry = ring.find((candidate) => candidate.id.equals(keyId));
        const iv = content.subarray(V2_PREFIX_BYTES, V2_PREFIX_BYTES + IV_BYTES);
        const tag = content.subarray(V2_PREFIX_BYTES + IV_BYTES, V2_HEADER_BYTES);
        plain = entry ? decrypt(entry.key, iv, tag, v2Data(keyId, id), content.subarray(V2_HEADER_BYTES)) : null;
      } else if (content[0] === LEGACY_VERSION && content.length >= V1_HEADER_BYTES + 4) {
        // No key id in v1: each key in turn, current first (the ring is a key or two).
        const iv = content.subarray(1, 1 + IV_BYTES);
        const tag = content.subarray(1 + IV_BYTES, V1_HEADER_BYTES);
        for (const entry of ring) {
          plain = decrypt(entry.key, iv, tag, v1Data(id), content.subarray(V1_HEADER_BYTES));
          if (plain) break;
        }
      }
      if (!plain) throw unreadable();
      const metaLength = plain.readUInt32BE(0);
      const meta = JSON.parse(plain.subarray(4, 4 + metaLength).toString('utf8')) as StoredMeta;
      if (!(DOCUMENT_FILE_TYPES as readonly string[]).includes(meta.type)) throw unreadable();
      return { bytes: new Uint8Array(plain.subarray(4 + metaLength)), meta };
    },
  };
}
