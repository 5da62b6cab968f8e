import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../app/.server/db/availability';
import { seedProducts } from '../app/.server/db/seed/catalogue-products';
import { startShop, type Shop } from '../app/.server/shop';
import { createEmptyPostgresDatabase } from './support/database';
import { adminUrl } from './support/postgres';

/** Polls `check` until it holds; the deadline only bounds a hang, it times nothing. */
async function eventually(check: () => Promise<boolean> | boolean, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Names the step that hangs, instead of a bare hook timeout. */
async function withDeadline(step: Promise<unknown> | undefined, what: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`hung: ${what}`)), 25_000);
  });
  try {
    await Promise.race([step, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

async function asAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

// A restart, as the shop's connections see it: the server ends every session of the database.
const terminateBackends = (name: string) =>
  asAdmin((admin) =>
    admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]),
  );
const allowConnections = (name: string, allowed: boolean) =>
  asAdmin((admin) => admin.query(`alter database "${name}" allow_connections ${allowed}`));

describe.runIf(process.env.TEST_DATABASE_KIND === 'postgres')('a PostgreSQL outage', () => {
  let database: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
  let name: string;
  let shop: Shop;

  beforeAll(async () => {
    database = await createEmptyPostgresDatabase();
    name = new URL(database.url).pathname.slice(1);
    shop = await startShop({ LOG_LEVEL: 'silent', DATABASE_URL: database.url });
  });

  afterAll(async () => {
    await withDeadline(shop?.close(), 'closing the shop');
    await withDeadline(database?.drop(), 'dropping the database');
  });

  /** Catalogue reads in a loop, as pages would make them, until `stop`; collects what failed. */
  function load(concurrency: number) {
    let running = true;
    const failures: unknown[] = [];
    const workers = Array.from({ length: concurrency }, async () => {
      while (running) {
        await shop.services.catalogue.listProducts().catch((error: unknown) => failures.push(error));
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    });
    return {
      failures,
      stop: async () => {
        running = false;
        await Promise.all(workers);
      },
    };
  }

  it('keeps the process alive when every connection is terminated under load, and serves again at once', async () => {
    const reads = load(8);
    // A transaction that holds its connection between two queries when the server ends it.
    let resume: () => void = () => undefined;
    const paused = new Promise<void>((resolve) => (resume = resolve));
    const transaction = shop.services
      .transaction(async (services) => {
        await services.catalogue.listProducts();
        await paused;
        await services.catalogue.listProducts();
      })
      .then(
        () => 'committed',
        (error: unknown) => error,
      );
    await eventually(async () => (await terminateBackends(name)).rowCount! >= 2, 'connections to terminate');
    resume();
    expect(isDatabaseUnavailable(await transaction)).toBe(true);

    // The pool replaces the lost connections by itself: reads succeed again without a restart.
    await eventually(() => shop.availability.isAvailable(), 'the circuit closes again');
    const failuresSoFar = reads.failures.length;
    await eventually(() => reads.failures.length === failuresSoFar, 'reads stop failing');
    await reads.stop();
    expect(reads.failures.every(isDatabaseUnavailable)).toBe(true);
    expect(await shop.services.catalogue.listProducts()).toHaveLength(seedProducts.length);
  });

  it('stays unavailable while the database refuses connections and recovers when it accepts them', async () => {
    await allowConnections(name, false);
    await terminateBackends(name);
    const refused = await shop.services.catalogue.listProducts().then(
      () => 'served',
      (error: unknown) => error,
    );
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(shop.availability.report(refused)).toBe(true);
    expect(shop.availability.isAvailable()).toBe(false);

    await allowConnections(name, true);
    await eventually(() => shop.availability.isAvailable(), 'the probe finds the database back');
    expect(await shop.services.catalogue.listProducts()).toHaveLength(seedProducts.length);
  });
});
