// The order's snapshot (issue 13): what an order keeps of the fan, their billing address and the
// cart's lines, written once at placement and never read back from the profile or the catalogue.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { billingAddressOf, type BuyerSnapshot } from '../../domain/billing';
import type { ProductDetail } from '../../domain/catalogue-types';
import { itemSeason } from '../../domain/membership-follow-up';
import type { HolderDraft } from '../../domain/holder-draft';
import type { ShopDb } from '../db/client';
import { addresses, cartItemDocuments, orderItemDocuments, orderItems } from '../db/schema';
import type { CartLine } from './cart-view-contract';
import { isUuid, type Customer } from './cart-items';

/** The fan's own data as the order keeps it (read-only at checkout: the profile is the source). */
export function buyerOf(customer: Customer): BuyerSnapshot {
  return {
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    phone: customer.phone,
    taxCode: customer.taxCode,
    birthCountryCode: customer.birthCountryCode,
    birthCountryName: customer.birthCountryName,
    birthProvince: customer.birthProvince,
    birthProvinceCode: customer.birthProvinceCode,
    birthCity: customer.birthCity,
  };
}

/** The holder of an item bought for oneself: the fan's profile as it is now. */
export function profileHolder(customer: Customer): HolderDraft {
  return {
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    phone: customer.phone ?? '',
    dob: customer.dob ?? '',
    gender: customer.gender ?? '',
    birthCountryCode: customer.birthCountryCode ?? '',
    birthProvinceCode: customer.birthProvinceCode ?? '',
    birthCityCode: customer.birthCityCode ?? '',
    taxCode: customer.taxCode ?? '',
  };
}

function holderOf(line: CartLine, customer: Customer): HolderDraft | null {
  if (line.buyFor === 'BUY_CARD') return profileHolder(customer);
  return line.buyFor === 'BUY_ON_BEHALF' ? line.holder : null;
}

/** The billing address as the order keeps it; null when none is needed, 'not-found' when not the fan's. */
export async function billingAddress(tx: ShopDb, customerId: string, addressId: string | null) {
  if (addressId === null) return null;
  if (!isUuid(addressId)) return 'not-found' as const;
  const [saved] = await tx
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.customerId, customerId)))
    .limit(1);
  if (!saved) return 'not-found' as const;
  const { firstName, lastName, phone, street, number, extraInfo, countryCode, provinceCode, state, region, city, cityCode, postalCode } =
    saved;
  return billingAddressOf(saved.id, {
    firstName,
    lastName,
    phone,
    street,
    number,
    extraInfo,
    countryCode,
    provinceCode,
    state,
    region,
    city,
    cityCode,
    postalCode,
  });
}

export async function writeOrderItems(
  tx: ShopDb,
  orderId: string,
  lines: readonly CartLine[],
  products: ReadonlyMap<string, ProductDetail>,
  customer: Customer,
): Promise<void> {
  if (lines.length === 0) return;
  const rows = lines.map((line, position) => {
    const product = products.get(line.productId);
    if (!product) throw new Error(`order: product ${line.productId} left the catalogue during checkout`);
    const variant = line.variantId === null ? null : product.variants.find((candidate) => candidate.id === line.variantId);
    return {
      orderId,
      position,
      productId: product.id,
      sku: product.sku,
      name: product.name,
      tags: product.tags,
      kind: line.product.kind,
      membershipCode: line.product.kind === 'membership' ? product.membershipCode.code : null,
      season: line.product.kind === 'membership' ? itemSeason(line.process, product.membershipCode.season, line.previousMembership?.season ?? null) : null,
      process: line.process,
      previousMembershipId: line.previousMembership?.id ?? null,
      buyFor: line.buyFor,
      holder: holderOf(line, customer),
      couponCode: line.couponCode,
      automaticRenewal: line.automaticRenewal,
      variantId: line.variantId,
      variantSize: variant?.variantSize ?? null,
      customization: line.customization,
      documentType: line.documentType,
      gift: line.gift,
      unitPriceCents: line.priceNowCents,
      creditCents: line.creditCents,
      shippingAddress: line.shipping?.address ?? null,
      withdrawalWaivedAt: line.waivedAt,
    };
  });
  const written = await tx.insert(orderItems).values(rows).returning({ id: orderItems.id, position: orderItems.position });
  const cartItemIdByOrderItem = new Map(written.map((row) => [row.id, lines[row.position]?.id]));
  const cartItemIds = lines.map((line) => line.id);
  const documents = await tx
    .select()
    .from(cartItemDocuments)
    .where(inArray(cartItemDocuments.cartItemId, cartItemIds))
    .orderBy(asc(cartItemDocuments.side));
  const moved = written.flatMap((row) =>
    documents
      .filter((document) => document.cartItemId === cartItemIdByOrderItem.get(row.id))
      .map(({ side, storageId, fileType, fileName, sizeBytes }) => ({
        orderItemId: row.id,
        side,
        storageId,
        fileType,
        fileName,
        sizeBytes,
      })),
  );
  if (moved.length > 0) await tx.insert(orderItemDocuments).values(moved);
}
