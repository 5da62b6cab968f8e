// Reading a fan's cart: the owner check, the items as the pages show them, and the facts the
// cart rules compare. Every query is scoped to the owner's cart.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { productKindOf, type CartItemFacts, type HolderIdentity } from '../../domain/cart-rules';
import { itemSeason } from '../../domain/membership-follow-up';
import type { ShopDb } from '../db/client';
import { cartItemDocuments, cartItems, carts, customers, membershipCodes, memberships, products } from '../db/schema';
import type { CartItemDocument, CartItemView, CartOwner } from './cart-contract';

export type Customer = typeof customers.$inferSelect;
export type CartItemRow = typeof cartItems.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * The signed-in fan's customer row: the id must belong to the OIDC subject (else null). A row
 * the caller read this request (the session's) is checked in memory: one query less per call.
 */
export async function findOwner(db: ShopDb, owner: CartOwner): Promise<Customer | null> {
  if (!isUuid(owner.customerId)) return null;
  const known = owner.customer;
  if (known) return known.id === owner.customerId && known.oidcSubject === owner.subject ? known : null;
  const [customer] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, owner.customerId), eq(customers.oidcSubject, owner.subject)))
    .limit(1);
  return customer ?? null;
}

/** One item of the customer's cart, or null (not a uuid, no such item, or someone else's). */
export async function findOwnedItemRow(db: ShopDb, customerId: string, itemId: string): Promise<CartItemRow | null> {
  if (!isUuid(itemId)) return null;
  const [row] = await db
    .select({ item: cartItems })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(and(eq(cartItems.id, itemId), eq(carts.customerId, customerId)))
    .limit(1);
  return row?.item ?? null;
}

/** The customer's items, oldest first (ties by id, so the order is stable). */
export async function loadItemRows(db: ShopDb, customerId: string, itemId?: string): Promise<CartItemRow[]> {
  const rows = await db
    .select({ item: cartItems })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(and(eq(carts.customerId, customerId), itemId === undefined ? undefined : eq(cartItems.id, itemId)))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  return rows.map((row) => row.item);
}

const SIDE_ORDER = { FRONT: 0, BACK: 1 } as const;

type FollowedCode = { code: string; season: string | null };

/** What a caller may already know of the items, so that toViews need not read it again. */
export type KnownOfItems = {
  /** The items that have documents (none are read for the others); unknown: all are looked up. */
  withDocuments?: readonly string[];
  /** The memberships the follow-ups follow, by id; unknown: read here. */
  previous?: ReadonlyMap<string, FollowedCode>;
};

async function readFollowedCodes(db: ShopDb, rows: readonly CartItemRow[]): Promise<Map<string, FollowedCode>> {
  const ids = rows.flatMap((row) => (row.previousMembershipId === null ? [] : [row.previousMembershipId]));
  if (ids.length === 0) return new Map();
  const found = await db.select({ id: memberships.id, code: memberships.code, season: memberships.season }).from(memberships).where(inArray(memberships.id, ids));
  return new Map(found.map(({ id, code, season }) => [id, { code, season }]));
}

/** The items as views, with what the fan may see of their documents. */
export async function toViews(db: ShopDb, rows: readonly CartItemRow[], known: KnownOfItems = {}): Promise<CartItemView[]> {
  if (rows.length === 0) return [];
  const documentIds = known.withDocuments ?? rows.map((row) => row.id);
  const documents = documentIds.length === 0 ? [] : await db.select().from(cartItemDocuments).where(inArray(cartItemDocuments.cartItemId, [...documentIds]));
  // The items go with their membership (cascade): each one is found.
  const followed = known.previous ?? (await readFollowedCodes(db, rows));
  return rows.map((row) => ({
    id: row.id,
    productId: row.productId,
    process: row.process,
    previousMembership: row.previousMembershipId === null ? null : { id: row.previousMembershipId, code: '', season: null, ...followed.get(row.previousMembershipId) },
    creditCents: row.creditCents,
    buyFor: row.buyFor,
    holder: row.holder,
    couponCode: row.couponCode,
    automaticRenewal: row.automaticRenewal,
    variantId: row.variantId,
    customization: row.customization,
    documentType: row.documentType,
    documents: documents
      .filter((document) => document.cartItemId === row.id)
      .sort((a, b) => SIDE_ORDER[a.side] - SIDE_ORDER[b.side])
      .map((document): CartItemDocument => ({
        side: document.side,
        fileName: document.fileName,
        fileType: document.fileType,
        size: document.sizeBytes,
      })),
    gift: row.gift,
    unitPriceCents: row.unitPriceCents,
    createdAt: row.createdAt,
  }));
}

/** The fan's own identity: the holder of everything they buy for themselves. */
export function profileIdentity(customer: Customer): HolderIdentity {
  return { taxCode: customer.taxCode ?? '', firstName: customer.firstName, lastName: customer.lastName, dob: customer.dob ?? '' };
}

/** Who holds an item for the cart rules: the fan (for myself), the typed holder, or nobody yet (a gift). */
export function holderIdentityOf(
  item: { buyFor: CartItemRow['buyFor']; holder: CartItemRow['holder'] },
  customer: Customer,
): HolderIdentity | null {
  if (item.buyFor === 'BUY_CARD') return profileIdentity(customer);
  if (item.buyFor === 'BUY_ON_BEHALF' && item.holder) {
    const { taxCode, firstName, lastName, dob } = item.holder;
    return { taxCode, firstName, lastName, dob };
  }
  return null;
}

/** The cart's items as the cart rules see them (inside the configure transaction). */
export async function loadCartFacts(db: ShopDb, cartId: string, customer: Customer): Promise<CartItemFacts[]> {
  const rows = await db
    .select({
      item: cartItems,
      tags: products.tags,
      code: membershipCodes.code,
      season: membershipCodes.season,
      previousSeason: memberships.season,
      hasFront: sql<boolean>`exists (select 1 from ${cartItemDocuments} where ${cartItemDocuments.cartItemId} = ${cartItems.id} and ${cartItemDocuments.side} = 'FRONT')`,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(membershipCodes, eq(membershipCodes.id, products.membershipCodeId))
    .leftJoin(memberships, eq(memberships.id, cartItems.previousMembershipId))
    .where(eq(cartItems.cartId, cartId));
  return rows.map(({ item, tags, code, season, previousSeason, hasFront }) => {
    const productKind = productKindOf(tags);
    return {
      itemId: item.id,
      productId: item.productId,
      productKind,
      // A renewal is for the season after its membership's: the same kind this season is another membership.
      membership: productKind === 'membership' ? { code, season: itemSeason(item.process, season, previousSeason) } : null,
      holder: holderIdentityOf(item, customer),
      buyFor: item.buyFor,
      hasDocuments: hasFront,
    };
  });
}
