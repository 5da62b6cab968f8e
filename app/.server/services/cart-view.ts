// The cart as its page shows it (issue 12): every item priced now, where it ships, whether it
// needs the withdrawal waiver, the voucher checked again, the totals and what blocks checkout.
// Products come from the catalogue's snapshot (showing, not selling: see catalogue.ts); the
// cart's own rows, the address book (when an item ships) and voucher from the database, in a
// handful of queries.
import { asc, eq, sql } from 'drizzle-orm';
import { productKindOf } from '../../domain/cart-rules';
import { cartTotals, checkoutBlockers, itemPriceNow, itemSoldOut } from '../../domain/cart-summary';
import type { ProductDetail } from '../../domain/catalogue-types';
import { needsShipping, shippingCostCents, shippingRestriction, type Destination, type PostalAddress } from '../../domain/shipping';
import { checkVoucher } from '../../domain/voucher';
import { followUpRefusal, isFollowUpProcess, upgradePriceCents, type FollowUpRefusal } from '../../domain/membership-follow-up';
import { needsWithdrawalWaiver } from '../../domain/withdrawal';
import type { ShopDb } from '../db/client';
import { preparedPerHandle } from '../db/prepared';
import { cartItemDocuments, cartItems, carts } from '../db/schema';
import { readAddressBook, type SavedAddress } from './addresses';
import type { CartItemView } from './cart-contract';
import { toViews, type CartItemRow, type Customer } from './cart-items';
import type { CartLine, CartPageView, CartVoucher, ItemShipping } from './cart-view-contract';
import type { CatalogueService } from './catalogue';
import { loadFollowedMemberships, type FollowedMembershipRow } from './followed-memberships';
import { findVoucher } from './vouchers';

export const EMPTY_CART: CartPageView = {
  lines: [],
  voucher: null,
  totals: { subtotalCents: 0, voucherDiscountCents: 0, shippingCents: 0, totalCents: 0 },
  blockers: checkoutBlockers([]),
  addressBook: null,
};

/** The fields of a saved address that say where a parcel goes. */
function postalAddressOf(saved: SavedAddress): PostalAddress {
  const { firstName, lastName, phone, street, number, extraInfo, countryCode, provinceCode, state, region, city, cityCode, postalCode } = saved;
  return { firstName, lastName, phone, street, number, extraInfo, countryCode, provinceCode, state, region, city, cityCode, postalCode };
}

function shippingOf(row: CartItemRow, saved: ReadonlyMap<string, SavedAddress>): ItemShipping | null {
  const address = row.shippingAddressId === null ? undefined : saved.get(row.shippingAddressId);
  if (address) return { kind: 'saved', addressId: address.id, address: postalAddressOf(address) };
  if (row.temporaryAddress) return { kind: 'temporary', address: row.temporaryAddress };
  return null;
}

/** Why a follow-up item can no longer be bought; its membership gone (never: items go with it) counts as not the fan's. */
function followUpRefusalOf(row: CartItemRow, product: ProductDetail, followed: ReadonlyMap<string, FollowedMembershipRow>, customerId: string): FollowUpRefusal | null {
  if (row.previousMembershipId === null || !isFollowUpProcess(row.process)) return null;
  const membership = followed.get(row.previousMembershipId);
  if (!membership) return 'not-manager';
  return followUpRefusal({ process: row.process, productId: product.id, productKindCode: product.membershipCode.code }, membership, customerId);
}

type LineContext = { saved: ReadonlyMap<string, SavedAddress>; followed: ReadonlyMap<string, FollowedMembershipRow>; customerId: string; now: Date };

function lineOf(row: CartItemRow, view: CartItemView, product: ProductDetail, { saved, followed, customerId, now }: LineContext): CartLine {
  const variant = row.variantId === null ? null : product.variants.find((candidate) => candidate.id === row.variantId);
  const shipsHome = needsShipping({ virtual: product.virtual, process: row.process });
  const shipping = shipsHome ? shippingOf(row, saved) : null;
  return {
    ...view,
    product: {
      id: product.id,
      name: product.name,
      imageUrl: product.imageUrl,
      kind: productKindOf(product.tags),
      tag: product.tags[0] ?? 'other',
      virtual: product.virtual,
      availableInCountries: product.availableInCountries,
      notAvailableInCountries: product.notAvailableInCountries,
      alternativeProduct: product.alternativeProduct,
    },
    size: variant ? { label: variant.label, itLabel: variant.itLabel, ukLabel: variant.ukLabel } : null,
    // A coupon-only product without a coupon never gets into a cart (configure refuses it); an
    // upgrade costs the target's price less its credit.
    priceNowCents: upgradePriceCents(itemPriceNow(product, row.couponCode, now) ?? row.unitPriceCents, row.creditCents),
    soldOut: itemSoldOut(product, variant === null ? null : variant?.stockQty),
    followUpRefusal: followUpRefusalOf(row, product, followed, customerId),
    needsShipping: shipsHome,
    shipping,
    shippingRestriction: shipping ? shippingRestriction(product, shipping.address.countryCode) : null,
    needsWaiver: needsWithdrawalWaiver({ kind: productKindOf(product.tags), process: row.process }),
    waivedAt: row.withdrawalWaivedAt,
  };
}

