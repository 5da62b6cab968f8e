import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '../app/.server/db/schema';
import { seedProducts } from '../app/.server/db/seed/catalogue-products';
import { startShop } from '../app/.server/shop';
import { createEmptyPostgresDatabase } from './support/database';

const quiet = { LOG_LEVEL: 'silent' };

describe.runIf(process.env.TEST_DATABASE_KIND === 'postgres')('starting on PostgreSQL', () => {
  it('migrates and seeds an empty database once, even when two instances start together', async () => {
    const database = await createEmptyPostgresDatabase();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-together-'));
    try {
      const env = { ...quiet, DATABASE_URL: database.url, DATA_DIR: dataDir };
      const shops = await Promise.all([startShop(env), startShop(env)]);
      for (const shop of shops) {
        expect(await shop.services.catalogue.listProducts()).toHaveLength(seedProducts.length);
      }
      // One stored offline secret, so either instance reads the other's sessions.
      expect(shops[0]?.config.sessionSecret).toBe(shops[1]?.config.sessionSecret);
      await Promise.all(shops.map((shop) => shop.close()));
    } finally {
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_KIND === 'pglite')('starting on embedded PGlite', () => {
  it('keeps the data across a restart and does not seed a second time', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-restart-'));
    try {
      const env = { ...quiet, DATA_DIR: dataDir };
      const first = await startShop(env);
      await first.database.db.update(products).set({ soldOut: true }).where(eq(products.id, 'kids'));
      await first.close();

      const second = await startShop(env);
      const kids = (await second.services.catalogue.listProducts()).find((product) => product.id === 'kids');
      expect(kids?.soldOut).toBe(true);
      await second.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
