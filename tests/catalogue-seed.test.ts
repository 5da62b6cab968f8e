import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../app/.server/db/client';
import { products, productVariants, restrictedCountries, sizes } from '../app/.server/db/schema';
import { seedCatalogue, seedIfEmpty } from '../app/.server/db/seed';
import { createTestDatabase } from './support/database';
import { servicesFor } from './support/services';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

async function rowCounts() {
  const tables = { products, productVariants, sizes, restrictedCountries };
  const entries = await Promise.all(
    Object.entries(tables).map(async ([name, table]) => {
      const [row] = await database.db.select({ rows: count() }).from(table);
      return [name, row?.rows] as const;
    }),
  );
  return Object.fromEntries(entries);
}

describe('catalogue seed', () => {
  it('holds the seven products of the spec and the academy', async () => {
    const list = await servicesFor(database).catalogue.listProducts();
    expect(list.map((product) => product.id).sort()).toEqual(
      ['academy_2526_main', 'black-and-white', 'j1897', 'jcard', 'junior', 'kids', 'stadium', 'young'].sort(),
    );
  });

  it('has the size catalogue (unique size and 36…64) and the 26 restricted countries', async () => {
    const counts = await rowCounts();
    expect(counts.sizes).toBe(1 + 8);
    expect(counts.restrictedCountries).toBe(26);
  });

  it('is idempotent: seeding again changes nothing', async () => {
    const before = await rowCounts();
    await seedCatalogue(database.db);
    expect(await rowCounts()).toEqual(before);
  });

  it('seeds only an empty database', async () => {
    expect(await seedIfEmpty(database.db)).toBe(false);
  });

  it('gives each product its membership code, one priced by coupon only and one with variants', async () => {
    const list = await servicesFor(database).catalogue.listProducts();
    expect(list.every((product) => product.membershipCode.season === '2025/26')).toBe(true);
    expect(list.filter((product) => product.priceCents === null).map((product) => product.id)).toEqual(['stadium']);
    expect(list.find((product) => product.id === 'black-and-white')?.promos).toHaveLength(1);
    const [variants] = await database.db.select({ rows: count() }).from(productVariants);
    expect(variants?.rows).toBe(8);
  });
});
