// The e2e `cluster` project's shop: two instances of the built shop on one fresh PostgreSQL
// database behind nginx running deploy/nginx.conf, as deploy/README.md describes a deployment.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { startNginx } from '../../bench/lib/nginx.js';
import { freePort, startShopProcess, type ShopProcess } from './shop-process';

/** The server the integration tests use (trust auth on 127.0.0.1:5432), or DATABASE_TEST_URL's. */
const ADMIN_URL = process.env.DATABASE_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export type Cluster = {
  /** nginx's address: the shop's PUBLIC_URL, and every test's baseURL. */
  url: string;
  /** Each instance's `host:port`, as nginx names it in `X-Upstream` and its access log. */
  instances: { a: string; b: string };
  accessLog: () => Promise<string>;
  /**
   * A database outage for both instances: their sessions ended, new ones refused, as a
   * PostgreSQL restart or failover looks to them. Only this cluster's own database: the server
   * is the machine's, shared with other tests, and stays up.
   */
  cutDatabase: () => Promise<void>;
  restoreDatabase: () => Promise<void>;
  stop: () => Promise<void>;
};

type ClusterDatabase = { url: string; cut: () => Promise<void>; restore: () => Promise<void>; drop: () => Promise<void> };

async function createDatabase(): Promise<ClusterDatabase> {
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 5_000 });
  await admin.connect().catch((error: unknown) => {
    throw new Error(`the cluster project needs PostgreSQL at ${ADMIN_URL} (set DATABASE_TEST_URL): ${String(error)}`);
  });
  const name = `shop_cluster_${randomBytes(6).toString('hex')}`;
  await admin.query(`create database "${name}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    cut: async () => {
      await admin.query(`alter database "${name}" allow_connections false`);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
    },
    restore: async () => {
      await admin.query(`alter database "${name}" allow_connections true`);
    },
    drop: async () => {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

export async function startCluster(): Promise<Cluster> {
  const cleanups: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  };
  try {
    const database = await createDatabase();
    cleanups.push(database.drop);
    const proxyPort = await freePort();
    const url = `http://127.0.0.1:${proxyPort}`;
    // One deployment's settings, shared by both instances: the database, the secrets, the address
    // fans use (nginx's) and nginx as the only trusted proxy.
    const env = {
      DATABASE_URL: database.url,
      PUBLIC_URL: url,
      TRUST_PROXY: 'loopback',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      UPLOADS_KEY: randomBytes(32).toString('hex'),
    };
    const shops: ShopProcess[] = [];
    // One after the other: the first migrates and seeds the new database.
    for (const name of ['cluster-a', 'cluster-b']) {
      const shop = await startShopProcess(name, env);
      cleanups.push(shop.stop);
      shops.push(shop);
    }
    const instances = shops.map((shop) => new URL(shop.baseUrl).host);
    const nginx = await startNginx({ port: proxyPort, instances, clientDir: path.resolve('build/client') });
    cleanups.push(nginx.stop);
    return {
      url,
      instances: { a: instances[0]!, b: instances[1]! },
      accessLog: nginx.accessLog,
      cutDatabase: database.cut,
      restoreDatabase: database.restore,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
