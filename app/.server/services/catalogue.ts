import { and, eq } from 'drizzle-orm';
import type { CatalogueProduct, ProductDetail } from '../../domain/catalogue-types';
import { failure, success, type Result } from '../../domain/result';
import type { ServiceDeps } from '.';
import { products, productVariants } from '../db/schema';
import { createCatalogueSnapshotCache } from './catalogue-snapshot';
import { isLookupKey } from '../../domain/plain-text';
import type { NotifyMeService } from './notify-me';

/** A restock: one size (`variantId`) or, without it, every size of the product (if any). */
export type RestockInput = { productId: string; variantId: string | null; quantity: number };

export type RestockResult = Result<{ queuedMails: number }, 'unknown-product' | 'unknown-variant'>;

/**
 * The catalogue. Reads (`listProducts`, `getProductDetail`) come from an in-memory snapshot
 * (catalogue-snapshot.ts) checked against the database's `catalogue_version` on every read (on
 * PGlite: reloaded when the database announces a catalogue commit):
 * a write committed by anyone — this service, another instance, SQL by hand — is seen by the
 * next read that starts after its commit, so a sold-out product never shows as available
 * longer than the requests already running when it sold out.
 *
 * The snapshot is for showing the catalogue only. Whatever decides a sale (stock at order
 * time, cart and checkout) must read the rows inside its own transaction (`select … for
 * update` on the variants), never these objects. Returned objects are shared and frozen.
 */
export function createCatalogueService(
  { db, catalogueChanges }: Pick<ServiceDeps, 'db' | 'catalogueChanges'>,
  { notifyMe }: { notifyMe: NotifyMeService },
) {
  // Services bound to a transaction get their own cache, which dies with them: it may hold
  // the transaction's uncommitted writes, which no other request may see.
  const catalogueSnapshot = createCatalogueSnapshotCache(db, catalogueChanges);

  return {
    /** Every product with its membership code and promos. */
    async listProducts(): Promise<CatalogueProduct[]> {
      return [...(await catalogueSnapshot()).list];
    },

    /** One product with variants (sizes and stock), customisations and its alternative; null if unknown. */
    async getProductDetail(id: string): Promise<ProductDetail | null> {
      // An id from the URL that no product can have (a NUL byte) is never looked up.
      if (!isLookupKey(id)) return null;
      return (await catalogueSnapshot()).details.get(id) ?? null;
    },

    /** Several products at once, from one snapshot (the cart's lines); unknown ids are left out. */
    async getProductDetails(ids: readonly string[]): Promise<Map<string, ProductDetail>> {
      const { details } = await catalogueSnapshot();
      const found = new Map<string, ProductDetail>();
      for (const id of ids) {
        const detail = details.get(id);
        if (detail) found.set(id, detail);
      }
      return found;
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
