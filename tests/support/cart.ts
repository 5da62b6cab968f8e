// Fixtures of the cart tests: fans with a complete profile (inserted, not signed up), configure
// drafts and requests, identity-document uploads, and a document store in a directory of the
// test's own whose files can be counted.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ConfigureDraft, ConfigureProcess } from '../../app/domain/configure';
import { CONFIGURE_FIELDS } from '../../app/domain/configure';
import type { UploadedDocument } from '../../app/.server/http/multipart';
import type { Services } from '../../app/.server/services';
import type { CartOwner, ConfigureItemRequest } from '../../app/.server/services/cart-contract';
import type { ProfileUpdate } from '../../app/.server/services/customers';
import type { DocumentStore } from '../../app/.server/uploads/document-store';
import { createFileDocumentStore } from '../../app/.server/uploads/file-document-store';

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

/** A file document store in a fresh directory, and what is in it. */
export async function testDocumentStore(): Promise<{
  store: DocumentStore;
  directory: string;
  /** Stored files (finished ones: drafts being written start with a dot). */
  files(): Promise<string[]>;
  rawFile(id: string): Promise<Buffer>;
  remove(): Promise<void>;
}> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'shop-cart-uploads-'));
  const store = createFileDocumentStore({ directory, key: randomBytes(32) });
  return {
    store,
    directory,
    files: async () => (await readdir(directory)).filter((name) => !name.startsWith('.')).sort(),
    rawFile: (id) => readFile(path.join(directory, id)),
    remove: () => rm(directory, { recursive: true, force: true }),
  };
}
