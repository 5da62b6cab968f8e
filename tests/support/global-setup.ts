import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, wrapPglite } from '../../app/.server/db/client';
import { seedCatalogue } from '../../app/.server/db/seed';
import { seedTestCoupons } from '../../app/.server/db/seed/coupons';
import { seedTestVouchers } from '../../app/.server/db/seed/vouchers';
import { adminUrl, postgresTestUrl, TEMPLATE_PREFIX } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of a dump of a migrated, seeded database. */
    pgliteTemplateFile: string;
    /** PostgreSQL: name of a migrated, seeded template database. */
    postgresTemplate: string;
  }
}

/**
 * Migrates and seeds one template database per run; each test file then gets its own copy
 * in a fraction of the time a fresh migration takes.
 */
export default async function setup(project: TestProject) {
  // Project env reaches the test workers only, so read it from the project's config here.
  const kind = project.config.env?.TEST_DATABASE_KIND;
  if (kind === 'postgres') return preparePostgres(project);
  return preparePglite(project);
}

async function preparePglite(project: TestProject) {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'shop-pglite-template-'));
  const client = new PGlite();
  const database = wrapPglite(client);
  await database.migrate();
  await seedCatalogue(database.db);
  await seedTestCoupons(database.db);
  await seedTestVouchers(database.db);
  const dump = await client.dumpDataDir('none');
  const file = path.join(directory, 'template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplateFile', file);
  project.provide('postgresTemplate', '');
  return () => rm(directory, { recursive: true, force: true });
}

async function preparePostgres(project: TestProject) {
  const template = `${TEMPLATE_PREFIX}${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL integration tests need a server at ${adminUrl()} (set DATABASE_TEST_URL): ${String(error)}`,
    );
  }
  await admin.query(`drop database if exists "${template}"`);
  await admin.query(`create database "${template}"`);
  const database = openDatabase({ kind: 'postgres', url: postgresTestUrl(template) });
  await database.migrate();
  await seedCatalogue(database.db);
  await seedTestCoupons(database.db);
  await seedTestVouchers(database.db);
  await database.close();
  // A template must have no connections when it is copied.
  await admin.query(`alter database "${template}" with allow_connections false`);
  project.provide('postgresTemplate', template);
  project.provide('pgliteTemplateFile', '');
  return async () => {
    await admin.query(`drop database if exists "${template}"`);
    await admin.end();
  };
}
