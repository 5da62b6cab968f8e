import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { DOCUMENT_FILE_TYPES } from '../../domain/document-upload';
import { DocumentUnreadableError, type StoredDocument } from './document-store';
import { UPLOADS_KEY_BYTES } from './key';

/**
 * How a document is sealed, wherever it is kept (the files of old, the `documents` table now):
 *
 *   version (1 byte) | IV (12) | GCM tag (16) | AES-256-GCM( meta length (4, BE) | meta JSON | bytes )
 *
 * The file name, type and size are encrypted with the bytes. The id is authenticated too
 * (additional data), so content copied over another id does not decrypt. Unchanged since the
 * files: an old file is a valid `documents.content` as it is (import-files.ts).
 */
const FORMAT_VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = 1 + IV_BYTES + TAG_BYTES;

/** 144 random bits, base64url: unguessable. */
const ID_PATTERN = /^[A-Za-z0-9_-]{24}$/;
export const newDocumentId = (): string => randomBytes(18).toString('base64url');
export const isDocumentId = (id: string): boolean => ID_PATTERN.test(id);

type StoredMeta = StoredDocument['meta'];

export type DocumentCipher = {
  seal(id: string, bytes: Uint8Array, meta: StoredMeta): Buffer;
  /** Throws DocumentUnreadableError unless `content` is exactly what `seal` made for this id and key. */
  open(id: string, content: Uint8Array): StoredDocument;
};

export function documentCipher(keyBytes: Uint8Array): DocumentCipher {
  if (keyBytes.byteLength !== UPLOADS_KEY_BYTES) throw new Error(`The uploads key must be ${UPLOADS_KEY_BYTES} bytes`);
  const key = Buffer.from(keyBytes);
  const additionalData = (id: string) => Buffer.from(`fan-shop document v${FORMAT_VERSION} ${id}`);
  return {
    seal(id, bytes, meta) {
      const metaBytes = Buffer.from(JSON.stringify(meta));
      const metaLength = Buffer.alloc(4);
      metaLength.writeUInt32BE(metaBytes.length);
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(additionalData(id));
      const ciphertext = Buffer.concat([cipher.update(metaLength), cipher.update(metaBytes), cipher.update(bytes), cipher.final()]);
      return Buffer.concat([Buffer.from([FORMAT_VERSION]), iv, cipher.getAuthTag(), ciphertext]);
    },

    open(id, sealed) {
      const content = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
      const unreadable = (cause?: unknown) => new DocumentUnreadableError(`Stored document ${id} does not decrypt`, { cause });
      if (content.length < HEADER_BYTES + 4 || content[0] !== FORMAT_VERSION) throw unreadable();
      const decipher = createDecipheriv('aes-256-gcm', key, content.subarray(1, 1 + IV_BYTES), { authTagLength: TAG_BYTES });
      decipher.setAAD(additionalData(id));
      decipher.setAuthTag(content.subarray(1 + IV_BYTES, HEADER_BYTES));
      let plain: Buffer;
      try {
        // final() checks the tag: nothing is returned unless every byte is as written.
        plain = Buffer.concat([decipher.update(content.subarray(HEADER_BYTES)), decipher.final()]);
      } catch (error) {
        throw unreadable(error);
      }
      const metaLength = plain.readUInt32BE(0);
      const meta = JSON.parse(plain.subarray(4, 4 + metaLength).toString('utf8')) as StoredMeta;
      if (!(DOCUMENT_FILE_TYPES as readonly string[]).includes(meta.type)) throw unreadable();
      return { bytes: new Uint8Array(plain.subarray(4 + metaLength)), meta };
    },
  };
}
