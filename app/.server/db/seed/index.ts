import { count } from 'drizzle-orm';
import type { ShopDb } from '../client';
import {
  customizations,
  membershipCodes,
  productVariants,
  products,
  promos,
  restrictedCountries,
  sizes,
} from '../schema';
import {
  seedCustomizations,
  seedMembershipCodes,
  seedProductVariants,
  seedProducts,
  seedPromos,
  seedRestrictedCountries,
  seedSizes,
} from './catalogue-data';

/**
 * Writes the catalogue of the spec. Idempotent: rows that exist are left as they are,
 * so a second run (or two instances starting together) changes nothing.
 */
export async function seedCatalogue(db: ShopDb): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(membershipCodes).values(seedMembershipCodes).onConflictDoNothing();
    await tx.insert(sizes).values(seedSizes).onConflictDoNothing();
    await tx.insert(restrictedCountries).values(seedRestrictedCountries).onConflictDoNothing();
    await tx.insert(products).values(seedProducts).onConflictDoNothing();
    await tx.insert(promos).values(seedPromos).onConflictDoNothing();
    await tx.insert(productVariants).values(seedProductVariants).onConflictDoNothing();
    await tx.insert(customizations).values(seedCustomizations).onConflictDoNothing();
  });
}

/** Seeds only a database that has no catalogue yet (first start). */
export async function seedIfEmpty(db: ShopDb): Promise<boolean> {
  const [row] = await db.select({ products: count() }).from(products);
  if ((row?.products ?? 0) > 0) return false;
  await seedCatalogue(db);
  return true;
}
