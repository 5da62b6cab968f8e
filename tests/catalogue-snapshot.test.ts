import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../app/.server/db/client';
import { catalogueVersion } from '../app/.server/db/schema';
import { createTestDatabase } from './support/database';
import { servicesFor } from './support/services';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

/** The SQL text of every query the database client runs until `stop` (PGlite and node-postgres alike). */
function recordQueries() {
  // drizzle keeps the PGlite instance or the pg.Pool in `$client` (ShopDb's type does not say
  // so): both run drizzle's queries through `query`.
  const { $client: client } = database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } };
  const spy = vi.spyOn(client, 'query');
  let texts: string[] = [];
  return {
    texts: () => texts,
    stop() {
      texts = spy.mock.calls.map(([query]) => (typeof query === 'string' ? query : (query as { text: string }).text));
      spy.mockRestore();
    },
  };
}

const CATALOGUE_TABLE = /"(products|promos|product_variants|customizations|sizes|membership_codes)"/;

const listed = async (services: ReturnType<typeof servicesFor>, id: string) =>
  (await services.catalogue.listProducts()).find((product) => product.id === id);

describe('catalogue snapshot: reuse', () => {
  it('reads the catalogue once; later reads only ask for its version, or nothing where commits are announced', async () => {
    const { catalogue } = servicesFor(database);
    const first = await catalogue.listProducts();
    const queries = recordQueries();
    try {
      expect(await catalogue.listProducts()).toEqual(first);
      expect((await catalogue.getProductDetail('jcard'))?.variants).toHaveLength(8);
      expect(await catalogue.getProductDetail('nope')).toBeNull();
    } finally {
      queries.stop();
    }
    // PGlite announces catalogue commits (one process owns it); PostgreSQL instances ask.
    expect(queries.texts()).toHaveLength(database.catalogueChanges ? 0 : 3);
    for (const text of queries.texts()) {
      expect(text).toMatch(/from catalogue_version/);
      expect(text).not.toMatch(CATALOGUE_TABLE);
    }
  });

  it('loads once for reads that arrive together', async () => {
    const { catalogue } = servicesFor(database);
    const queries = recordQueries();
    try {
      await Promise.all([catalogue.listProducts(), catalogue.listProducts(), catalogue.getProductDetail('kids')]);
    } finally {
      queries.stop();
    }
    expect(queries.texts().filter((text) => /from "products"/.test(text))).toHaveLength(1);
  });

  it('reads that arrive together share one version check; a later read asks again', async ({ skip }) => {
    if (database.catalogueChanges) skip('the database announces catalogue commits: reads ask nothing');
    const { catalogue } = servicesFor(database);
    await catalogue.listProducts();
    const queries = recordQueries();
    try {
      await Promise.all([catalogue.listProducts(), catalogue.listProducts(), catalogue.getProductDetail('kids')]);
      await catalogue.listProducts();
    } finally {
      queries.stop();
    }
    expect(queries.texts()).toHaveLength(2);
    for (const text of queries.texts()) expect(text).toMatch(/from catalogue_version/);
  });

  it('hands out frozen objects, so no caller can change what the next request reads', async () => {
    const { catalogue } = servicesFor(database);
    const [product] = await catalogue.listProducts();
    expect(() => Object.assign(product!, { soldOut: !product!.soldOut })).toThrow(TypeError);
    const detail = await catalogue.getProductDetail('jcard');
    expect(() => detail!.variants.push(detail!.variants[0]!)).toThrow(TypeError);
    expect((await catalogue.getProductDetail('jcard'))?.variants).toHaveLength(8);
  });
});

