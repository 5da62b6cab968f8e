/**
 * The cart's sums and whether it may go to checkout (spec §2 "Cart page", §4 "Cart rules";
 * issue 12): prices of the moment, voucher, shipping, total, and what still blocks checkout.
 */
import type { CatalogueProduct } from './catalogue-types';
import { isSoldOut } from './availability';
import { displayPrice, type DisplayPrice } from './promo';
import { voucherDiscountCents, type VoucherDiscount } from './voucher';

/** What an item with a coupon costs (docs/forms.md: a coupon "makes the price 0"). */
const PRICE_WITH_COUPON_CENTS = 0;

/**
 * What an item costs now: nothing with a coupon, else the catalogue's price of the moment
 * (promo included). Null: a coupon-only product without a coupon, which cannot be bought.
 */
export function itemPriceNow(product: Pick<CatalogueProduct, 'priceCents' | 'promos'>, couponCode: string | null, now: Date): number | null {
  if (couponCode !== null) return PRICE_WITH_COUPON_CENTS;
  const price = displayPrice(product, now);
  return price.kind === 'coupon-only' ? null : price.priceCents;
}

/**
 * The price a configure form shows: what the item goes into the cart at. With a coupon (the
 * coupon process always has one; an edited item may keep its own) that is nothing, shown with the
 * price of the moment it replaces (null for a coupon-only product); else the price of the moment.
 */
export type ConfigurePrice = DisplayPrice | { kind: 'with-coupon'; priceCents: number; listPriceCents: number | null };

export function configurePrice(product: Pick<CatalogueProduct, 'priceCents' | 'promos'>, withCoupon: boolean, now: Date): ConfigurePrice {
  const price = displayPrice(product, now);
  if (!withCoupon) return price;
  return { kind: 'with-coupon', priceCents: PRICE_WITH_COUPON_CENTS, listPriceCents: price.kind === 'coupon-only' ? null : price.priceCents };
}

/**
 * Whether an item can no longer be had: its product sold out, or its size (`variantStock`, the
 * stock of the chosen size; undefined when the size is no longer in the catalogue) ran out.
 * Null: the item has no size.
 */
export function itemSoldOut(product: Pick<CatalogueProduct, 'availability' | 'soldOut'>, variantStock: number | null | undefined): boolean {
  if (isSoldOut(product)) return true;
  return variantStock !== null && (variantStock === undefined || variantStock <= 0);
}

export type CartTotals = {
  /** The items' prices of the moment, added up (spec: "the sum of row totals"). */
  subtotalCents: number;
  voucherDiscountCents: number;
  shippingCents: number;
  totalCents: number;
};

/** Subtotal of the items, less the voucher (items only), plus shipping. */
export function cartTotals(itemPricesCents: readonly number[], voucher: VoucherDiscount | null, shippingCents: number): CartTotals {
  const subtotalCents = itemPricesCents.reduce((sum, cents) => sum + cents, 0);
  const discount = voucher ? voucherDiscountCents(voucher, subtotalCents) : 0;
  return { subtotalCents, voucherDiscountCents: discount, shippingCents, totalCents: subtotalCents - discount + shippingCents };
}

/** What one item contributes to the checkout decision. */
export type CheckoutLine = {
  needsShipping: boolean;
  /** A saved or temporary address is chosen. */
  hasShipping: boolean;
  /** The chosen address is one the product may be shipped to (false also when none is chosen). */
  shippingAllowed: boolean;
  /** The product, or its chosen size, sold out since it was added. */
  soldOut: boolean;
  /** An upgrade or renewal whose membership can no longer be upgraded or renewed (issue 15). */
  followUpRefused: boolean;
};

/**
 * Why the cart cannot go to checkout yet, in the order the fan should act on them:
 * - `empty`: nothing to buy;
 * - `soldOut`: an item can no longer be had (remove it or choose another size);
 * - `addressesMissing`: an item that ships has no address (spec: CART.ITEM.COMPLETE_ADDRESSES);
 * - `addressNotAllowed`: an item's address is one it cannot be shipped to (any more).
 * The withdrawal waiver is the fan's choice, never a blocker (issue 30; domain/withdrawal.ts).
 */
export type CheckoutBlocker = 'empty' | 'soldOut' | 'followUpRefused' | 'addressesMissing' | 'addressNotAllowed';

export function checkoutBlockers(lines: readonly CheckoutLine[]): CheckoutBlocker[] {
  if (lines.length === 0) return ['empty'];
  const blockers: CheckoutBlocker[] = [];
  if (lines.some((line) => line.soldOut)) blockers.push('soldOut');
  if (lines.some((line) => line.followUpRefused)) blockers.push('followUpRefused');
  const shipped = lines.filter((line) => line.needsShipping);
  if (shipped.some((line) => !line.hasShipping)) blockers.push('addressesMissing');
  if (shipped.some((line) => line.hasShipping && !line.shippingAllowed)) blockers.push('addressNotAllowed');
  return blockers;
}

/** Whether the cart may go on to checkout: nothing blocks it. */
export function canCheckout(blockers: readonly CheckoutBlocker[]): boolean {
  return blockers.length === 0;
}

/**
 * Whether only addresses are missing (issue 30): the fan can give them on the cart page itself,
 * so checkout stays a link, and a missing address is a hint until the fan tries to go on.
 */
export function onlyAddressesMissing(blockers: readonly CheckoutBlocker[]): boolean {
  return blockers.length > 0 && blockers.every((blocker) => blocker === 'addressesMissing');
}

/** The cart page, and checkout, which refuses a cart that is not ready (issue 12). */
export const CART_PATH = '/cart';
export const CHECKOUT_PATH = '/checkout';

/** Where /checkout sends a cart it refuses: the cart, saying the fan tried (what is missing is then an error). */
export const CHECKOUT_REFUSED_PARAM = 'checkout';
export const CART_AFTER_REFUSAL_PATH = `${CART_PATH}?${CHECKOUT_REFUSED_PARAM}=refused`;

/** Whether the cart page was reached by a refused checkout. */
export function isAfterCheckoutRefusal(search: URLSearchParams): boolean {
  return search.get(CHECKOUT_REFUSED_PARAM) === 'refused';
}
