import { systemClock, type Clock } from '../../app/.server/clock';
import type { Database } from '../../app/.server/db/client';
import { readConfig } from '../../app/.server/env';
import { createLogger } from '../../app/.server/logger';
import { createServices, type ServiceDeps, type Services } from '../../app/.server/services';

export const TEST_PUBLIC_URL = 'https://shop.example';

/** What services are built from in a test: its database, a quiet logger, the clock it chooses. */
export function serviceDepsFor(database: Database, { clock = systemClock }: { clock?: Clock } = {}): ServiceDeps {
  return {
    db: database.db,
    catalogueChanges: database.catalogueChanges,
    config: readConfig({ LOG_LEVEL: 'silent', PUBLIC_URL: TEST_PUBLIC_URL }),
    clock,
    logger: createLogger('silent'),
  };
}

/** The shop's services on a test database, built as the running shop builds them. */
export function servicesFor(database: Database, options: { clock?: Clock } = {}): Services {
  return createServices(serviceDepsFor(database, options));
}
