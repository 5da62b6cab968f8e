import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { clientFileName, DOCUMENT_FILE_TYPES, DOCUMENT_MAX_BYTES } from '../../domain/document-upload';
import { DocumentUnreadableError, type DocumentStore, type StoredDocument } from './document-store';
import { UPLOADS_KEY_BYTES } from './key';

/**
 * One file per document, named by its id, in a directory of its own (mode 0700, files 0600):
 *
 *   version (1 byte) | IV (12) | GCM tag (16) | AES-256-GCM( meta length (4, BE) | meta JSON | bytes )
 *
 * The file name, type and size are encrypted with the bytes. The id is authenticated too
 * (additional data), so a file copied over another id does not decrypt.
 */
const FORMAT_VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = 1 + IV_BYTES + TAG_BYTES;

/** 144 random bits, base64url: unguessable, and safe as a file name. */
const ID_PATTERN = /^[A-Za-z0-9_-]{24}$/;
const newId = () => randomBytes(18).toString('base64url');

type StoredMeta = StoredDocument['meta'];

export function createFileDocumentStore(options: { directory: string; key: Uint8Array }): DocumentStore {
  const { directory } = options;
  if (options.key.byteLength !== UPLOADS_KEY_BYTES) throw new Error(`The uploads key must be ${UPLOADS_KEY_BYTES} bytes`);
  const key = Buffer.from(options.key);
  const fileOf = (id: string) => path.join(directory, id);
  const additionalData = (id: string) => Buffer.from(`fan-shop document v${FORMAT_VERSION} ${id}`);

  return {
    async put(bytes, meta) {
      if (bytes.byteLength > DOCUMENT_MAX_BYTES) throw new RangeError('A document is at most DOCUMENT_MAX_BYTES');
      const id = newId();
      const stored: StoredMeta = {
        type: meta.type,
        fileName: clientFileName(meta.fileName),
        size: bytes.byteLength,
        storedAt: new Date().toISOString(),
      };
      const metaBytes = Buffer.from(JSON.stringify(stored));
      const metaLength = Buffer.alloc(4);
      metaLength.writeUInt32BE(metaBytes.length);
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(additionalData(id));
      const ciphertext = Buffer.concat([cipher.update(metaLength), cipher.update(metaBytes), cipher.update(bytes), cipher.final()]);
      const content = Buffer.concat([Buffer.from([FORMAT_VERSION]), iv, cipher.getAuthTag(), ciphertext]);
      await mkdir(directory, { recursive: true, mode: 0o700 });
      // Written aside and renamed: a reader never sees half a file.
      const draft = path.join(directory, `.${id}.draft`);
      await writeFile(draft, content, { mode: 0o600, flag: 'wx' });
      try {
        await rename(draft, fileOf(id));
      } catch (error) {
        await rm(draft, { force: true });
        throw error;
      }
      return id;
    },

    async get(id) {
      if (!ID_PATTERN.test(id)) return null;
      let content: Buffer;
      try {
        content = await readFile(fileOf(id));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      return decrypt(content, key, additionalData(id), id);
    },

    async delete(id) {
      if (!ID_PATTERN.test(id)) return;
      await rm(fileOf(id), { force: true });
    },
  };
}

function decrypt(content: Buffer, key: Buffer, additionalData: Buffer, id: string): StoredDocument {
  const unreadable = (cause?: unknown) => new DocumentUnreadableError(`Stored document ${id} does not decrypt`, { cause });
  if (content.length < HEADER_BYTES + 4 || content[0] !== FORMAT_VERSION) throw unreadable();
  const decipher = createDecipheriv('aes-256-gcm', key, content.subarray(1, 1 + IV_BYTES), { authTagLength: TAG_BYTES });
  decipher.setAAD(additionalData);
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
  const bytes = new Uint8Array(plain.subarray(4 + metaLength));
  return { bytes, meta };
}
