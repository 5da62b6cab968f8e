import { describe, expect, it } from 'vitest';
import { displayPrice, isPromoActive } from './promo';

const from = new Date('2026-11-20T23:00:00Z');
const to = new Date('2026-12-28T23:00:00Z');
const promo = { from, to, priceCents: 4990 };
const ms = (date: Date, delta: number) => new Date(date.getTime() + delta);

describe('isPromoActive', () => {
  it('starts exactly at from (inclusive)', () => {
    expect(isPromoActive(promo, ms(from, -1))).toBe(false);
    expect(isPromoActive(promo, from)).toBe(true);
  });

  it('ends exactly at to (exclusive)', () => {
    expect(isPromoActive(promo, ms(to, -1))).toBe(true);
    expect(isPromoActive(promo, to)).toBe(false);
  });
});

describe('displayPrice', () => {
  it('is the list price outside the window and the promo price inside it', () => {
    const product = { priceCents: 5990, promos: [promo] };
    expect(displayPrice(product, ms(from, -1))).toEqual({ kind: 'list', priceCents: 5990 });
    expect(displayPrice(product, from)).toEqual({ kind: 'promo', priceCents: 4990, listPriceCents: 5990, until: to });
    expect(displayPrice(product, to)).toEqual({ kind: 'list', priceCents: 5990 });
  });

  it('takes the cheapest of overlapping promos and ignores a "promo" that is not cheaper', () => {
    const product = {
      priceCents: 5990,
      promos: [promo, { from, to, priceCents: 3990 }, { from, to, priceCents: 6990 }],
    };
    expect(displayPrice(product, from)).toMatchObject({ kind: 'promo', priceCents: 3990 });
    expect(displayPrice({ priceCents: 5990, promos: [{ from, to, priceCents: 5990 }] }, from)).toEqual({
      kind: 'list',
      priceCents: 5990,
    });
  });

  it('is coupon-only for a product without a price, promo or not', () => {
    expect(displayPrice({ priceCents: null, promos: [promo] }, from)).toEqual({ kind: 'coupon-only' });
  });
});
