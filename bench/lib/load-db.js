// @ts-check
// The databases of `npm run bench:load`: a throwaway PostgreSQL database per run (made on the
// server of DATABASE_TEST_URL, as the integration tests and `npm run bench` make theirs, dropped
// afterwards), and what the reconciliation reads from a run's database — PostgreSQL while the
// shop runs, PGlite's data directory once the shop has stopped (one process at a time).
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';

export const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** The server's URL without credentials, for messages. @param {string} url */
export function describeUrl(url) {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
}

/**
 * A new, empty database on the server of `adminUrl`; the shop migrates and seeds it when it starts.
 * @param {string} adminUrl
 * @returns {Promise<{ url: string, name: string, drop: () => Promise<void> } | { skipped: string }>}
 */
export async function createPostgresDatabase(adminUrl) {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 });
  try {
    await admin.connect();
  } catch (error) {
    await admin.end().catch(() => undefined);
    return { skipped: `PostgreSQL unreachable at ${describeUrl(adminUrl)} (${error instanceof Error ? error.message : String(error)})` };
  }
  const name = `shop_load_${randomBytes(6).toString('hex')}`;
  await admin.query(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    url: url.toString(),
    name,
    async drop() {
      if (dropped) return;
      dropped = true;
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

/** @typedef {{ query(sql: string, params?: unknown[]): Promise<Record<string, any>[]>, close(): Promise<void> }} Reader */

/** @param {string} url @returns {Promise<Reader>} */
export async function openPostgres(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return { query: async (sql, params) => (await client.query(sql, params)).rows, close: () => client.end() };
}

/**
 * The shop's PGlite database under its DATA_DIR (`<dataDir>/db`), opened by this process: only
 * after the shop has stopped.
 * @param {string} dataDir
 * @returns {Promise<Reader>}
 */
export async function openPglite(dataDir) {
  const { PGlite } = await import('@electric-sql/pglite');
  const client = new PGlite(path.join(dataDir, 'db'));
  await client.waitReady;
  return { query: async (sql, params) => (await client.query(sql, params)).rows, close: () => client.close() };
}

/**
 * Every cart item and order in the database, with whose they are (the fan's e-mail) and, per
 * order, its items, the memberships it issued and its confirmation mails.
 * @param {Reader} reader
 * @returns {Promise<{ cartItems: import('./load-stats.js').FoundCartItem[], orders: import('./load-stats.js').FoundOrder[] }>}
 */
export async function readWhatFansMade(reader) {
  const cartItems = await reader.query(
    `select c.email, ci.id from cart_items ci join carts k on k.id = ci.cart_id join customers c on c.id = k.customer_id`,
  );
  const orders = await reader.query(
    `select c.email, o.id, o.status,
       (select count(*)::int from order_items oi where oi.order_id = o.id) as items,
       (select count(*)::int from memberships m join order_items oi on oi.id = m.order_item_id where oi.order_id = o.id) as memberships,
       (select count(*)::int from mail_outbox mo where mo.dedupe_key = 'order-confirmation:' || o.id) as "confirmationMails"
     from orders o join customers c on c.id = o.customer_id`,
  );
  return {
    cartItems: cartItems.map((row) => ({ email: String(row.email), id: String(row.id) })),
    orders: orders.map((row) => ({ email: String(row.email), id: String(row.id), status: String(row.status), items: Number(row.items), memberships: Number(row.memberships), confirmationMails: Number(row.confirmationMails) })),
  };
}
