import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { RequestHandler } from 'express';
import type { DatabaseAvailability } from '../db/availability';
import { MIGRATIONS_FOLDER, type Database } from '../db/client';
import type { Logger } from '../logger';

/** How many migrations this build carries (drizzle's journal beside the SQL files). */
function migrationsInBuild(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

/**
 * The probes. `/healthz`: the process answers (liveness; no database, so an outage never gets
 * instances restarted) — and 503 while draining, as before issue 33, for load balancers that
 * only know /healthz. `/readyz`: this instance should get traffic — not draining, the database
 * answers and holds every migration this build carries (a restored older backup does not);
 * 503 with the reason otherwise. Asking also opens or closes the outage circuit.
 */
export function probeHandlers(input: {
  database: Pick<Database, 'db' | 'kind'>;
  availability: Pick<DatabaseAvailability, 'check' | 'isAvailable'>;
  logger: Pick<Logger, 'warn' | 'error'>;
  isDraining: () => boolean;
}): { healthz: RequestHandler; readyz: RequestHandler } {
  const { database, availability, logger, isDraining } = input;
  const expectedMigrations = migrationsInBuild();
  return {
    healthz(_req, res) {
      if (isDraining()) res.status(503).json({ status: 'shutting-down' });
      else res.json({ status: 'ok' });
    },
    async readyz(_req, res) {
      if (isDraining()) {
        res.status(503).json({ status: 'not-ready', reason: 'shutting-down' });
        return;
      }
      try {
        await availability.check();
      } catch (error) {
        if (!availability.isAvailable()) logger.warn('readiness: database unreachable');
        else logger.error({ err: error }, 'readiness check failed');
        res.status(503).json({ status: 'not-ready', reason: 'database-unavailable' });
        return;
      }
      try {
        const { rows } = (await database.db.execute(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`)) as { rows: { applied: number }[] };
        const applied = rows[0]?.applied ?? 0;
        if (applied < expectedMigrations) {
          res.status(503).json({ status: 'not-ready', reason: 'migrations-pending', applied, expected: expectedMigrations });
          return;
        }
      } catch (error) {
        logger.error({ err: error }, 'readiness: the migrations table could not be read');
        res.status(503).json({ status: 'not-ready', reason: 'migrations-unknown' });
        return;
      }
      res.json({ status: 'ready', database: database.kind });
    },
  };
}
