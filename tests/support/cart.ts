// Fixtures of the cart tests: fans with a complete profile (inserted, not signed up), configure
// drafts and requests, identity-document uploads, and a document store whose documents can be
// counted.
import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { ConfigureDraft, ConfigureProcess } from '../../app/domain/configure';
import { CONFIGURE_FIELDS } from '../../app/domain/configure';
import type { UploadedDocument } from '../../app/.server/http/multipart';
import type { Services } from '../../app/.server/services';
import type { CartOwner, ConfigureItemRequest } from '../../app/.server/services/cart-contract';
import type { ProfileUpdate } from '../../app/.server/services/customers';
import type { DocumentStore } from '../../app/.server/uploads/document-store';
import { createDatabaseDocumentStore } from '../../app/.server/uploads/database-document-store';
import type { Database } from '../../app/.server/db/client';
import { documents } from '../../app/.server/db/schema';

/** Mario Rossi, born in Rome on 1 January 1980, with his real tax code. */
export const MARIO_PROFILE: ProfileUpdate = {
  phone: '00393331234567',
  dob: '1980-01-01',
  gender: 'M',
  birthCountryCode: 'IT',
  birthCountryName: 'Italia',
  birthProvince: 'Roma',
  birthProvinceCode: 'RM',
  birthCity: 'Roma',
  birthCityCode: 'H501',
  taxCode: 'RSSMRA80A01H501U',
};

export type TestFan = { owner: CartOwner; ip: string };

let fans = 0;

/** A signed-in fan named Mario Rossi with `profile` (null: none filled in), and an IP of their own. */
export async function newFan(services: Services, subject: string, profile: ProfileUpdate | null = MARIO_PROFILE): Promise<TestFan> {
  fans += 1;
  const customer = await services.customers.upsertFromSignIn({ subject, email: `${subject}@example.org`, firstName: 'Mario', lastName: 'Rossi' });
  if (profile) await services.customers.updateProfile(customer.id, subject, profile);
  // Coupon attempts are limited per IP too: each fan gets their own, so tests do not add up.
  return { owner: { customerId: customer.id, subject }, ip: `2001:db8::${fans.toString(16)}` };
}

/** A configure form as submitted: every field '' unless given. */
export function draftWith(fields: Partial<ConfigureDraft> = {}): ConfigureDraft {
  const empty = Object.fromEntries(CONFIGURE_FIELDS.map((field) => [field, ''])) as ConfigureDraft;
  return { ...empty, ...fields };
}

/** A holder typed in on behalf: a boy born in Rome on `dob`. */
export function boyBornInRome(dob: string, names: { firstName?: string; lastName?: string } = {}): Partial<ConfigureDraft> {
  return {
    buyFor: 'BUY_ON_BEHALF',
    firstName: names.firstName ?? 'Luca',
    lastName: names.lastName ?? 'Rossi',
    dob,
    gender: 'M',
    birthCountryCode: 'IT',
    birthProvinceCode: 'RM',
    birthCityCode: 'H501',
  };
}

export function configureRequest(
  fan: TestFan,
  productId: string,
  process: ConfigureProcess,
  draft: ConfigureDraft,
  more: Partial<Pick<ConfigureItemRequest, 'cartItemId' | 'documents' | 'submissionKey'>> = {},
): ConfigureItemRequest {
  return {
    owner: fan.owner,
    productId,
    process,
    cartItemId: more.cartItemId ?? null,
    submissionKey: more.submissionKey ?? null,
    draft,
    documents: more.documents ?? {},
    attempt: { ip: fan.ip },
  };
}

/** An uploaded scan whose bytes carry `marker` in plain text (to show the stored file does not). */
export function scan(fileName: string, marker: string): UploadedDocument {
  const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  const bytes = new Uint8Array([...pngSignature, ...Buffer.from(`${marker} `.repeat(20))]);
  return { bytes, type: 'png', mediaType: 'image/png', fileName };
}

/**
 * The database's document store under a key of its own, and what it holds of the documents put
 * through it (the table is shared by the file's tests; a rolled-back put leaves nothing there).
 */
export function testDocumentStore(database: Database): {
  store: DocumentStore;
  /** The ids put through `store` that the table still holds, sorted. */
  files(): Promise<string[]>;
  /** The stored (sealed) content of one. */
  rawFile(id: string): Promise<Buffer>;
} {
  const inner = createDatabaseDocumentStore({ db: database.db, key: randomBytes(32) });
  const putIds: string[] = [];
  const store: DocumentStore = {
    ...inner,
    async put(tx, bytes, meta) {
      const id = await inner.put(tx, bytes, meta);
      putIds.push(id);
      return id;
    },
  };
  return {
    store,
    async files() {
      if (putIds.length === 0) return [];
      const rows = await database.db.select({ id: documents.id }).from(documents).where(inArray(documents.id, putIds));
      return rows.map((row) => row.id).sort();
    },
    async rawFile(id) {
      const [row] = await database.db.select({ content: documents.content }).from(documents).where(eq(documents.id, id));
      if (!row) throw new Error(`no stored document ${id}`);
      return row.content;
    },
  };
}
