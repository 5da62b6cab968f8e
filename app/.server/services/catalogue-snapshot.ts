import { asc, eq, sql } from 'drizzle-orm';
import type { CatalogueProduct, ProductDetail, Promo } from '../../domain/catalogue-types';
import type { CatalogueChanges, ShopDb } from '../db/client';
import {
  customizations,
  membershipCodes,
  products,
  productVariants,
  promos,
  sizes,
} from '../db/schema';

/** Everything the catalogue pages read, as they read it: the list in query order and each product's detail. */
export type CatalogueSnapshot = {
  readonly list: readonly CatalogueProduct[];
  readonly details: ReadonlyMap<string, ProductDetail>;
};

type ProductRow = typeof products.$inferSelect;
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

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/** Shared by every request: frozen so that no caller can change what the next one reads. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !(value instanceof Date) && !Object.isFrozen(value)) {
    for (const inner of value instanceof Map ? value.values() : Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/**
 * The catalogue's version now (bumped by a trigger on every write to its tables, migration 0005).
 * Plain SQL rather than the query builder: this runs on every catalogue page, and drizzle's
 * builder costs more CPU than the query itself on PGlite (measured ~0.3 ms of ~0.5).
 */
export async function readCatalogueVersion(db: ShopDb): Promise<number> {
  // As text: node-postgres returns a bigint as a string, PGlite as a number. Both drivers
  // answer with `{ rows }`; ShopDb's type (either driver) leaves the result unknown.
  const { rows } = (await db.execute(sql`select version::text as version from catalogue_version where id = 1`)) as {
    rows: { version: string }[];
  };
  return Number(rows[0]?.version ?? 0);
}

/** Reads the whole catalogue (a handful of products: four queries) into a snapshot. */
export async function loadCatalogueSnapshot(db: ShopDb): Promise<CatalogueSnapshot> {
  // One after the other: `db` may be a transaction, whose single connection must not be given
  // concurrent queries (node-postgres deprecates it). Loads are rare (only when the version moves).
  // No order: the list keeps the order the database returns, as the pages always had it.
  const rows = await db
    .select({ product: products, membershipCode: membershipCodes })
    .from(products)
    .innerJoin(membershipCodes, eq(products.membershipCodeId, membershipCodes.id));
  const promoRows = await db.select().from(promos).orderBy(asc(promos.startsAt));
  const variantRows = await db
    .select({ productId: productVariants.productId, variant: productVariants, size: sizes })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(
      sizes,
      sql`${sizes.value} = ${productVariants.variantSize} and ${sizes.sizeType} = coalesce(${products.sizeType}, 'unique_size')`,
    )
    .orderBy(asc(productVariants.variantSize));
  const customizationRows = await db.select().from(customizations).orderBy(asc(customizations.id));
  const promosOf = groupBy(promoRows, (promo) => promo.productId);
  const variantsOf = groupBy(variantRows, (row) => row.productId);
  const customizationsOf = groupBy(customizationRows, (row) => row.productId);
  const names = new Map(rows.map(({ product }) => [product.id, product.name]));

  const productPromos = (id: string): Promo[] =>
    (promosOf.get(id) ?? []).map((promo) => ({ from: promo.startsAt, to: promo.endsAt, priceCents: promo.priceCents }));
  const list = rows.map(({ product, membershipCode }) => toCatalogueProduct(product, membershipCode, productPromos(product.id)));
  const details = new Map<string, ProductDetail>(
    rows.map(({ product, membershipCode }) => {
      const alternativeName = product.alternativeProductId ? names.get(product.alternativeProductId) : undefined;
      const detail: ProductDetail = {
        ...toCatalogueProduct(product, membershipCode, productPromos(product.id)),
        variants: (variantsOf.get(product.id) ?? []).map(({ variant, size }) => ({
          id: variant.id,
          sku: variant.sku,
          variantSize: variant.variantSize,
          stockQty: variant.stockQty,
          label: size.label,
          itLabel: size.itLabel,
          ukLabel: size.ukLabel,
        })),
        customizations: (customizationsOf.get(product.id) ?? []).map(
          ({ id: customizationId, ruleLabel, type, minLength, maxLength }) => ({
            id: customizationId,
            ruleLabel,
            type,
            minLength,
            maxLength,
          }),
        ),
        alternativeProduct:
          product.alternativeProductId && alternativeName
            ? { id: product.alternativeProductId, name: alternativeName }
            : null,
      };
      return [product.id, detail];
    }),
  );
  return deepFreeze({ list, details });
}

