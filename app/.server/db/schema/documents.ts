import { customType, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** PostgreSQL's `bytea`: node-postgres answers a Buffer, PGlite a Uint8Array; both take either. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
  toDriver: (value) => value,
});

/**
 * The identity documents' bytes, each sealed as the DocumentStore writes it (uploads/document-cipher.ts:
 * AES-256-GCM under UPLOADS_KEY, the id authenticated). Written and deleted in the transaction of
 * the row that names it (`cart_item_documents`, `order_item_documents`, whose `storage_id`
 * references `id`), so no document outlives its rows and no row names a missing one (issue 33).
 */
export const documents = pgTable('documents', {
  /** Random (144 bits, base64url); never derived from anything the client sent. */
  id: text('id').primaryKey(),
  /** version | key id (v2) | IV | GCM tag | ciphertext of (meta, bytes); v1 rows are the bytes the files held. */
  content: bytea('content').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
