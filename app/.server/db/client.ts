import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Config } from '../env';
import { withPreparedStatements } from './pglite-statements';
import * as schema from './schema';

export type ShopDb = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * Tells when a write to the catalogue commits (the `catalogue_version` notification, migration
 * 0006). Only where one process owns the database (PGlite): there every write goes through
 * this process, so nothing is missed. With PostgreSQL instances ask for the version instead.
 */
export type CatalogueChanges = { listen(onChange: () => void): Promise<() => Promise<void>> };

export type Database = {
  readonly kind: 'pglite' | 'postgres';
  readonly db: ShopDb;
  readonly catalogueChanges?: CatalogueChanges;
  /** Applies the committed SQL migrations; safe to call from many instances at once. */
  migrate(): Promise<void>;
  /** Throws unless the database answers. */
  ping(): Promise<void>;
  /** PostgreSQL: the pool's connections now (/metrics); PGlite has one connection and no pool. */
  poolUse?(): { total: number; idle: number; waiting: number; max: number };
  close(): Promise<void>;
};

/** Resolved from the working directory so the built server finds the committed SQL files too. */
export const MIGRATIONS_FOLDER = path.resolve('app/.server/db/migrations');

/** Connections per instance (PostgreSQL): N instances hold up to N × this of the server's max_connections. */
const POOL_SIZE = 10;

/** Any number works as long as every instance of the shop uses the same one. */
const MIGRATION_LOCK_ID = 7_189_701;

export type OpenOptions = {
  /**
   * A connection broke outside a query (PostgreSQL restarted or terminated it). The pool
   * replaces it by itself; this only hears of it.
   */
  onConnectionLost?: (error: Error) => void;
};

export function openDatabase(target: Config['database'], options: OpenOptions = {}): Database {
  return target.kind === 'postgres' ? openPostgres(target.url, options) : openPglite(target.dataDir);
}

function openPostgres(url: string, { onConnectionLost = () => undefined }: OpenOptions): Database {
  // A connect that gets no answer (a server gone without a reset) fails after 5 s instead of
  // hanging on the operating system's timeout; the page answers 503 meanwhile.
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE, connectionTimeoutMillis: 5_000 });
  // Without these listeners node-postgres re-emits such an error as an unhandled 'error' event,
  // which ends the process: the pool for idle connections, the client for checked-out ones
  // (a transaction waiting between two queries).
  pool.on('error', (error) => onConnectionLost(error));
  pool.on('connect', (client) => client.on('error', (error) => onConnectionLost(error)));
  const db = drizzlePostgres(pool, { schema });
  return {
    kind: 'postgres',
    db,
    async migrate() {
      // A session-level advisory lock keeps concurrent instances from migrating twice.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePostgres(drizzlePostgres(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
        client.release();
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: POOL_SIZE }),
    close: () => pool.end(),
  };
}

function openPglite(dataDir: string): Database {
  mkdirSync(dataDir, { recursive: true });
  return wrapPglite(new PGlite(dataDir));
}

/** Wraps an open PGlite (a data directory, memory, or a loaded dump in tests). */
export function wrapPglite(client: PGlite): Database {
  // drizzle's PGlite driver calls only `query` and `transaction`, which the wrapper keeps as
  // PGlite's own (same locks, parsers and errors), with parameterised statements prepared once.
  const db = drizzlePglite(withPreparedStatements(client) as PGlite, { schema });
  return {
    kind: 'pglite',
    db,
    catalogueChanges: { listen: (onChange) => client.listen('catalogue_version', () => onChange()) },
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    async ping() {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}
