import { describe, expect, it } from 'vitest';
import { cartTotals, checkoutBlockers, configurePrice, isAfterCheckoutRefusal, itemPriceNow, itemSoldOut, onlyAddressesMissing, type CheckoutLine } from './cart-summary';

const promo = { from: new Date('2026-11-20T23:00:00Z'), to: new Date('2026-12-28T23:00:00Z'), priceCents: 4990 };
const product = { priceCents: 5990, promos: [promo] };

describe('itemPriceNow', () => {
  it('is the promo price inside its window, the list price outside it, and nothing with a coupon', () => {
    expect(itemPriceNow(product, null, new Date('2026-12-01T00:00:00Z'))).toBe(4990);
    expect(itemPriceNow(product, null, promo.to)).toBe(5990);
    expect(itemPriceNow(product, null, new Date(promo.from.getTime() - 1))).toBe(5990);
    expect(itemPriceNow(product, 'ABCDE12345', new Date('2026-12-01T00:00:00Z'))).toBe(0);
  });

  it('has no price for a coupon-only product without a coupon', () => {
    expect(itemPriceNow({ priceCents: null, promos: [] }, null, new Date())).toBeNull();
    expect(itemPriceNow({ priceCents: null, promos: [] }, 'ABCDE12345', new Date())).toBe(0);
  });
});

describe('configurePrice: what the configure form shows, the price the item goes into the cart at', () => {
  const inPromo = new Date('2026-12-01T00:00:00Z');

  it('is nothing with a coupon, with the price of the moment it replaces (none for a coupon-only product)', () => {
    expect(configurePrice(product, true, inPromo)).toEqual({ kind: 'with-coupon', priceCents: itemPriceNow(product, 'ABCDE12345', inPromo), listPriceCents: 4990 });
    expect(configurePrice({ priceCents: 1500, promos: [] }, true, inPromo)).toEqual({ kind: 'with-coupon', priceCents: 0, listPriceCents: 1500 });
    expect(configurePrice({ priceCents: null, promos: [] }, true, inPromo)).toEqual({ kind: 'with-coupon', priceCents: 0, listPriceCents: null });
  });

  it('is the catalogue’s price of the moment without one', () => {
    expect(configurePrice(product, false, inPromo)).toMatchObject({ kind: 'promo', priceCents: 4990, listPriceCents: 5990 });
    expect(configurePrice({ priceCents: 1500, promos: [] }, false, inPromo)).toEqual({ kind: 'list', priceCents: 1500 });
    expect(configurePrice({ priceCents: null, promos: [] }, false, inPromo)).toEqual({ kind: 'coupon-only' });
  });
});

describe('itemSoldOut', () => {
  const onSale = { availability: 'available' as const, soldOut: false };
  it('is sold out with its product, or with its size (out of stock, or gone from the catalogue)', () => {
    expect(itemSoldOut(onSale, null)).toBe(false);
    expect(itemSoldOut(onSale, 1)).toBe(false);
    expect(itemSoldOut(onSale, 0)).toBe(true);
    expect(itemSoldOut(onSale, undefined)).toBe(true);
    expect(itemSoldOut({ ...onSale, soldOut: true }, null)).toBe(true);
    expect(itemSoldOut({ availability: 'not_available', soldOut: false }, 5)).toBe(true);
  });
});

describe('cartTotals', () => {
  it('adds the items, takes the voucher off the items only, and adds shipping', () => {
    expect(cartTotals([14900, 1500, 1000], { type: 'percentage', percent: 10 }, 1000)).toEqual({
      subtotalCents: 17400,
      voucherDiscountCents: 1740,
      shippingCents: 1000,
      totalCents: 16660,
    });
    expect(cartTotals([300], { type: 'amount', amountCents: 500 }, 500)).toEqual({ subtotalCents: 300, voucherDiscountCents: 300, shippingCents: 500, totalCents: 500 });
    expect(cartTotals([], null, 0)).toEqual({ subtotalCents: 0, voucherDiscountCents: 0, shippingCents: 0, totalCents: 0 });
  });
});

describe('onlyAddressesMissing', () => {
  it('is true when missing addresses are all that blocks checkout', () => {
    expect(onlyAddressesMissing(['addressesMissing'])).toBe(true);
  });

  it('is false for a cart nothing blocks, or one blocked by anything else too', () => {
    expect(onlyAddressesMissing([])).toBe(false);
    expect(onlyAddressesMissing(['addressesMissing', 'soldOut'])).toBe(false);
    expect(onlyAddressesMissing(['addressNotAllowed'])).toBe(false);
    expect(onlyAddressesMissing(['empty'])).toBe(false);
  });
});

describe('isAfterCheckoutRefusal', () => {
  it('reads the parameter /checkout adds when it sends a cart back', () => {
    expect(isAfterCheckoutRefusal(new URLSearchParams('checkout=refused'))).toBe(true);
    expect(isAfterCheckoutRefusal(new URLSearchParams(''))).toBe(false);
    expect(isAfterCheckoutRefusal(new URLSearchParams('checkout=other'))).toBe(false);
  });
});

describe('checkoutBlockers', () => {
  const ready: CheckoutLine = { needsShipping: true, hasShipping: true, shippingAllowed: true, soldOut: false, followUpRefused: false };
  const gift: CheckoutLine = { needsShipping: false, hasShipping: false, shippingAllowed: false, soldOut: false, followUpRefused: false };

  it('lets a ready cart through, and blocks an empty one', () => {
    expect(checkoutBlockers([ready, gift])).toEqual([]);
    expect(checkoutBlockers([])).toEqual(['empty']);
  });

  it('names each thing left to do once, in the order the fan should act on them', () => {
    expect(checkoutBlockers([{ ...ready, hasShipping: false, shippingAllowed: false }])).toEqual(['addressesMissing']);
    expect(checkoutBlockers([{ ...ready, shippingAllowed: false }])).toEqual(['addressNotAllowed']);
    expect(checkoutBlockers([{ ...ready, soldOut: true }])).toEqual(['soldOut']);
    expect(checkoutBlockers([{ ...gift, followUpRefused: true }])).toEqual(['followUpRefused']);
    expect(
      checkoutBlockers([
        { ...ready, hasShipping: false, shippingAllowed: false, followUpRefused: true },
        { ...ready, shippingAllowed: false, soldOut: true },
      ]),
    ).toEqual(['soldOut', 'followUpRefused', 'addressesMissing', 'addressNotAllowed']);
  });
});
