import { asc, eq } from 'drizzle-orm';
import type { CatalogueProduct } from '../../domain/catalogue-types';
import type { ShopDb } from '../db/client';
import { membershipCodes, products, promos } from '../db/schema';

export function createCatalogueService(db: ShopDb) {
  async function loadPromos() {
    const rows = await db.select().from(promos).orderBy(asc(promos.startsAt));
    const byProduct = new Map<string, CatalogueProduct['promos']>();
    for (const promo of rows) {
      const list = byProduct.get(promo.productId) ?? [];
      list.push({ from: promo.startsAt, to: promo.endsAt, priceCents: promo.priceCents });
      byProduct.set(promo.productId, list);
    }
    return byProduct;
  }

  return {
    /** Every product with its membership code and promos (the catalogue is small: one query each). */
    async listProducts(): Promise<CatalogueProduct[]> {
      const [rows, promosByProduct] = await Promise.all([
        db
          .select({ product: products, membershipCode: membershipCodes })
          .from(products)
          .innerJoin(membershipCodes, eq(products.membershipCodeId, membershipCodes.id)),
        loadPromos(),
      ]);
      return rows.map(({ product, membershipCode }) => ({
        id: product.id,
        sku: product.sku,
        name: product.name,
        priceCents: product.priceCents,
        tags: product.tags,
        virtual: product.virtual,
        availability: product.availability,
        soldOut: product.soldOut,
        imageUrl: product.imageUrl,
        minHolderAge: product.minHolderAge,
        maxHolderAge: product.maxHolderAge,
        membershipCode: {
          id: membershipCode.id,
          code: membershipCode.code,
          priority: membershipCode.priority,
          section: membershipCode.section,
          season: membershipCode.season,
        },
        promos: promosByProduct.get(product.id) ?? [],
        cms: product.cms,
      }));
    },
  };
}
