import { and, asc, eq, inArray } from 'drizzle-orm';
import type { CatalogueProduct, Promo, ProductDetail } from '../../domain/catalogue-types';
import { failure, success, type Result } from '../../domain/result';
import type { ServiceDeps } from '.';
import { customizations, membershipCodes, products, productVariants, promos, sizes } from '../db/schema';
import { isLookupKey } from '../../domain/plain-text';
import type { NotifyMeService } from './notify-me';

type ProductRow = typeof products.$inferSelect;

/** A restock: one size (`variantId`) or, without it, every size of the product (if any). */
export type RestockInput = { productId: string; variantId: string | null; quantity: number };

export type RestockResult = Result<{ queuedMails: number }, 'unknown-product' | 'unknown-variant'>;
type MembershipCodeRow = typeof membershipCodes.$inferSelect;

function toCatalogueProduct(product: ProductRow, code: MembershipCodeRow, productPromos: Promo[]): CatalogueProduct {
  return {
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
    upgradeTo: product.upgradeTo,
    sizeType: product.sizeType,
    availableInCountries: product.availableInCountries,
    notAvailableInCountries: product.notAvailableInCountries,
    alternativeProductId: product.alternativeProductId,
    membershipCode: {
      id: code.id,
      code: code.code,
      priority: code.priority,
      section: code.section,
      season: code.season,
    },
    promos: productPromos,
    cms: product.cms,
  };
}

export function createCatalogueService({ db }: Pick<ServiceDeps, 'db'>, { notifyMe }: { notifyMe: NotifyMeService }) {
  async function promosByProduct(productIds?: string[]): Promise<Map<string, Promo[]>> {
    const rows = await db
      .select()
      .from(promos)
      .where(productIds ? inArray(promos.productId, productIds) : undefined)
      .orderBy(asc(promos.startsAt));
    const byProduct = new Map<string, Promo[]>();
    for (const promo of rows) {
      const list = byProduct.get(promo.productId) ?? [];
      list.push({ from: promo.startsAt, to: promo.endsAt, priceCents: promo.priceCents });
      byProduct.set(promo.productId, list);
    }
    return byProduct;
  }

  const withCode = () =>
    db
      .select({ product: products, membershipCode: membershipCodes })
      .from(products)
      .innerJoin(membershipCodes, eq(products.membershipCodeId, membershipCodes.id));

  return {
    /** Every product with its membership code and promos (the catalogue is small: two queries). */
    async listProducts(): Promise<CatalogueProduct[]> {
      const [rows, promoMap] = await Promise.all([withCode(), promosByProduct()]);
      return rows.map(({ product, membershipCode }) =>
        toCatalogueProduct(product, membershipCode, promoMap.get(product.id) ?? []),
      );
    },

    /** One product with variants (sizes and stock), customisations and its alternative; null if unknown. */
    async getProductDetail(id: string): Promise<ProductDetail | null> {
      // An id from the URL that no product can have (a NUL byte) never reaches the database.
      if (!isLookupKey(id)) return null;
      const [row] = await withCode().where(eq(products.id, id));
      if (!row) return null;
      const { product, membershipCode } = row;
      const [promoMap, variantRows, customizationRows, alternative] = await Promise.all([
        promosByProduct([id]),
        db
          .select({ variant: productVariants, size: sizes })
          .from(productVariants)
          .innerJoin(
            sizes,
            and(eq(sizes.value, productVariants.variantSize), eq(sizes.sizeType, product.sizeType ?? 'unique_size')),
          )
          .where(eq(productVariants.productId, id))
          .orderBy(asc(productVariants.variantSize)),
        db.select().from(customizations).where(eq(customizations.productId, id)).orderBy(asc(customizations.id)),
        product.alternativeProductId
          ? db
              .select({ id: products.id, name: products.name })
              .from(products)
              .where(eq(products.id, product.alternativeProductId))
          : Promise.resolve([]),
      ]);
      return {
        ...toCatalogueProduct(product, membershipCode, promoMap.get(id) ?? []),
        variants: variantRows.map(({ variant, size }) => ({
          id: variant.id,
          sku: variant.sku,
          variantSize: variant.variantSize,
          stockQty: variant.stockQty,
          label: size.label,
          itLabel: size.itLabel,
          ukLabel: size.ukLabel,
        })),
        customizations: customizationRows.map(({ id: customizationId, ruleLabel, type, minLength, maxLength }) => ({
          id: customizationId,
          ruleLabel,
          type,
          minLength,
          maxLength,
        })),
        alternativeProduct: alternative[0] ?? null,
      };
    },

    /**
     * Sets the stock and puts the product on sale again (clears `soldOut`, availability
     * `available`), then queues the mail of the fans waiting for it. The release runs after
     * the stock commit; if it fails, the shop's periodic sweep queues the mail later.
     */
    async restock(input: RestockInput): Promise<RestockResult> {
      const outcome = await db.transaction(async (tx) => {
        const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.id, input.productId));
        if (!product) return 'unknown-product' as const;
        const updated = await tx
          .update(productVariants)
          .set({ stockQty: input.quantity })
          .where(
            and(
              eq(productVariants.productId, input.productId),
              input.variantId ? eq(productVariants.id, input.variantId) : undefined,
            ),
          )
          .returning({ id: productVariants.id });
        if (input.variantId && updated.length === 0) return 'unknown-variant' as const;
        await tx.update(products).set({ soldOut: false, availability: 'available' }).where(eq(products.id, input.productId));
        return 'restocked' as const;
      });
      if (outcome !== 'restocked') return failure(outcome);
      const queuedMails = await notifyMe.releasePending();
      return success({ queuedMails });
    },

    /** Marks a product sold out (support testing of notify-me); sizes keep their stock. */
    async markSoldOut(productId: string): Promise<Result<void, 'unknown-product'>> {
      const updated = await db.update(products).set({ soldOut: true }).where(eq(products.id, productId)).returning({ id: products.id });
      return updated.length > 0 ? success(undefined) : failure('unknown-product');
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