describe('catalogue snapshot: writes are seen by the next read', () => {
  it('markSoldOut and restock through the service', async () => {
    const services = servicesFor(database);
    const { catalogue } = services;
    expect((await listed(services, 'stadium'))?.soldOut).toBe(false);
    expect((await catalogue.markSoldOut('stadium')).ok).toBe(true);
    expect((await listed(services, 'stadium'))?.soldOut).toBe(true);
    expect((await catalogue.getProductDetail('stadium'))?.soldOut).toBe(true);

    expect((await catalogue.restock({ productId: 'stadium', variantId: null, quantity: 5 })).ok).toBe(true);
    expect((await catalogue.getProductDetail('stadium'))?.soldOut).toBe(false);
  });

  it('two service instances (two shop processes) see each other’s writes', async () => {
    const one = servicesFor(database);
    const other = servicesFor(database);
    expect((await other.catalogue.getProductDetail('jcard'))?.variants.find((v) => v.id === 'jcard-64')?.stockQty).toBe(0);
    expect((await one.catalogue.getProductDetail('jcard'))?.variants.find((v) => v.id === 'jcard-64')?.stockQty).toBe(0);

    await one.catalogue.restock({ productId: 'jcard', variantId: 'jcard-64', quantity: 7 });
    expect((await other.catalogue.getProductDetail('jcard'))?.variants.find((v) => v.id === 'jcard-64')?.stockQty).toBe(7);

    await other.catalogue.markSoldOut('jcard');
    expect((await listed(one, 'jcard'))?.soldOut).toBe(true);
  });

  // Writes a back office (or anything but the shop) makes in SQL, each with what it changes on the pages.
  const directWrites = [
    {
      table: 'products',
      write: sql`update products set sold_out = true where id = 'junior'`,
      seen: async (services: ReturnType<typeof servicesFor>) => (await listed(services, 'junior'))?.soldOut === true,
    },
    {
      table: 'promos',
      write: sql`insert into promos (id, product_id, starts_at, ends_at, price_cents)
                 values ('kids-sale', 'kids', '2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z', 100)`,
      seen: async (services: ReturnType<typeof servicesFor>) =>
        (await listed(services, 'kids'))?.promos.some((promo) => promo.priceCents === 100) === true,
    },
    {
      table: 'product_variants',
      write: sql`update product_variants set stock_qty = 0 where id = 'jcard-36'`,
      seen: async (services: ReturnType<typeof servicesFor>) =>
        (await services.catalogue.getProductDetail('jcard'))?.variants.find((v) => v.id === 'jcard-36')?.stockQty === 0,
    },
    {
      table: 'customizations',
      write: sql`update customizations set max_length = 12 where id = 'jcard-name'`,
      seen: async (services: ReturnType<typeof servicesFor>) =>
        (await services.catalogue.getProductDetail('jcard'))?.customizations[0]?.maxLength === 12,
    },
    {
      table: 'sizes',
      write: sql`update sizes set uk_label = 'XS-uk' where size_type = 'upper_body' and value = 36`,
      seen: async (services: ReturnType<typeof servicesFor>) =>
        (await services.catalogue.getProductDetail('jcard'))?.variants[0]?.ukLabel === 'XS-uk',
    },
    {
      table: 'membership_codes',
      write: sql`update membership_codes set season = '2099-00'`,
      seen: async (services: ReturnType<typeof servicesFor>) => (await listed(services, 'kids'))?.membershipCode.season === '2099-00',
    },
  ];

  it.each(directWrites)('a write made straight in SQL to $table', async ({ write, seen }) => {
    const services = servicesFor(database);
    expect(await seen(services)).toBe(false);
    await database.db.execute(write);
    expect(await seen(services)).toBe(true);
  });

  // Issue 32: checkout's guarded decrement (`stock_qty >= 1`) changes nothing for a buyer who came
  // too late; bumping the version then made every such buyer wait for the version row's lock.
  it('an update of sizes that changes no row leaves the version alone; one that changes a row bumps it', async () => {
    const versionIn = async (db: Database['db']) => (await db.select({ version: catalogueVersion.version }).from(catalogueVersion))[0]?.version;
    const rolledBack = new Error('roll back');
    await expect(
      database.db.transaction(async (tx) => {
        const before = await versionIn(tx);
        await tx.execute(sql`update product_variants set stock_qty = stock_qty - 1 where id = 'jcard-52' and stock_qty >= 1000000`);
        // Inside the transaction its own bump would show.
        expect(await versionIn(tx)).toBe(before);
        await tx.execute(sql`update product_variants set stock_qty = stock_qty + 1 where id = 'jcard-52'`);
        expect(await versionIn(tx)).toBe(Number(before) + 1);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
  });

  it('a rolled-back write is never seen, not even by the instance that made it', async () => {
    const services = servicesFor(database);
    expect((await listed(services, 'black-and-white'))?.soldOut).toBe(false);
    const rolledBack = new Error('roll back');
    await expect(
      services.transaction(async (inTransaction) => {
        await inTransaction.catalogue.markSoldOut('black-and-white');
        // Inside the transaction its own write shows.
        expect((await listed(inTransaction, 'black-and-white'))?.soldOut).toBe(true);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect((await listed(services, 'black-and-white'))?.soldOut).toBe(false);
    expect((await listed(servicesFor(database), 'black-and-white'))?.soldOut).toBe(false);
  });
});
