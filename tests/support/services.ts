import { randomBytes } from 'node:crypto';
import { systemClock, type Clock } from '../../app/.server/clock';
import type { Database } from '../../app/.server/db/client';
import { readConfig } from '../../app/.server/env';
import { createLogger } from '../../app/.server/logger';
import { createServices, type ServiceDeps, type Services } from '../../app/.server/services';
import type { FulfilmentContext } from '../../app/.server/services/order-fulfilment';
import { createReloadDocsLinks } from '../../app/.server/services/reload-docs-link';
import type { DocumentStore } from '../../app/.server/uploads/document-store';
import { createDatabaseDocumentStore } from '../../app/.server/uploads/database-document-store';

export const TEST_PUBLIC_URL = 'https://shop.example';

/** The uploads key of tests that do not choose a document store: random, one per worker. */
const defaultDocumentsKey = randomBytes(32);

/** The configuration of test services: the offline defaults, quiet, at TEST_PUBLIC_URL. */
const testConfig = () => readConfig({ LOG_LEVEL: 'silent', PUBLIC_URL: TEST_PUBLIC_URL });

export type TestServiceOptions = { clock?: Clock; documents?: DocumentStore };

/** What services are built from in a test: its database, a quiet logger, the clock and document store it chooses. */
export function serviceDepsFor(
  database: Database,
  { clock = systemClock, documents = createDatabaseDocumentStore({ db: database.db, key: defaultDocumentsKey }) }: TestServiceOptions = {},
): ServiceDeps {
  return {
    db: database.db,
    catalogueChanges: database.catalogueChanges,
    config: testConfig(),
    clock,
    logger: createLogger('silent'),
    documents,
  };
}

/** The shop's services on a test database, built as the running shop builds them. */
export function servicesFor(database: Database, options: TestServiceOptions = {}): Services {
  return createServices(serviceDepsFor(database, options));
}

/**
 * What fulfilment is handed when a test pays an order directly (`payAndFulfil`), as the payment
 * settlement hands it: the test services' public URL and reload-docs links (same session secret).
 */
export function testFulfilment(now: Date): FulfilmentContext {
  const config = testConfig();
  return { now, publicUrl: TEST_PUBLIC_URL, reloadDocs: createReloadDocsLinks({ sessionSecret: config.sessionSecret, publicUrl: config.publicUrl }) };
}
