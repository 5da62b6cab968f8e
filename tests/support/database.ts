import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, wrapPglite, type Database } from '../../app/.server/db/client';
import { adminUrl, postgresTestUrl, TEST_DATABASE_PREFIX } from './postgres';

/**
 * A migrated, seeded database of its own for the calling test file, on the engine of the
 * running project. Close it in afterAll; PostgreSQL copies are dropped on close.
 */
export async function createTestDatabase(): Promise<Database> {
  if (process.env.TEST_DATABASE_KIND === 'postgres') return copyPostgresTemplate(inject('postgresTemplate'));
  const dump = await readFile(inject('pgliteTemplateFile'));
  return wrapPglite(new PGlite({ loadDataDir: new Blob([dump]) }));
}

async function copyPostgresTemplate(template: string): Promise<Database> {
  const name = `${TEST_DATABASE_PREFIX}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template "${template}"`);
  } finally {
    await admin.end();
  }
  const database = openDatabase({ kind: 'postgres', url: postgresTestUrl(name) });
  return {
    ...database,
    async close() {
      await database.close();
      const cleaner = new pg.Client({ connectionString: adminUrl() });
      await cleaner.connect();
      await cleaner.query(`drop database if exists "${name}"`);
      await cleaner.end();
    },
  };
}

/** PostgreSQL only: an empty database (no migrations), dropped by the returned function. */
export async function createEmptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${TEST_DATABASE_PREFIX}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  return {
    url: postgresTestUrl(name),
    async drop() {
      const cleaner = new pg.Client({ connectionString: adminUrl() });
      await cleaner.connect();
      await cleaner.query(`drop database if exists "${name}" with (force)`);
      await cleaner.end();
    },
  };
}