/** One parcel per saved address, one per temporary address (keyed by its item). */
function destinationsOf(lines: readonly CartLine[]): Destination[] {
  return lines.flatMap((line): Destination[] => {
    if (!line.shipping) return [];
    const key = line.shipping.kind === 'saved' ? `address:${line.shipping.addressId}` : `item:${line.id}`;
    return [{ key, countryCode: line.shipping.address.countryCode }];
  });
}

/** Where the cart's products come from: the catalogue service, or a map read from it before a transaction. */
export type CartProducts = Pick<CatalogueService, 'getProductDetails'>;

/** The cart, its items and which of them have documents, in one query (an empty cart: one row, no item). */
const cartRows = preparedPerHandle((db) =>
  db
    .select({
      voucherCode: carts.voucherCode,
      item: cartItems,
      hasDocuments: sql<boolean>`exists (select 1 from ${cartItemDocuments} where ${cartItemDocuments.cartItemId} = ${cartItems.id})`,
    })
    .from(carts)
    .leftJoin(cartItems, eq(cartItems.cartId, carts.id))
    .where(eq(carts.customerId, sql.placeholder('customerId')))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id))
    .prepare('shop_cart_rows'),
);

/**
 * The customer's cart as the page shows it at `now`. `lock` (placement's transaction): the
 * memberships its upgrades and renewals follow stay locked until the order is written.
 */
export async function loadCartView(db: ShopDb, catalogue: CartProducts, customer: Customer, now: Date, { lock = false }: { lock?: boolean } = {}): Promise<CartPageView> {
  const found = await cartRows(db).execute({ customerId: customer.id });
  const cart = found[0];
  if (!cart) return EMPTY_CART;
  const rows = found.flatMap((row) => (row.item ? [row.item] : []));
  const followedIds = rows.flatMap((row) => (row.previousMembershipId === null ? [] : [row.previousMembershipId]));
  const followed = await loadFollowedMemberships(db, followedIds, { lock });
  const views = await toViews(db, rows, {
    withDocuments: found.flatMap((row) => (row.item && row.hasDocuments ? [row.item.id] : [])),
    previous: new Map([...followed].map(([id, { membership }]) => [id, { code: membership.code, season: membership.season }])),
  });
  const products = await catalogue.getProductDetails([...new Set(rows.map((row) => row.productId))]);
  // The whole address book, once: it says where the items go, and the page offers it to switch.
  const ships = rows.some((row) => {
    const product = products.get(row.productId);
    return product !== undefined && needsShipping({ virtual: product.virtual, process: row.process });
  });
  const addressBook = ships ? await readAddressBook(db, customer.id) : null;
  const saved = new Map((addressBook ?? []).map((address) => [address.id, address]));
  const context: LineContext = { saved, followed, customerId: customer.id, now };

  const lines = rows.flatMap((row, index) => {
    const product = products.get(row.productId);
    const view = views[index];
    // Items go with their product (cascade): a product missing here was deleted a moment ago.
    return product && view ? [lineOf(row, view, product, context)] : [];
  });
  const subtotalCents = lines.reduce((sum, line) => sum + line.priceNowCents, 0);
  const record = cart.voucherCode === null ? null : await findVoucher(db, cart.voucherCode);
  let voucher: CartVoucher | null = null;
  if (record) {
    const checked = checkVoucher(record, now, subtotalCents);
    voucher = { code: record.code, discount: record.discount, refusal: checked.ok ? null : checked.reason };
  }
  const totals = cartTotals(
    lines.map((line) => line.priceNowCents),
    voucher && voucher.refusal === null ? voucher.discount : null,
    shippingCostCents(destinationsOf(lines)),
  );
  const blockers = checkoutBlockers(
    lines.map((line) => ({
      needsShipping: line.needsShipping,
      hasShipping: line.shipping !== null,
      shippingAllowed: line.shippingRestriction === null,
      soldOut: line.soldOut,
      followUpRefused: line.followUpRefusal !== null,
    })),
  );
  return { lines, voucher, totals, blockers, addressBook };
}
