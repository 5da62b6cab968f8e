// The product as the cart service judges a configuration: read from the rows (not the
// catalogue's display snapshot, see catalogue.ts) each time an item is configured.
import { asc, eq } from 'drizzle-orm';
import { productKindOf } from '../../domain/cart-rules';
import type { Promo } from '../../domain/catalogue-types';
import type { ConfigureCheckContext } from '../../domain/configure';
import { isLookupKey } from '../../domain/plain-text';
import type { ShopDb } from '../db/client';
import { customizations, membershipCodes, productVariants, products, promos } from '../db/schema';

export type ConfigureProduct = ConfigureCheckContext['product'] & {
  id: string;
  promos: Promo[];
  /** The membership kind (code and season) the cart rules compare; null for other products. */
  membership: { code: string; season: string } | null;
};

/** The product with its sizes (and stock), its customisation bounds and promos; null if unknown. */
export async function loadConfigureProduct(db: ShopDb, productId: string): Promise<ConfigureProduct | null> {
  if (!isLookupKey(productId)) return null;
  const [row] = await db
    .select({ product: products, code: membershipCodes.code, season: membershipCodes.season })
    .from(products)
    .innerJoin(membershipCodes, eq(membershipCodes.id, products.membershipCodeId))
    .where(eq(products.id, productId));
  if (!row) return null;
  // One after the other: `db` may be a transaction (one connection).
  const variants = await db
    .select({ id: productVariants.id, stockQty: productVariants.stockQty })
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.variantSize));
  // The form has one customisation field: the product's first rule (the seed has at most one).
  const [customization] = await db
    .select({ minLength: customizations.minLength, maxLength: customizations.maxLength })
    .from(customizations)
    .where(eq(customizations.productId, productId))
    .orderBy(asc(customizations.id))
    .limit(1);
  const promoRows = await db.select().from(promos).where(eq(promos.productId, productId));
  const { product } = row;
  const kind = productKindOf(product.tags);
  return {
    id: product.id,
    kind,
    tags: product.tags,
    priceCents: product.priceCents,
    availability: product.availability,
    soldOut: product.soldOut,
    minHolderAge: product.minHolderAge,
    maxHolderAge: product.maxHolderAge,
    variants,
    customization: customization ?? null,
    promos: promoRows.map((promo) => ({ from: promo.startsAt, to: promo.endsAt, priceCents: promo.priceCents })),
    membership: kind === 'membership' ? { code: row.code, season: row.season } : null,
  };
}