/**
 * The snapshot of one service instance: checked against the database's catalogue version on
 * every read, or, where the database announces catalogue commits (`changes`, PGlite only),
 * reloaded after each announcement — then reads cost no query at all.
 */
export function createCatalogueSnapshotCache(db: ShopDb, changes?: CatalogueChanges): () => Promise<CatalogueSnapshot> {
  return changes ? notifiedSnapshot(db, changes) : versionCheckedSnapshot(db);
}

/**
 * Each read first asks the database for the catalogue version (one primary-key row) and
 * reloads only when it moved; concurrent reads of the same version share one load. The version
 * is read before the tables, so a snapshot is never labelled newer than its data: a write
 * racing a load at worst causes one more load.
 *
 * Reads that arrive while a version check is on its way share it (on PostgreSQL, under load,
 * most catalogue pages then wait for no query of their own). A read thus sees every write
 * committed before it started, except one committed during the shared check's own round trip:
 * the moment a sold-out product may still show as available.
 */
function versionCheckedSnapshot(db: ShopDb) {
  let current: { version: number; snapshot: CatalogueSnapshot } | null = null;
  let loading: { version: number; promise: Promise<CatalogueSnapshot> } | null = null;
  let versionCheck: Promise<number> | null = null;

  const currentVersion = () => {
    if (!versionCheck) {
      const check = readCatalogueVersion(db);
      versionCheck = check;
      // Settled checks are never reused, failed ones included: the next read asks again.
      void check.finally(() => {
        if (versionCheck === check) versionCheck = null;
      }).catch(() => undefined);
    }
    return versionCheck;
  };

  return async function catalogueSnapshot(): Promise<CatalogueSnapshot> {
    const version = await currentVersion();
    if (current?.version === version) return current.snapshot;
    if (loading?.version === version) return loading.promise;
    const promise = loadCatalogueSnapshot(db).then((snapshot) => {
      if (!current || current.version < version) current = { version, snapshot };
      return snapshot;
    });
    const attempt = { version, promise };
    loading = attempt;
    // A failed load is not kept: the next read tries again.
    void promise.finally(() => {
      if (loading === attempt) loading = null;
    }).catch(() => undefined);
    return promise;
  };
}

/**
 * The snapshot is trusted until the database announces a catalogue commit (migration 0006).
 * The announcement arrives with the committing statement's answer, before its writer goes on,
 * so a read that starts after a write committed sees it. Listening starts before the first
 * load; an announcement during a load marks that load stale, so the next read loads again.
 */
function notifiedSnapshot(db: ShopDb, changes: CatalogueChanges) {
  let listening: Promise<unknown> | null = null;
  let generation = 0;
  let current: { generation: number; snapshot: CatalogueSnapshot } | null = null;
  let loading: { generation: number; promise: Promise<CatalogueSnapshot> } | null = null;

  return async function catalogueSnapshot(): Promise<CatalogueSnapshot> {
    listening ??= changes
      .listen(() => {
        generation++;
      })
      .catch((error: unknown) => {
        listening = null;
        throw error;
      });
    await listening;
    if (current?.generation === generation) return current.snapshot;
    if (loading?.generation === generation) return loading.promise;
    const loadedFor = generation;
    const promise = loadCatalogueSnapshot(db).then((snapshot) => {
      if (!current || current.generation < loadedFor) current = { generation: loadedFor, snapshot };
      return snapshot;
    });
    const attempt = { generation: loadedFor, promise };
    loading = attempt;
    void promise.finally(() => {
      if (loading === attempt) loading = null;
    }).catch(() => undefined);
    return promise;
  };
}
