/** Where the PostgreSQL integration suite creates its throwaway databases (trust auth on CI). */
const DEFAULT_SERVER_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export const TEMPLATE_PREFIX = 'shop_test_template_';
export const TEST_DATABASE_PREFIX = 'shop_test_';

/** A connection to the server's maintenance database, for create/drop database. */
export function adminUrl(): string {
  return process.env.DATABASE_TEST_URL ?? DEFAULT_SERVER_URL;
}

/** The same server, another database. */
export function postgresTestUrl(database: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${database}`;
  return url.toString();
}
